import { useEffect, useMemo, useRef } from 'react';

/** Virtuoso's atBottomThreshold: this close to the end counts as the bottom. */
export const BOTTOM_PX = 48;
const atEnd = (el: HTMLElement | null) => !el || el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_PX;

/**
 * Where the reader is, as Virtuoso says it, checked against the scroller. A list opened at an
 * anchor is told "at the bottom" before Virtuoso has placed it; believed, that word cut the window
 * back to its newest page and took the anchored message away. So "bottom" counts once the
 * scroller is there, and a word not yet believed is looked at again as the reader scrolls.
 */
export function useBottomReport(report: (atBottom: boolean) => void) {
  // The newest callback, for a scroll listener attached once.
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  }, [report]);
  const scroller = useRef<HTMLElement | null>(null);
  const said = useRef(false);
  const believed = useRef<boolean | null>(null);
  return useMemo(() => {
    const tell = (bottom: boolean) => {
      believed.current = bottom;
      latest.current(bottom);
    };
    const onScroll = () => {
      if (said.current && believed.current === false && atEnd(scroller.current)) tell(true);
    };
    return {
      tell,
      scrollerEl: () => scroller.current,
      onStateChange: (bottom: boolean) => {
        said.current = bottom;
        tell(bottom && atEnd(scroller.current));
      },
      scrollerRef: (el: HTMLElement | Window | null) => {
        scroller.current?.removeEventListener('scroll', onScroll);
        scroller.current = el instanceof HTMLElement ? el : null;
        scroller.current?.addEventListener('scroll', onScroll, { passive: true });
      },
    };
  }, []);
}
