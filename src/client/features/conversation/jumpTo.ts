/**
 * A jump to one row of a windowed list. Virtuoso places the jump by estimated row heights; rows
 * measured on the way (a long message, a photo) can leave the row just off screen. So the jump is
 * asked again, briefly, until the row shows, and never once the reader has taken over.
 */
import type { VirtuosoHandle } from 'react-virtuoso';

const TRIES = 4;
const GAP_MS = 150;
const READER_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** Whether the row shows: wholly inside the scroller, or filling it when taller. */
function shows(row: Element, scroller: HTMLElement): boolean {
  const r = row.getBoundingClientRect();
  const box = scroller.getBoundingClientRect();
  return (r.top >= box.top - 1 && r.bottom <= box.bottom + 1) || (r.top <= box.top && r.bottom >= box.bottom);
}

/** `landed` is called once: when the row shows, the tries run out, or the reader takes over. */
export function jumpTo(handle: VirtuosoHandle | null, scrollerOf: () => HTMLElement | null, to: { index: number; align: 'start' | 'center' | 'end' }, landed: () => void = () => {}): void {
  if (!handle) return landed();
  handle.scrollToIndex(to);
  const scroller = scrollerOf();
  if (!scroller) return landed();
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const type of READER_MOVES) scroller.removeEventListener(type, stop);
    landed();
  };
  const check = () => {
    // Virtuoso marks each drawn row with its index in the data.
    const row = scroller.querySelector(`[data-index="${to.index}"]`);
    if ((row && shows(row, scroller)) || (tries += 1) > TRIES || !scroller.isConnected) return stop();
    handle.scrollToIndex(to);
    timer = setTimeout(check, GAP_MS);
  };
  for (const type of READER_MOVES) scroller.addEventListener(type, stop, { passive: true });
  timer = setTimeout(check, GAP_MS);
}
