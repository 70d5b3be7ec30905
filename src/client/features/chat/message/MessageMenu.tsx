/**
 * A message's menu (docs/decisions/message-menu.md): the six reactions in a row, then Reply, Copy
 * and Edit, then Delete for everyone, or Report and Block. WAI-ARIA's menu: focus moves to the
 * first item; arrows, Home and End move; Escape and Tab close; a tap elsewhere, a scroll or a
 * resize closes it. Drawn fixed over the page (a portal), kept on screen, so a phone shows it whole.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { REACTIONS } from '../../../../shared/message-rules';
import type { LocalMessage } from '../../../db/database';
import type { MenuAction } from '../../safety/ActionsMenu';
import { useSafetyActions } from '../../safety/ConversationSafety';
import { canRespond, everydayActions, safetyActions } from '../MessageActions';
import { useMessageScope } from './context';
import { reactionsOf, toggleReaction } from './reactions';
import type { Anchor } from './useMessageMenu';
import { moveMenuFocus, useMenuDismissal } from '../../../ui/menu';

export const MENU_LABEL = 'Message actions';
const EDGE = 8;
const GAP = 4;
const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"]';
/** The "Message actions" button that opened the menu closes it itself. */
const isOpenMenuButton = (target: EventTarget | null) => target instanceof Element && !!target.closest('[aria-haspopup="menu"][aria-expanded="true"]');

/** Below the anchor (above when there is no room), its left edge at the anchor's, kept inside the screen. */
function place(at: Anchor, menu: { width: number; height: number }): CSSProperties {
  const left = Math.max(EDGE, Math.min(at.right - menu.width, globalThis.innerWidth - menu.width - EDGE, at.left));
  const below = at.bottom + GAP;
  const fits = below + menu.height <= globalThis.innerHeight - EDGE;
  const top = fits || at.top - GAP - menu.height < EDGE ? below : at.top - GAP - menu.height;
  return { position: 'fixed', left, top: Math.max(EDGE, Math.min(top, globalThis.innerHeight - menu.height - EDGE)) };
}

interface Props {
  message: LocalMessage;
  mine: boolean;
  anchor: Anchor;
  onClose: () => void;
  onEdit: () => void;
}

/** The actions a message offers here; none for a tombstone. */
export function useMenuActions(message: LocalMessage, mine: boolean, onEdit: () => void): MenuAction[][] {
  const scope = useMessageScope();
  const safety = useSafetyActions();
  const reply = scope ? () => scope.onReply(message) : null;
  return [everydayActions(message, mine, { reply, edit: onEdit }), safety ? safetyActions(message, mine, safety) : []]
    .filter((group) => group.length > 0);
}

export function MessageMenu({ message, mine, anchor, onClose, onEdit }: Props) {
  const scope = useMessageScope();
  const groups = useMenuActions(message, mine, onEdit);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', left: 0, top: 0, visibility: 'hidden' });
  const reacted = scope && canRespond(message) ? reactionsOf(message, scope.me) : null;

  useLayoutEffect(() => {
    if (menu.current) setStyle(place(anchor, menu.current.getBoundingClientRect()));
  }, [anchor]);

  // Focus once the menu is placed: a hidden element takes no focus, and the first effect can run
  // before the placed menu is drawn.
  const placed = style.visibility !== 'hidden';
  useEffect(() => {
    if (placed) menu.current?.querySelector<HTMLElement>(ITEMS)?.focus({ preventScroll: true });
  }, [placed]);
  useMenuDismissal(menu, true, onClose, isOpenMenuButton);

  function onKey(e: KeyboardEvent) {
    const moved = moveMenuFocus([...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])], e.key, true);
    if (!moved && (e.key === 'Escape' || e.key === 'Tab')) onClose();
    else if (!moved) return;
    e.preventDefault();
    e.stopPropagation();
  }

  const pick = (action: () => void) => () => {
    onClose();
    action();
  };

  return createPortal(
    <div ref={menu} id={id} role="menu" aria-label={MENU_LABEL} onKeyDown={onKey} style={style} data-testid="message-menu"
      className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-1 text-base-content shadow-lg">
      {reacted && (
        <div role="group" aria-label="React" className="flex justify-between gap-0.5 p-1">
          {REACTIONS.map((emoji) => (
            <button key={emoji} type="button" role="menuitemcheckbox" tabIndex={-1} aria-checked={reacted.has(emoji)} aria-label={`React with ${emoji}`}
              className="btn btn-ghost btn-square btn-sm text-xl aria-checked:bg-primary/20" onClick={pick(() => toggleReaction(message, emoji, !reacted.has(emoji)))}>
              {emoji}
            </button>
          ))}
        </div>
      )}
      <ul role="none" className="menu w-full p-0">
        {groups.flatMap((group, i) => [
          ...(i > 0 || reacted ? [<li key={`separator-${i}`} role="separator" className="my-1 h-px bg-base-300" />] : []),
          ...group.map((a) => (
            <li key={a.label} role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={pick(a.onSelect)} className={a.danger ? 'msg-error' : undefined}>{a.label}</button>
            </li>
          )),
        ])}
      </ul>
    </div>,
    document.body,
  );
}
