/**
 * How a chat list scrolls (docs/behaviour.md, History): it opens at the newest message and stays there while
 * the reader is there; a reader who scrolled up keeps their place, older pages included, and is
 * told of new messages by a pill instead of being pulled down; one's own new message scrolls down.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { arrivalOf, FIRST_ITEM_INDEX, nextFirstItemIndex, type Arrival } from './listChanges';

export interface StickyScroll {
  handle: RefObject<VirtuosoHandle | null>;
  firstItemIndex: number;
  /** For Virtuoso's followOutput: follow new rows when the reader is at the bottom or just wrote one. */
  followOutput: (atBottom: boolean) => 'auto' | false;
  /** Something new arrived below a reader who is scrolled up. */
  unseen: boolean;
  /** For Virtuoso's atBottomStateChange. */
  onAtBottom: (atBottom: boolean) => void;
  jumpToBottom: () => void;
  /** A row that grew after it was drawn (an image loaded) keeps the bottom in view if the reader was there. */
  keepBottom: () => void;
}

/**
 * `keyOf` and `isOwnNew` must be stable (module functions or memoised). `opensAtBottom`: false
 * when the list opens further up (at the first unread message), so nothing pulls it down before
 * the list has said where its reader is.
 */
export function useStickyScroll<T>(items: readonly T[], keyOf: (item: T) => string, isOwnNew: (item: T) => boolean, opensAtBottom = true): StickyScroll {
  const handle = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(opensAtBottom);
  const [unseen, setUnseen] = useState(false);
  const [seen, setSeen] = useState<{ items: readonly T[]; first: number; arrival: Arrival }>({ items, first: FIRST_ITEM_INDEX, arrival: 'none' });
  let current = seen;
  if (seen.items !== items) {
    // Derived while rendering (React's pattern for state that follows props), so Virtuoso gets the
    // new index and the follow decision in the same render as the new rows: it reads followOutput
    // when the row count changes, and never draws the rows at a stale index.
    current = {
      items,
      first: nextFirstItemIndex(seen.items, seen.first, items, keyOf),
      arrival: arrivalOf(seen.items, items, keyOf, isOwnNew),
    };
    setSeen(current);
    if (current.arrival === 'own') setUnseen(false);
    else if (current.arrival === 'other' && !atBottom) setUnseen(true);
  }
  const { arrival } = current;

  const followOutput = useCallback((bottom: boolean) => (arrival === 'own' || bottom ? 'auto' as const : false), [arrival]);
  const jumpToBottom = useCallback(() => {
    handle.current?.scrollToIndex({ index: 'LAST', align: 'end' });
    setUnseen(false);
  }, []);
  const keepBottom = useCallback(() => handle.current?.autoscrollToBottom(), []);
  const onAtBottom = useCallback((bottom: boolean) => {
    setAtBottom(bottom);
    if (bottom) setUnseen(false);
  }, []);

  // Virtuoso follows rows added; this also follows a last row that grew while the reader was at
  // the bottom, such as a failed message gaining its Retry and Delete buttons.
  useLayoutEffect(() => {
    if (atBottom && current.arrival !== 'own') keepBottom();
  }, [current, atBottom, keepBottom]);

  return { handle, firstItemIndex: current.first, followOutput, unseen, onAtBottom, jumpToBottom, keepBottom };
}
