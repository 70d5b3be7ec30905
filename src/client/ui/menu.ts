/**
 * What every menu of Haven shares (WAI-ARIA's menu pattern): arrows, Home and End move focus among
 * its items, and a press outside it, a scroll or a resize closes it, so a menu drawn fixed over the
 * page never floats away from what opened it.
 */
import { useEffect, type RefObject } from 'react';

/**
 * Moves focus among `items` for an arrow, Home or End key (left and right too where the menu has
 * items side by side); answers whether the key was one of those.
 */
export function moveMenuFocus(items: readonly HTMLElement[], key: string, sideways = false): boolean {
  const at = items.indexOf(document.activeElement as HTMLElement);
  const go = (i: number) => items[(i + items.length) % items.length]?.focus();
  if (key === 'ArrowDown' || (sideways && key === 'ArrowRight')) go(at + 1);
  else if (key === 'ArrowUp' || (sideways && key === 'ArrowLeft')) go(at - 1);
  else if (key === 'Home') go(0);
  else if (key === 'End') go(items.length - 1);
  else return false;
  return true;
}

/**
 * While `open`, closes the menu on a press outside it (except on `opener`, which toggles it
 * itself), and on a scroll or a resize outside it.
 */
export function useMenuDismissal(menu: RefObject<HTMLElement | null>, open: boolean, close: () => void, isOpener: (target: EventTarget | null) => boolean): void {
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => target instanceof Node && !!menu.current?.contains(target);
    const outside = (e: Event) => {
      if (!inside(e.target) && !isOpener(e.target)) close();
    };
    const dismiss = (e: Event) => {
      if (!inside(e.target)) close();
    };
    document.addEventListener('pointerdown', outside);
    globalThis.addEventListener('resize', dismiss);
    document.addEventListener('scroll', dismiss, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      globalThis.removeEventListener('resize', dismiss);
      document.removeEventListener('scroll', dismiss, true);
    };
  }, [menu, open, close, isOpener]);
}

/**
 * While `open`, Escape closes the popover inside `box` and gives focus back to its toggle (the
 * first element matching `toggle`), and a press anywhere outside `box` closes it.
 */
export function useCloseOnEscapeOrOutside(box: RefObject<HTMLElement | null>, open: boolean, close: () => void, toggle: string): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      box.current?.querySelector<HTMLElement>(toggle)?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [box, open, close, toggle]);
}
