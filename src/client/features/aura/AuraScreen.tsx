/**
 * Aura AI (spec sections 2 and 4), for /aura-ai (no chat: the welcome panel) and /aura-ai/chats/{id}.
 * Everything shown comes from Dexie; the server only fills it (load.ts, started by the route
 * loaders through refresh.ts), and questions go through the outbox, so a chat keeps working
 * offline and is answered once the connection returns.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { useAiChats, useAiMessages } from '../../sync/hooks';
import { useDb } from '../../sync/current';
import { ChatActions } from './ChatActions';
import { ChatList, NewChatButton, PhoneChatMenu } from './ChatList';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { chatTitle } from './title';
import { useAuraRedirect } from './useAuraRedirect';
import { useChatHistoryLoad, useChatListLoad } from './useAuraLoading';
import { useAutoTitle } from './useAutoTitle';
import { useOffline } from './useOffline';
import { useSendFailures } from './useSendFailures';
import type { StartedLoad } from './refresh';
import { pendingQuestion } from './waiting';
import { Welcome } from './Welcome';
import { MAIN_ID } from '../../ui/SkipLink';

/** Set just before a first send moves the person to the new chat's page, whose composer then takes focus. */
let focusComposerNext = false;

/** `historyLoad`: the open chat's history load, begun by the route's loader (refresh.ts). */
export function AuraScreen({ chatId, historyLoad = null }: { chatId: string | null; historyLoad?: StartedLoad }) {
  const db = useDb();
  const navigate = useNavigate();
  const router = useRouter();
  const offline = useOffline();
  const chats = useAiChats();
  const messages = useAiMessages(chatId);
  const [autoFocus] = useState(() => {
    const focus = focusComposerNext;
    focusComposerNext = false;
    return focus;
  });

  const chat = chatId ? chats?.find((c) => c._id === chatId) : undefined;
  const listState = useChatListLoad(db, offline);
  const leave = useCallback(() => {
    toast.error('Failed to load chat', { id: 'aura-chat' });
    void navigate({ to: '/aura-ai', replace: true });
  }, [navigate]);
  const historyLoading = useChatHistoryLoad(db, chatId, chat ? !chat.local : false, offline, leave, historyLoad);
  useAuraRedirect(db, chatId, listState, leave);

  const waiting = pendingQuestion(messages ?? []) !== null;
  useAutoTitle(db, chat, messages, waiting, offline);
  useSendFailures(messages, chat);

  // Offline, the first send from /aura-ai must still reach the chat page: fetch its code now.
  useEffect(() => {
    if (!chatId) void router.loadRouteChunk(router.routesById['/aura-ai/chats/$id'])?.catch(() => undefined);
  }, [chatId, router]);

  const unknownOffline = Boolean(chatId && chats && !chat && listState !== 'loading' && listState !== 'ok');
  const loading = Boolean(chatId) && !unknownOffline && (
    messages === undefined || (messages.length === 0 && (historyLoading || !chat))
  );

  const onSent = (id: string) => {
    if (chatId) return;
    focusComposerNext = true;
    void navigate({ to: '/aura-ai/chats/$id', params: { id } });
  };
  const newChat = () => void navigate({ to: '/aura-ai' });

  let body;
  if (!chatId) body = <Welcome />;
  else if (loading) {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">Loading chat…</span>
      </div>
    );
  } else if (unknownOffline) {
    body = (
      <p className="m-auto max-w-md px-4 text-center">
        This chat is not saved on this device yet. It will open when you are back online.
      </p>
    );
  } else body = <MessageList messages={messages ?? []} waiting={waiting} offline={offline} />;

  return (
    // The root layout gives this screen the viewport's height left by the banner and the header.
    <div className="flex min-h-0 flex-1">
      <nav aria-label="Aura chats" className="hidden w-72 shrink-0 flex-col border-r border-base-300 bg-base-200 md:flex">
        <div className="p-3">
          <NewChatButton onClick={newChat} className="w-full" />
        </div>
        <div className="flex-1 overflow-y-auto">
          <ChatList chats={chats} currentId={chatId} />
        </div>
      </nav>
      <main id={MAIN_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-base-300 px-3 py-2">
          <PhoneChatMenu chats={chats} currentId={chatId} />
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{chatTitle(chat)}</h1>
          {chat && <ChatActions key={chat._id} chat={chat} />}
          <NewChatButton onClick={newChat} className="btn-sm md:hidden" />
        </div>
        {body}
        <Composer key={chatId ?? 'new'} chatId={chatId} busy={loading || unknownOffline || (waiting && !offline)} onSent={onSent} autoFocus={autoFocus} />
      </main>
    </div>
  );
}
