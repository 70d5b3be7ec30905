/**
 * Says once that a question of this chat was refused (the thinking indicator stops with it): 'Failed
 * to create new chat' when the refused question was to open a chat the server never made, else
 * 'Failed to send message' (spec section 8).
 */
import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalAiChat, LocalAiMessage, SendStatus } from '../../db/database';
import { SEND_TEXTS } from '../../sync/texts';

/** Keys of questions that were on their way at the previous look and are failed now. */
export function newlyFailed(before: ReadonlyMap<string, SendStatus>, messages: readonly LocalAiMessage[]): string[] {
  return messages
    .filter((m) => m.role === 'user' && m.status === 'failed')
    .filter((m) => {
      const was = before.get(m.key);
      return was === 'queued' || was === 'sending';
    })
    .map((m) => m.key);
}

/** A chat still only on this device was never made by the server: its refused question was the one creating it. */
export function failureText(chat: Pick<LocalAiChat, 'local'> | undefined): string {
  return chat?.local ? SEND_TEXTS.newChatFailed : SEND_TEXTS.failed;
}

export function useSendFailures(messages: readonly LocalAiMessage[] | undefined, chat: LocalAiChat | undefined): void {
  const seen = useRef(new Map<string, SendStatus>());
  const local = chat?.local === true;
  useEffect(() => {
    if (!messages) return;
    for (const key of newlyFailed(seen.current, messages)) toast.error(failureText({ local }), { id: `aura-failed-${key}` });
    seen.current = new Map(messages.map((m) => [m.key, m.status]));
  }, [messages, local]);
}
