/**
 * A small menu button (WAI-ARIA's menu button pattern) in daisyUI's `menu` look: the button opens a
 * list of actions, focus goes to the first; arrows, Home and End move, Enter picks, Escape and Tab
 * close and give focus back to the button; a tap elsewhere, a scroll or a resize closes it. The
 * list is drawn fixed over the page (in a portal), so a scrolling message list never clips it.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { moveMenuFocus, useMenuDismissal } from '../../ui/menu';

export interface MenuAction {
  /** What the item says. */
  label: string;
  /** Its accessible name, when the words alone would be unclear ("Mute for 8 hours" under "Mute"). */
  name?: string;
  onSelect: () => void;
  danger?: boolean;
}

export interface MenuGroup {
  title?: string;
  actions: MenuAction[];
}

interface Props {
  /** The button's accessible name (and the menu's). */
  label: string;
  groups: MenuGroup[];
  children: ReactNode;
  buttonClassName?: string;
}

const itemsOf = (menu: HTMLUListElement | null) => [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

const GAP = 4;
const EDGE = 8;

/** Where the list goes: below the button (or above when there is no room), its right edge at the button's, kept on screen. */
function place(button: DOMRect, menu: { width: number; height: number }): CSSProperties {
  const width = globalThis.innerWidth;
  const height = globalThis.innerHeight;
  const left = Math.max(EDGE, Math.min(button.right - menu.width, width - menu.width - EDGE));
  const below = button.bottom + GAP;
  const top = below + menu.height <= height - EDGE || button.top - GAP - menu.height < EDGE ? below : button.top - GAP - menu.height;
  return { position: 'fixed', left, top: Math.max(EDGE, top) };
}

export function ActionsMenu({ label, groups, children, buttonClassName = 'btn btn-ghost btn-sm btn-square' }: Props) {
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', left: 0, top: 0, visibility: 'hidden' });
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useLayoutEffect(() => {
    if (!open || !button.current || !list.current) return;
    setStyle(place(button.current.getBoundingClientRect(), list.current.getBoundingClientRect()));
  }, [open]);

  // Focus once the menu is placed: a hidden element takes no focus (the first opening).
  const placed = open && style.visibility !== 'hidden';
  useEffect(() => {
    if (placed) itemsOf(list.current)[0]?.focus({ preventScroll: true });
  }, [placed]);
  const shut = useCallback(() => setOpen(false), []);
  const isButton = useCallback((target: EventTarget | null) => target instanceof Node && !!button.current?.contains(target), []);
  useMenuDismissal(list, open, shut, isButton);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent) {
    const moved = moveMenuFocus(itemsOf(list.current), e.key);
    if (!moved && (e.key === 'Escape' || e.key === 'Tab')) close();
    else if (!moved) return;
    e.preventDefault();
  }

  function pick(action: MenuAction) {
    close();
    action.onSelect();
  }

  const menu = (
    <ul ref={list} id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKey} style={style}
      className="menu z-50 w-60 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-1 shadow-lg">
      {groups.filter((g) => g.actions.length > 0).flatMap((g, i) => [
        ...(i > 0 ? [<li key={`separator-${i}`} role="separator" className="my-1 h-px bg-base-300" />] : []),
        // The title is for the eye: each item's own name already says it ("Mute for 8 hours").
        ...(g.title ? [<li key={`title-${i}`} role="none" aria-hidden="true" className="menu-title text-base-content">{g.title}</li>] : []),
        ...g.actions.map((a) => (
          <li key={a.name ?? a.label} role="none">
            <button type="button" role="menuitem" tabIndex={-1} aria-label={a.name} onClick={() => pick(a)}
              className={a.danger ? 'msg-error' : undefined}>{a.label}</button>
          </li>
        )),
      ])}
    </ul>
  );

  return (
    <>
      <button ref={button} type="button" className={buttonClassName} aria-label={label} title={label}
        aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          } else if (e.key === 'Escape' && open) close();
        }}>
        {children}
      </button>
      {open && createPortal(menu, document.body)}
    </>
  );
}
