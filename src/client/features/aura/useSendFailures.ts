/** Says 'Failed to send message' once when a question of this chat is refused (the thinking indicator stops with it). */
import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalAiMessage, SendStatus } from '../../db/database';
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

export function useSendFailures(messages: readonly LocalAiMessage[] | undefined): void {
  const seen = useRef(new Map<string, SendStatus>());
  useEffect(() => {
    if (!messages) return;
    for (const key of newlyFailed(seen.current, messages)) toast.error(SEND_TEXTS.failed, { id: `aura-failed-${key}` });
    seen.current = new Map(messages.map((m) => [m.key, m.status]));
  }, [messages]);
}
