/**
 * Where focus goes after a screen change inside the app: to the new screen's main heading, so a
 * screen reader announces where the person is and the next Tab starts from the top of that screen,
 * instead of focus falling to the page body (the link pressed is gone). Not on the first load (the
 * browser starts at the top itself), and not when the new screen has put focus on a field of its
 * own (a composer's autoFocus): that is where the person is meant to go on.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long a screen may take to show its heading (its data read from the device) before focus is left alone. */
const HEADING_WAIT_MS = 2_000;

/** The screen chose a place for focus itself: something inside its <main> other than <main> itself. */
function screenHasFocus(): boolean {
  const active = document.activeElement;
  const main = active?.closest('main');
  return !!main && active !== main;
}

/** Focuses the screen's h1 (focusable by script only); false when it is not there yet. */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * Tries each frame until the heading is there, the screen has focused something itself, or the
 * person has moved on (a tap or a key); answers a function that stops it.
 */
function focusHeadingSoon(): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    removeEventListener('pointerdown', stop, true);
    removeEventListener('keydown', stop, true);
  };
  const attempt = () => {
    if (screenHasFocus() || document.querySelector('dialog[open]') || focusMainHeading() || performance.now() - started > HEADING_WAIT_MS) {
      stop();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  addEventListener('pointerdown', stop, true);
  addEventListener('keydown', stop, true);
  // After this frame: the new screen's own effects (autoFocus, a dialog giving focus back) have run.
  frame = requestAnimationFrame(attempt);
  return stop;
}

/** For the root layout: every later change of path moves focus to the new screen's heading. */
export function useRouteFocus(): void {
  const router = useRouter();
  useEffect(() => {
    let stop = () => {};
    const unsubscribe = router.subscribe('onRendered', (event) => {
      // No previous location: the first load. Only the query changed (a filter): the same screen.
      if (!event.fromLocation || !event.pathChanged) return;
      stop();
      stop = focusHeadingSoon();
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [router]);
}
