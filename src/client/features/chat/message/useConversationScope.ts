/**
 * The message scope of one open conversation (context.ts) and its reply in progress: which message
 * the next one answers, until it is sent or cancelled.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LocalMessage } from '../../../db/database';
import type { MessageScope } from './context';

interface Known {
  _id: string;
  fullName: string;
}

export function useConversationScope(
  me: string, conversation: MessageScope['conversation'] | null, messages: readonly LocalMessage[] | undefined, person: Known | null = null,
) {
  const router = useRouter();
  const [reply, setReply] = useState<LocalMessage | null>(null);
  // Read when a row draws, not a reason to redraw every row: a ref the latest messages refresh.
  const names = useRef(new Map<string, string>());
  useEffect(() => {
    const known = new Map<string, string>();
    if (person) known.set(person._id, person.fullName);
    for (const m of messages ?? []) if (m.sender?.fullName) known.set(m.senderId, m.sender.fullName);
    names.current = known;
  }, [messages, person]);

  const kind = conversation?.kind;
  const id = conversation?.id;
  const openMessage = useCallback((messageId: string) => {
    if (!kind || !id) return;
    // In place of the address now, keeping how it was reached: Back still leaves the conversation.
    const keep = { replace: true, state: (previous: object) => previous, search: { message: messageId } } as const;
    if (kind === 'direct') void router.navigate({ to: '/chat/dm/$userId', params: { userId: id }, ...keep });
    else void router.navigate({ to: '/chat/group/$groupId', params: { groupId: id }, ...keep });
  }, [router, kind, id]);

  const scope = useMemo<MessageScope | null>(() => (kind && id
    ? { me, conversation: { kind, id }, onReply: setReply, openMessage, nameOf: (userId) => names.current.get(userId) ?? null }
    : null), [me, kind, id, openMessage]);

  const cancelReply = useCallback(() => setReply(null), []);
  return { scope, reply, cancelReply };
}
