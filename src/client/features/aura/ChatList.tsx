/** The person's Aura chats (title, link), newest first; shown in the desktop sidebar and the phone menu. */
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { LocalAiChat } from '../../db/database';
import { IconClock } from '../../ui/icons';
import { IconPlus } from './icons';
import { ChatListState } from './ChatListState';
import { chatTitle } from './title';
import { useChatListView } from './useAuraLoading';

export function NewChatButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-primary ${className}`} onClick={onClick}>
      <IconPlus /> New Chat
    </button>
  );
}

export function ChatList({ chats, currentId, onPick }: { chats: readonly LocalAiChat[] | undefined; currentId: string | null; onPick?: () => void }) {
  const { view, retry } = useChatListView(chats);
  if (!chats || view !== 'list') return <ChatListState view={view} onRetry={retry} />;
  return (
    <ul className="menu w-full gap-0.5 p-2">
      {chats.map((chat) => (
        <li key={chat._id}>
          <Link to="/aura-ai/chats/$id" params={{ id: chat._id }} onClick={onPick}
            className={`block truncate ${chat._id === currentId ? 'menu-active' : ''}`}
            aria-current={chat._id === currentId ? 'page' : undefined}>
            {chat.local && <IconClock className="mr-1 inline size-3.5" />}
            {chat.local && <span className="sr-only">Not sent yet: </span>}
            {chatTitle(chat)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Phones have no sidebar: the same list in a menu, drawn only while open so it is never in the page twice. */
export function PhoneChatMenu({ chats, currentId }: { chats: readonly LocalAiChat[] | undefined; currentId: string | null }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // Like any menu: Escape closes it and gives focus back to its button; a tap anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menu.current?.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <details ref={menu} className="dropdown md:hidden" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn btn-ghost btn-sm">Chats</summary>
      {open && (
        <div data-testid="aura-chats-menu"
          className="dropdown-content z-20 mt-1 max-h-[60dvh] w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-box bg-base-200 shadow-lg">
          <ChatList chats={chats} currentId={currentId} onPick={() => setOpen(false)} />
        </div>
      )}
    </details>
  );
}
