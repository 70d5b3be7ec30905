/**
 * Brings the chat list (once per signed-in session, spec section 4) and the open chat's history
 * from the server into Dexie, with the spec's toasts. Offline, nothing is said: Dexie's copy shows.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { loadChatHistory, loadChatList, type LoadOutcome } from './load';

export type ListState = 'loading' | LoadOutcome;

/** One list load per database (that is, per person); a load that did not succeed may run again. */
const listLoads = new WeakMap<HavenDb, Promise<LoadOutcome>>();

function loadListOnce(db: HavenDb): Promise<LoadOutcome> {
  let load = listLoads.get(db);
  if (!load) {
    load = loadChatList(db, api);
    listLoads.set(db, load);
    void load.then((outcome) => {
      if (outcome !== 'ok') listLoads.delete(db);
    });
  }
  return load;
}

export function useChatListLoad(db: HavenDb, offline: boolean): ListState {
  const [outcome, setOutcome] = useState<ListState>('loading');
  useEffect(() => {
    // Offline there is nothing to ask; coming back online runs this again.
    if (offline) return;
    let live = true;
    void loadListOnce(db).then((result) => {
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
 * offline is not there until its first question is sent. Answers whether a load is under way
 * and calls `onMissing` when the chat is not this person's.
 */
export function useChatHistoryLoad(db: HavenDb, chatId: string | null, serverKnown: boolean, offline: boolean, onMissing: () => void): boolean {
  // The chat whose load has settled (well or not) in this screen; each chat is asked for once.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const missing = useRef(onMissing);
  useEffect(() => {
    missing.current = onMissing;
  });
  const wanted = chatId !== null && serverKnown && !offline && !settled.has(chatId);
  useEffect(() => {
    if (!wanted || !chatId) return;
    let live = true;
    void loadChatHistory(db, api, chatId).then((outcome) => {
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
