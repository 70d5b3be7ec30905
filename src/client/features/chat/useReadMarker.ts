/**
 * An open conversation's read state: where the "New messages" divider goes (fixed when it opens,
 * so it stays put while the reader reads; the list opens there) and marking read while the reader is at the end of the
 * list with the tab in view. A message arriving in a hidden tab, or below a reader who scrolled
 * up, stays unread until they see it.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { LocalMessage } from '../../db/database';
import { markConversationRead, useReadSeq } from '../../sync/read-hooks';
import { firstUnreadKey } from '../../sync/unread';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState !== 'hidden';

/** The newest message the server has stored (own messages still on their way have no seq yet). */
export function newestSeq(messages: readonly LocalMessage[]): number {
  return messages.reduce((max, m) => (m.seq !== null && m.seq > max ? m.seq : max), 0);
}

export interface ReadMarker {
  /** The first message unread at opening; null when there was none (or not known yet). */
  dividerKey: string | null;
  /** For the list: whether the reader is at its end. */
  onAtEnd: (atEnd: boolean) => void;
}

/**
 * `ready`: the first messages to show have arrived (the list is no longer loading). `empty`: the
 * conversation is known to have no messages at all (the server said so).
 */
export function useReadMarker(conversation: string | null, messages: readonly LocalMessage[] | undefined, me: string, ready: boolean, empty = false): ReadMarker {
  const readSeq = useReadSeq(conversation);
  const [divider, setDivider] = useState<{ key: string | null } | null>(null);
  // Unknown until the list says (null): a conversation opened at its first unread is not at the end.
  const [atEnd, setAtEnd] = useState<boolean | null>(null);
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  // Fixed once, while rendering (React's pattern for state that follows data), before anything is marked read.
  // Not on an empty list while a device new to the conversation is still fetching it: a divider
  // fixed before its messages came would never show. A conversation known to be empty has none:
  // what arrives while it is open is read at the bottom, as it comes.
  if (divider === null && conversation && ready && messages && readSeq !== undefined) {
    if (messages.length > 0) setDivider({ key: firstUnreadKey(messages, me, readSeq) });
    else if (empty) setDivider({ key: null });
  }

  const newest = messages ? newestSeq(messages) : 0;
  useEffect(() => {
    if (!conversation || !visible || readSeq === undefined || divider === null || newest <= readSeq) return;
    if (!(atEnd ?? divider.key === null)) return;
    void markConversationRead(conversation, newest);
  }, [conversation, atEnd, visible, readSeq, divider, newest]);

  const onAtEnd = useCallback((end: boolean) => setAtEnd(end), []);
  return { dividerKey: divider?.key ?? null, onAtEnd };
}
