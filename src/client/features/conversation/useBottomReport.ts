import { useEffect, useMemo, useRef } from 'react';

/** Virtuoso's atBottomThreshold: this close to the end counts as the bottom. */
export const BOTTOM_PX = 48;
const atEnd = (el: HTMLElement | null) => !el || el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_PX;

/**
 * Where the reader is, as Virtuoso says it, checked against the scroller where that matters. A
 * list opened at an anchor is told "at the bottom" before Virtuoso has placed it; believed, that
 * word cut the window back to its newest page and took the anchored message away. So there
 * "bottom" counts once the scroller is there, and a word not yet believed is looked at again as
 * the reader scrolls. While
 * a jump to a row is under way, nothing on the way counts: a glimpse of the bottom mid-jump was
 * believed too, and cut the window back past the very row being jumped to.
 */
export function useBottomReport(report: (atBottom: boolean) => void, openedAtAnchor: boolean) {
  // A list opened at the bottom is believed as Virtuoso says: there, looking at the scroller
  // before Virtuoso has placed it would doubt a true word and stop the list following new rows.
  const check = useRef(openedAtAnchor);
  // The newest callback, for a scroll listener attached once.
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  }, [report]);
  const scroller = useRef<HTMLElement | null>(null);
  const said = useRef(false);
  const believed = useRef<boolean | null>(null);
  const holding = useRef(false);
  return useMemo(() => {
    const tell = (bottom: boolean) => {
      believed.current = bottom;
      latest.current(bottom);
    };
    const onScroll = () => {
      if (!holding.current && said.current && believed.current === false && atEnd(scroller.current)) tell(true);
    };
    return {
      tell,
      scrollerEl: () => scroller.current,
      onStateChange: (bottom: boolean) => {
        said.current = bottom;
        tell(bottom && !holding.current && (!check.current || atEnd(scroller.current)));
      },
      /** A jump to a row begins: the list has left the bottom, whatever passes on the way. */
      hold: () => {
        holding.current = true;
        tell(false);
      },
      /** The jump has landed (or the reader took over): where the list is counts again. */
      release: () => {
        holding.current = false;
        if (said.current && atEnd(scroller.current)) tell(true);
      },
      scrollerRef: (el: HTMLElement | Window | null) => {
        scroller.current?.removeEventListener('scroll', onScroll);
        scroller.current = el instanceof HTMLElement ? el : null;
        scroller.current?.addEventListener('scroll', onScroll, { passive: true });
      },
    };
  }, []);
}
