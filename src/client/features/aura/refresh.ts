/**
 * The Aura screens' refreshes from the server into Dexie. The route loaders start them on entry
 * (and when a link is hovered), so the requests run while the screen's code and Dexie's first
 * answer arrive; the screen's hooks (useAuraLoading.ts) report how they went and ask again after
 * a reconnect. Nothing here is awaited by a loader: the screen always shows Dexie's copy at once.
 */
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { createSignal } from '../../state/store';
import { currentEngine } from '../../sync/current';
import { loadChatHistory, loadChatList, type LoadOutcome } from './load';

/** A history load the loader started; null when it left the asking to the screen. */
export type StartedLoad = Promise<LoadOutcome | null> | null;

/** One list load per database (that is, per person: spec section 4); one that did not succeed may run again. */
const listLoads = new WeakMap<HavenDb, Promise<LoadOutcome>>();

/** How the newest list load went (or that it is under way), per database; nothing asked yet is absent. */
export type ListLoadStatus = 'loading' | LoadOutcome;
const listStatus = new WeakMap<HavenDb, ListLoadStatus>();
/** The statuses stay in the WeakMap (a database that is gone takes its own with it); this says one changed. */
const statusChanged = createSignal();

function setListStatus(db: HavenDb, status: ListLoadStatus): void {
  listStatus.set(db, status);
  statusChanged.emit();
}

export function chatListStatus(db: HavenDb): ListLoadStatus | null {
  return listStatus.get(db) ?? null;
}

export function subscribeChatListStatus(listener: () => void): () => void {
  return statusChanged.listen(listener);
}

export function refreshChatList(db: HavenDb): Promise<LoadOutcome> {
  let load = listLoads.get(db);
  if (!load) {
    load = loadChatList(db, api);
    listLoads.set(db, load);
    setListStatus(db, 'loading');
    void load.then((outcome) => {
      setListStatus(db, outcome);
      if (outcome !== 'ok') listLoads.delete(db);
    });
  }
  return load;
}

/** A chat begun on this device and not sent yet is not on the server: asking would only say "missing". */
async function historyUnlessLocal(db: HavenDb, chatId: string): Promise<LoadOutcome | null> {
  const chat = await db.aiChats.get(chatId).catch(() => undefined);
  return chat?.local ? null : loadChatHistory(db, api, chatId);
}

/** For the Aura route loaders: starts the list refresh and, on a chat's page, that chat's history. */
export function startAuraRefresh(chatId: string | null): { history: StartedLoad } {
  const db = currentEngine()?.db;
  // Offline there is nothing to ask; the screen asks when the connection returns.
  if (!db || !navigator.onLine) return { history: null };
  void refreshChatList(db);
  return { history: chatId ? historyUnlessLocal(db, chatId) : null };
}
