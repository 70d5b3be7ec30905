/**
 * How the chat list (once per signed-in session, spec section 4) and the open chat's history came
 * in from the server, with the spec's toasts. The route loaders start both loads (refresh.ts);
 * these hooks join them, and ask again when the connection returns, which no loader sees.
 * Offline, nothing is said: Dexie's copy shows.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { loadChatHistory, type LoadOutcome } from './load';
import { refreshChatList, type StartedLoad } from './refresh';

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
