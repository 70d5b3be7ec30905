/**
 * How the chat list (once per signed-in session, spec section 4) and the open chat's history came
 * in from the server, with the spec's toasts. The route loaders start both loads (refresh.ts);
 * these hooks join them, and ask again when the connection returns, which no loader sees.
 * Offline, nothing is said: Dexie's copy shows.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'react-hot-toast';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { loadChatHistory, type LoadOutcome } from './load';
import { chatListStatus, refreshChatList, subscribeChatListStatus, type ListLoadStatus, type StartedLoad } from './refresh';
import { useDb } from '../../sync/current';
import { useOffline } from './useOffline';

export type ListState = 'loading' | LoadOutcome;

export function useChatListLoad(db: HavenDb, offline: boolean): ListState {
  const [outcome, setOutcome] = useState<ListState>('loading');
  useEffect(() => {
    // Offline there is nothing to ask; coming back online runs this again.
    if (offline) return;
    let live = true;
    // The loader's load when it is under way or done; a new one only if that did not succeed.
    void refreshChatList(db).then((result) => {
      if (!live) return;
      setOutcome(result);
      if (result === 'failed' || result === 'missing') toast.error('Failed to load chat history', { id: 'aura-list' });
    });
    return () => {
      live = false;
    };
  }, [db, offline]);
  return offline && outcome !== 'ok' ? 'offline' : outcome;
}

/**
 * Loads the history of `chatId` when the server has that chat (`serverKnown`): a chat started
 * offline is not there until its first question is sent. `started` is the load the route's loader
 * began for this chat, used for the first attempt. Answers whether a load is under way and calls
 * `onMissing` when the chat is not this person's.
 */
export function useChatHistoryLoad(
  db: HavenDb, chatId: string | null, serverKnown: boolean, offline: boolean, onMissing: () => void, started: StartedLoad = null,
): boolean {
  // The chat whose load has settled (well or not) in this screen; each chat is asked for once.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const missing = useRef(onMissing);
  const startedNow = useRef(started);
  // The loader's load once it has answered: an attempt after that (say, after a reconnect) asks anew.
  const spent = useRef<StartedLoad>(null);
  useEffect(() => {
    missing.current = onMissing;
    startedNow.current = started;
  });
  const wanted = chatId !== null && serverKnown && !offline && !settled.has(chatId);
  useEffect(() => {
    if (!wanted || !chatId) return;
    let live = true;
    const first = startedNow.current !== spent.current ? startedNow.current : null;
    const load = first
      ? first.then((outcome) => {
        spent.current = first;
        // null: the loader left this chat to the screen (not on the server yet, or the device was offline);
        // 'offline': the connection dropped under it, and this attempt may be the reconnect's.
        return outcome === null || outcome === 'offline' ? loadChatHistory(db, api, chatId) : outcome;
      })
      : loadChatHistory(db, api, chatId);
    void load.then((outcome) => {
      if (!live) return;
      // The browser went offline meanwhile: not settled, so it runs again when the connection returns.
      if (outcome !== 'offline' || navigator.onLine) setSettled((s) => new Set(s).add(chatId));
      if (outcome === 'missing') missing.current();
      else if (outcome === 'failed') toast.error('Failed to load chat', { id: 'aura-chat' });
    });
    return () => {
      live = false;
    };
  }, [db, chatId, wanted]);
  return wanted;
}

/** What the chat list shows. Loading, empty and failed are three different pictures (docs/everyday-chat.md). */
export type ChatListView = 'loading' | 'list' | 'empty' | 'offline' | 'error';

/**
 * The device's chats show whenever there are some. With none, the server's answer decides: it
 * said none ('empty'), it could not be asked ('offline'), it failed ('error'), or it is still on
 * its way ('loading') — never "No chat history yet" before the server has said so.
 */
export function chatListView(chats: readonly unknown[] | undefined, status: ListLoadStatus | null, offline: boolean): ChatListView {
  if (chats === undefined) return 'loading';
  if (chats.length > 0) return 'list';
  if (status === 'ok') return 'empty';
  if (offline || status === 'offline') return 'offline';
  if (status === 'failed' || status === 'missing') return 'error';
  return 'loading';
}

/** chatListView for this person's list, and a way to ask the server again after a failure. */
export function useChatListView(chats: readonly unknown[] | undefined): { view: ChatListView; retry: () => void } {
  const db = useDb();
  const offline = useOffline();
  const status = useSyncExternalStore(subscribeChatListStatus, () => chatListStatus(db), () => chatListStatus(db));
  return { view: chatListView(chats, status, offline), retry: () => void refreshChatList(db) };
}
