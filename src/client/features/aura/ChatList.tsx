/** The person's Aura chats (title, when, link), newest first; shown in the desktop sidebar and the phone menu. */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useCloseOnEscapeOrOutside } from '../../ui/menu';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalAiChat } from '../../db/database';
import { useDb } from '../../sync/current';
import { IconClock } from '../../ui/icons';
import { IconPlus } from './icons';
import { ChatListState } from './ChatListState';
import { chatLabels, collidingIds, snippetOf } from './list-labels';
import { chatTitle } from './title';
import { useChatListView } from './useAuraLoading';

/** The newest question of each chat whose title is shared, from what this device holds. */
function useSnippets(chats: readonly LocalAiChat[] | undefined): Map<string, string> {
  const db = useDb();
  const ids = useMemo(() => [...collidingIds(chats ?? [])].sort().join(','), [chats]);
  return useLiveQuery(async () => {
    const out = new Map<string, string>();
    for (const id of ids ? ids.split(',') : []) {
      const rows = await db.aiMessages.where('chatId').equals(id).filter((m) => m.role === 'user').sortBy('sortKey');
      const text = rows.at(-1)?.text;
      if (text) out.set(id, text);
    }
    return out;
  }, [db, ids]) ?? new Map();
}

export function NewChatButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-primary ${className}`} onClick={onClick}>
      <IconPlus /> New Chat
    </button>
  );
}

export function ChatList({ chats, currentId, onPick }: { chats: readonly LocalAiChat[] | undefined; currentId: string | null; onPick?: () => void }) {
  const { view, retry } = useChatListView(chats);
  const labels = useMemo(() => chatLabels(chats ?? []), [chats]);
  const snippets = useSnippets(chats);
  if (!chats || view !== 'list') return <ChatListState view={view} onRetry={retry} />;
  return (
    <ul className="menu w-full gap-0.5 p-2">
      {chats.map((chat) => {
        const label = labels.get(chat._id);
        const snippet = label?.started ? snippetOf(snippets.get(chat._id) ?? '', chatTitle(chat)) : null;
        return (
          <li key={chat._id}>
            <Link to="/aura-ai/chats/$id" params={{ id: chat._id }} onClick={onPick} data-testid="aura-chat-item"
              className={`flex flex-col items-stretch gap-0 ${chat._id === currentId ? 'menu-active' : ''}`}
              aria-current={chat._id === currentId ? 'page' : undefined}>
              <span className="flex items-baseline gap-2">
                <span className="min-w-0 flex-1 truncate">
                  {chat.local && <IconClock className="mr-1 inline size-3.5" />}
                  {chat.local && <span className="sr-only">Not sent yet: </span>}
                  {chatTitle(chat)}
                </span>
                <time dateTime={chat.updatedAt} className="shrink-0 text-xs">{label?.when}</time>
              </span>
              {label?.started && <span className="truncate text-xs" data-testid="aura-chat-started">{label.started}</span>}
              {snippet && <span className="truncate text-xs italic">{snippet}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Phones have no sidebar: the same list in a menu, drawn only while open so it is never in the page twice. */
export function PhoneChatMenu({ chats, currentId }: { chats: readonly LocalAiChat[] | undefined; currentId: string | null }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // Like any menu: Escape closes it and gives focus back to its button; a tap anywhere else closes it.
  const close = useCallback(() => setOpen(false), []);
  useCloseOnEscapeOrOutside(menu, open, close, 'summary');
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
