/** The person's Aura chats (title, link), newest first; shown in the desktop sidebar and the phone menu. */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { LocalAiChat } from '../../db/database';
import { IconClock } from '../../ui/icons';
import { IconPlus } from './icons';
import { chatTitle } from './title';

export function NewChatButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-primary ${className}`} onClick={onClick}>
      <IconPlus /> New Chat
    </button>
  );
}

export function ChatList({ chats, currentId, onPick }: { chats: readonly LocalAiChat[] | undefined; currentId: string | null; onPick?: () => void }) {
  if (!chats) {
    return (
      <div className="flex justify-center p-4" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        <span className="sr-only">Loading chats…</span>
      </div>
    );
  }
  if (chats.length === 0) return <p className="p-4 text-sm">No chat history yet</p>;
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
  return (
    <details className="dropdown md:hidden" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn btn-ghost btn-sm">Chats</summary>
      {open && (
        <div className="dropdown-content z-20 mt-1 max-h-[60dvh] w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-box bg-base-200 shadow-lg">
          <ChatList chats={chats} currentId={currentId} onPick={() => setOpen(false)} />
        </div>
      )}
    </details>
  );
}
