/**
 * Tells the other person or the group that this person is typing (docs/decisions/receipts-and-typing.md):
 * at most once every TYPING_REPEAT_MS while they type (the receiver shows it for TYPING_SHOW_MS,
 * so the repeats keep it up), and "stopped" when they send or empty the box, leave the
 * conversation or hide the page. Only over a live socket: nothing is queued for later.
 */
import { useCallback, useEffect, useRef } from 'react';
import { TYPING_REPEAT_MS } from '../../../shared/message-rules';
import { conversationKey, parsePeopleKey, type ConversationRef } from '../../../shared/conversation';
import { useEngine } from '../../sync/current';

/** Called by the composer: true as the person types, false once they send or clear the box. */
export type TypingSignal = (active: boolean) => void;

export function useTypingSignal(conversation: ConversationRef | null): TypingSignal {
  const engine = useEngine();
  // The caller may pass a new object every render: the key is what identifies the conversation.
  const key = conversation && conversation.kind !== 'aura' ? conversationKey(conversation) : null;
  const sent = useRef({ at: 0, active: false });

  const signal = useCallback((active: boolean) => {
    const target = key ? parsePeopleKey(key) : null;
    if (!engine || !target) return;
    const state = sent.current;
    if (active) {
      if (state.active && Date.now() - state.at < TYPING_REPEAT_MS) return;
      engine.sendTyping({ ...target, active: true });
      sent.current = { at: Date.now(), active: true };
    } else if (state.active) {
      engine.sendTyping({ ...target, active: false });
      sent.current = { at: 0, active: false };
    }
  }, [engine, key]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') signal(false);
    };
    const stop = () => signal(false);
    document.addEventListener('visibilitychange', onHide);
    globalThis.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      globalThis.removeEventListener('pagehide', stop);
      stop();
    };
  }, [signal]);

  return signal;
}
