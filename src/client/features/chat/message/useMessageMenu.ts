/**
 * How a message's menu is opened (docs/decisions/message-menu.md): a long press on touch (held
 * still for LONG_PRESS_MS; moving further than a finger's wobble is a scroll, not a press), a
 * right-click (or the browser's own long-press menu), the context-menu key or Shift+F10 inside the
 * message, or its "Message actions" button. Closing gives focus back to where it was.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/** Where the menu is drawn from, in viewport pixels: a point (a press) or a box (a button, a message). */
export interface Anchor {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const LONG_PRESS_MS = 500;
const WOBBLE_PX = 10;

const point = (x: number, y: number): Anchor => ({ left: x, top: y, right: x, bottom: y });
const box = (el: Element): Anchor => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
};

export function useMessageMenu(enabled: boolean) {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  // A long press just opened the menu: the click a lifted finger may still fire is not a tap.
  const pressed = useRef(false);

  const cancelPress = useCallback(() => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  }, []);
  useEffect(() => cancelPress, [cancelPress]);

  const openAt = useCallback((at: Anchor, from: HTMLElement | null) => {
    returnTo.current = from;
    setAnchor(at);
  }, []);
  const close = useCallback(() => {
    setAnchor(null);
    returnTo.current?.focus({ preventScroll: true });
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    pressed.current = false;
    if (e.pointerType !== 'touch') return;
    cancelPress();
    const target = e.currentTarget;
    const { clientX: x, clientY: y } = e;
    press.current = {
      x, y, timer: setTimeout(() => {
        press.current = null;
        pressed.current = true;
        openAt(point(x, y), target);
      }, LONG_PRESS_MS),
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const p = press.current;
    if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > WOBBLE_PX) cancelPress();
  };
  const onContextMenu = (e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    cancelPress();
    // The context-menu key fires one too, at no point: the menu then comes from the message itself.
    const fromKey = e.clientX === 0 && e.clientY === 0;
    openAt(fromKey ? box(e.currentTarget) : point(e.clientX, e.clientY), e.currentTarget);
  };
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (!pressed.current) return;
    pressed.current = false;
    e.preventDefault();
    e.stopPropagation();
  };

  /** On the message's bubble: the press and the right-click. */
  const bubble = enabled
    ? { onPointerDown, onPointerMove, onPointerUp: cancelPress, onPointerCancel: cancelPress, onPointerLeave: cancelPress, onContextMenu, onClickCapture }
    : {};

  /** On the whole row: Shift+F10 or the context-menu key wherever focus is inside the message. */
  const onRowKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!enabled || !((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu')) return;
    e.preventDefault();
    const bubbleEl = e.currentTarget.querySelector<HTMLElement>('.chat-bubble') ?? e.currentTarget;
    openAt(box(bubbleEl), document.activeElement instanceof HTMLElement ? document.activeElement : bubbleEl);
  };

  /** The "Message actions" button: opens below itself, or closes what is open. */
  const toggleFrom = (button: HTMLElement) => (anchor ? close() : openAt(box(button), button));

  return { anchor, close, bubble, onRowKeyDown, toggleFrom };
}
