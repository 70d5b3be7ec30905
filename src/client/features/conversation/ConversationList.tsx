/**
 * The one message list every conversation uses (direct, group, Aura): windowed with Virtuoso, so
 * only the rows on screen are in the DOM; opened at the newest row, or at an anchor row (the first
 * unread, a message opened from elsewhere); following new rows while the
 * reader is at the bottom, keeping their place (with a "New messages" pill) when they scrolled up;
 * asking for older rows at the top. What a row looks like is the conversation's own `renderRow`.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Virtuoso, type Components } from 'react-virtuoso';
import { jumpTo } from './jumpTo';
import { NewMessagesPill } from './NewMessagesPill';
import { BOTTOM_PX, useBottomReport } from './useBottomReport';
import { useStickyScroll } from './useStickyScroll';

/** What every row renderer is given besides its own context. */
export interface RowContext {
  /** A row that grew after it was drawn (an image loaded) keeps the bottom in view. */
  onImageLoad: () => void;
}

export interface ConversationListProps<T, C extends object> {
  rows: readonly T[];
  /** Both must be stable (module functions or memoised). */
  keyOf: (row: T) => string;
  /** A row this person just wrote: the list scrolls down to it wherever the reader was. */
  isOwnNew: (row: T) => boolean;
  renderRow: (row: T, context: C & RowContext) => ReactNode;
  context: C;
  components: Components<T, C & RowContext>;
  /** The scroller's role and name (it is the element that scrolls, and is focusable for keyboards). */
  scroller: { role: 'log' | 'region'; 'aria-label': string; 'aria-live'?: 'polite' };
  onStartReached: () => void;
  onAtBottom?: (atBottom: boolean) => void;
  /** A row to bring into view: where the list opens when it holds it, and again at each new `request`. */
  anchor?: ListAnchor | null;
}

export interface ListAnchor {
  key: string;
  align: 'start' | 'center';
  request: number;
}

type Location = { index: number | 'LAST'; align: 'start' | 'center' | 'end' };

/** Where the list opens and scrolls to its anchor; the anchor's row is asked for once per request. */
function useAnchor<T>(rows: readonly T[], keyOf: (row: T) => string, anchor: ListAnchor | null | undefined, scrollTo: (to: Location, last: boolean) => void) {
  const index = anchor ? rows.findIndex((row) => keyOf(row) === anchor.key) : -1;
  const [initial] = useState<Location>(() => (anchor && index >= 0 ? { index, align: anchor.align } : { index: 'LAST', align: 'end' }));
  const done = useRef(anchor && index >= 0 ? anchor.request : null);
  useEffect(() => {
    if (!anchor || index < 0 || done.current === anchor.request) return;
    done.current = anchor.request;
    scrollTo({ index, align: anchor.align }, index === rows.length - 1);
  }, [anchor, index, scrollTo, rows.length]);
  return initial;
}

export function ConversationList<T, C extends object>(props: ConversationListProps<T, C>) {
  const { rows, keyOf, isOwnNew, renderRow, context, components, scroller, onStartReached, onAtBottom, anchor } = props;
  const opensAtAnchor = Boolean(anchor && rows.some((row) => keyOf(row) === anchor.key));
  const [opensAtBottom] = useState(!opensAtAnchor);
  const { handle, firstItemIndex, followOutput, unseen, onAtBottom: stickyAtBottom, jumpToBottom, keepBottom } = useStickyScroll(rows, keyOf, isOwnNew, opensAtBottom);
  const bottom = useBottomReport(useCallback((atBottom: boolean) => {
    stickyAtBottom(atBottom);
    onAtBottom?.(atBottom);
  }, [stickyAtBottom, onAtBottom]), !opensAtBottom);
  const { hold, release, scrollerEl } = bottom;
  const initial = useAnchor(rows, keyOf, anchor, useMemo(() => (to: Location, last: boolean) => {
    // The list leaves the bottom at once (hold): a row that changes before Virtuoso has said so (a
    // receipt, a page stored) would otherwise pull it back down, away from the anchor.
    if (to.index === 'LAST' || last) {
      handle.current?.scrollToIndex(to);
      return;
    }
    hold();
    jumpTo(handle.current, scrollerEl, { index: to.index, align: to.align }, release);
  }, [handle, hold, release, scrollerEl]));
  const full = useMemo<C & RowContext>(() => ({ ...context, onImageLoad: keepBottom }), [context, keepBottom]);
  return (
    <div className="relative min-h-0 flex-1">
      <Virtuoso
        ref={handle}
        {...scroller}
        tabIndex={0}
        className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
        data={rows}
        context={full}
        components={components}
        computeItemKey={(_i, row) => keyOf(row)}
        itemContent={(_i, row, c) => renderRow(row, c)}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={initial}
        followOutput={followOutput}
        scrollerRef={bottom.scrollerRef}
        atBottomStateChange={bottom.onStateChange}
        atBottomThreshold={BOTTOM_PX}
        startReached={onStartReached}
        increaseViewportBy={{ top: 600, bottom: 300 }}
      />
      {unseen && <NewMessagesPill onClick={jumpToBottom} />}
    </div>
  );
}
