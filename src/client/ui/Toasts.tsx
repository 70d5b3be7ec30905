import { useEffect, useState } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/** The spec's toast defaults (section 9): at most 20 at once. */
export const TOAST_LIMIT = 20;

/** Marks the bar at the top that holds "Get help now": toasts show below it, never over it. */
export const TOAST_CLEARANCE_ATTRIBUTE = 'data-toast-clearance';

/** The gap between that bar and the first toast, in px. */
const GAP = 8;

/** Which toasts to dismiss so that at most `limit` visible ones remain (oldest go first). */
export function toastsOverLimit(toasts: readonly { id: string; visible: boolean }[], limit = TOAST_LIMIT): string[] {
  // react-hot-toast keeps the newest first.
  return toasts.filter((t) => t.visible).slice(limit).map((t) => t.id);
}

/** Where the toasts start: below the lowest marked bar on screen, or near the top when there is none. */
export function toastTop(): number {
  let bottom = 0;
  for (const bar of document.querySelectorAll(`[${TOAST_CLEARANCE_ATTRIBUTE}]`)) {
    const box = bar.getBoundingClientRect();
    if (box.height > 0 && box.bottom > bottom) bottom = box.bottom;
  }
  return Math.round(Math.max(0, bottom)) + GAP;
}

/**
 * Follows the header's bottom edge while a toast shows. The header can appear (a sign-in lands on
 * the dashboard), grow (large text wraps it) or scroll with the offline notice above it in the very
 * toasts' few seconds, so it is read every frame then, and not at all when no toast shows.
 */
function useToastTop(showing: boolean): number {
  const [top, setTop] = useState(GAP);
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const follow = () => {
      setTop(toastTop());
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [showing]);
  return top;
}

/**
 * The toasts, at the top below the header: a phone's "Get help now" stays visible and tappable
 * while one shows, and the composer and its Send button at the bottom stay clear too.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsOverLimit(toasts)) toast.dismiss(id);
  }, [toasts]);
  const top = useToastTop(toasts.some((t) => t.visible));
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
        custom: { duration: 4000 },
        blank: { duration: 4000 },
      }}
    />
  );
}
