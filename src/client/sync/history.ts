/**
 * History paging (docs/architecture.md section 3, History): an open conversation shows a window of its newest stored
 * messages and reaches further back on demand, first from the device, then from the server
 * (`?before=<message id>`), whose pages are merged exactly as catch-up merges them.
 */
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { KyInstance } from 'ky';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PENDING_SORT_BASE, type HavenDb, type LocalMessage } from '../db/database';
import { api } from '../net/api';
import { call } from '../net/call';
import { useOnline } from '../pwa/online';
import { useDb } from './current';
import { fromDirect, fromGroup, messageTables, putServerMessages } from './merge';
import { parsePeopleKey, type PeopleConversation } from '../../shared/conversation';
import { PAGE_SIZE_DEFAULT } from '../../shared/limits';

/** Rows shown at first, added per step back, and asked of the server per request (the server's default page). */
export const HISTORY_PAGE = PAGE_SIZE_DEFAULT;

const byOrder = (db: HavenDb, conversation: string, lower: unknown, upper: unknown, includeUpper = false, includeLower = true) =>
  db.messages.where('[conversation+sortKey]').between([conversation, lower], [conversation, upper], includeLower, includeUpper);
/** Rows the server has stored sort by seq, below PENDING_SORT_BASE. */
const storedRows = (db: HavenDb, conversation: string) => byOrder(db, conversation, Dexie.minKey, PENDING_SORT_BASE);

/**
 * Where the start mark lives: the key of the conversation's first message (null: it had none).
 * The mark only counts while that row is still the oldest stored one, so pruning, or a device
 * starting over, makes it lapse by itself.
 */
const startMark = (conversation: string) => `historyStart:${conversation}`;

/** The key of the conversation's first message as marked; undefined when unknown, null when it had none. */
async function firstKey(db: HavenDb, conversation: string): Promise<string | null | undefined> {
  return (await db.meta.get(startMark(conversation)))?.value as string | null | undefined;
}

/** Whether the device holds the conversation's first message (so the server has nothing older). */
export async function isAtStart(db: HavenDb, conversation: string): Promise<boolean> {
  const first = await firstKey(db, conversation);
  return first !== undefined && first === ((await storedRows(db, conversation).first())?.key ?? null);
}

export interface WindowSnapshot {
  conversation: string;
  /** Oldest first, unsent rows last. */
  messages: LocalMessage[];
  /** Where the window starts, to pin it while the reader looks back; null when it is empty. */
  floor: Floor | null;
  /** The conversation's first message is the first shown. */
  atStart: boolean;
}

/**
 * Where a window starts: rows from `key` up, or strictly above it. A window that begins with
 * unsent rows starts above the newest stored row: once sent, those rows take a seq above it, so
 * they stay in the window instead of dropping out below a floor made of their old sort keys.
 */
export interface Floor {
  key: number;
  inclusive: boolean;
}

async function floorOf(db: HavenDb, conversation: string, first: LocalMessage | undefined): Promise<Floor | null> {
  if (!first) return null;
  if (first.sortKey < PENDING_SORT_BASE) return { key: first.sortKey, inclusive: true };
  const newestStored = await storedRows(db, conversation).last();
  return newestStored ? { key: newestStored.sortKey, inclusive: false } : { key: 0, inclusive: true };
}

/**
 * The window: every row from `floor` up (stored, then unsent in the order typed), or the newest
 * `size` rows when there is no floor. Unsent rows count like any other, so a backlog of a thousand
 * queued messages costs a read of a window, not of the whole backlog, per change.
 */
export async function readWindow(db: HavenDb, conversation: string, floor: Floor | null, size = HISTORY_PAGE): Promise<WindowSnapshot> {
  const rows = floor === null
    ? (await byOrder(db, conversation, Dexie.minKey, Dexie.maxKey, true).reverse().limit(size).toArray()).reverse()
    : await byOrder(db, conversation, floor.key, Dexie.maxKey, true, floor.inclusive).toArray();
  const firstStored = rows[0] && rows[0].sortKey < PENDING_SORT_BASE ? rows[0] : undefined;
  const first = await firstKey(db, conversation);
  return {
    conversation, messages: rows, floor: await floorOf(db, conversation, rows[0]),
    atStart: first !== undefined && (first === null ? rows.every((r) => r.sortKey >= PENDING_SORT_BASE) : first === firstStored?.key),
  };
}

function parseConversation(conversation: string): PeopleConversation {
  const ref = parsePeopleKey(conversation);
  if (!ref) throw new Error(`Not a conversation: ${conversation}`);
  return ref;
}

/** One page from the server: the newest `limit` messages before `before` (a message id), oldest first. */
export async function fetchPage(db: HavenDb, http: KyInstance, conversation: string, before: string | null, limit = HISTORY_PAGE): Promise<LocalMessage[]> {
  const { kind, id } = parseConversation(conversation);
  const query = before ? { before, limit } : { limit };
  if (kind === 'group') return (await call('groupThread', { params: { groupId: id }, query }, { http })).map(fromGroup);
  return (await call('directThread', { params: { userId: id }, query }, { http })).map((m) => fromDirect(m, db.userId));
}

/**
 * Merges a page as catch-up does, in one transaction (an echo of our own row lands on it, never
 * beside it). `complete`: the server had nothing older, so the oldest stored row is the first.
 */
export async function storePage(db: HavenDb, conversation: string, incoming: readonly LocalMessage[], complete: boolean): Promise<void> {
  await db.transaction('rw', [...messageTables(db), db.meta], async () => {
    await putServerMessages(db, incoming);
    if (complete) await db.meta.put({ key: startMark(conversation), value: (await storedRows(db, conversation).first())?.key ?? null });
  });
}

export interface WidenOptions {
  http?: KyInstance;
  online?: boolean;
  page?: number;
}

/**
 * The floor that shows one more page of older messages. The device answers when it holds a page
 * of them; otherwise, online and short of the start, the page before the oldest stored row is
 * fetched first. Offline, what the device holds is all there is (and that is fine).
 */
export async function widenWindow(db: HavenDb, conversation: string, floor: Floor | null, options: WidenOptions = {}): Promise<Floor | null> {
  const { http = api, online = navigator.onLine, page = HISTORY_PAGE } = options;
  // Index keys only ([conversation, sortKey]): no row is read to count what lies below the floor.
  const olderKeys = async () => (await (floor === null ? storedRows(db, conversation) : byOrder(db, conversation, Dexie.minKey, floor.key, !floor.inclusive))
    .reverse().limit(page).keys()) as unknown as Array<[string, number]>;
  let older = await olderKeys();
  if (older.length < page && online && !(await isAtStart(db, conversation))) {
    const oldest = await storedRows(db, conversation).first();
    const incoming = await fetchPage(db, http, conversation, oldest?._id ?? null, page);
    await storePage(db, conversation, incoming, incoming.length < page);
    older = await olderKeys();
  }
  const oldest = older.at(-1)?.[1];
  return oldest === undefined ? floor : { key: oldest, inclusive: true };
}

export interface ConversationWindow {
  /** Oldest first, unsent last; undefined while the first read is under way. */
  messages: LocalMessage[] | undefined;
  /** Shows one more page of older messages (fetching it when the device has too few); never rejects. */
  loadOlder: () => Promise<void>;
  loadingOlder: boolean;
  /** The first message of the conversation is shown: nothing older exists. */
  atStart: boolean;
  /** The last attempt to fetch older messages failed (loadOlder tries again). */
  failed: boolean;
  /** The list tells whether its reader is at the bottom, following new rows. */
  setFollowing: (following: boolean) => void;
}



/**
 * One conversation (`dm:<userId>` or `group:<groupId>`) as a live window of its newest rows.
 * The window's floor is pinned once known, so a new message adds a row at the bottom instead of
 * pushing the top one out under a reader who scrolled up. Opening a conversation the device holds
 * little of (a group joined later) loads the page before what it has.
 */
export function useConversationWindow(conversation: string | null): ConversationWindow {
  const db = useDb();
  const [pinned, setPinned] = useState<{ conversation: string | null; floor: Floor | null; size: number }>(
    { conversation, floor: null, size: HISTORY_PAGE },
  );
  const [following, setFollowingState] = useState(true);
  const [loadingFor, setLoadingFor] = useState<string | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const busy = useRef(false);
  const mine = pinned.conversation === conversation;
  // A reader at the bottom sees the newest `size` rows, so a long burst (a backlog typed offline)
  // keeps each re-read a page long; a reader looking back has the window pinned at its floor.
  const floor = mine && !following ? pinned.floor : null;
  const size = mine ? pinned.size : HISTORY_PAGE;

  const snapshot = useLiveQuery(
    () => (conversation ? readWindow(db, conversation, floor, size) : undefined),
    [db, conversation, floor?.key, floor?.inclusive, size],
  );
  // useLiveQuery keeps the previous answer while a new query runs: never show another conversation's.
  const current = snapshot?.conversation === conversation ? snapshot : undefined;

  // Pinned when the reader leaves the bottom (while rendering, React's pattern for state that
  // follows data), so new rows go in below without pushing the top one out under them.
  if (conversation && !following && floor === null && current?.floor) setPinned({ conversation, floor: current.floor, size });

  const setFollowing = useCallback((next: boolean) => {
    setFollowingState(next);
    // Back at the bottom: the window shrinks to the newest page again, out of sight above.
    if (next) setPinned((p) => ({ ...p, floor: null, size: HISTORY_PAGE }));
  }, []);

  const loadOlder = useCallback(async () => {
    if (!conversation || !current || busy.current) return;
    busy.current = true;
    setLoadingFor(conversation);
    try {
      const next = await widenWindow(db, conversation, current.floor);
      setPinned({ conversation, floor: next, size: current.messages.length + HISTORY_PAGE });
      setFailedFor(null);
    } catch (error) {
      console.error('Haven: older messages could not be loaded', error);
      setFailedFor(conversation);
    } finally {
      busy.current = false;
      setLoadingFor(null);
    }
  }, [db, conversation, current]);

  const storedShown = current ? current.messages.filter((m) => m.sortKey < PENDING_SORT_BASE).length : 0;
  const wantsFill = Boolean(current && !current.atStart && storedShown < HISTORY_PAGE);
  const online = useOnline();
  // Once per conversation and screen; offline it waits for the connection to return.
  const filled = useRef(new Set<string>());
  useEffect(() => {
    if (!conversation || !wantsFill || !online || filled.current.has(conversation)) return;
    filled.current.add(conversation);
    void loadOlder();
  }, [conversation, wantsFill, online, loadOlder]);

  return {
    messages: conversation ? current?.messages : [],
    loadOlder,
    loadingOlder: loadingFor !== null && loadingFor === conversation,
    atStart: current?.atStart ?? false,
    failed: failedFor !== null && failedFor === conversation,
    setFollowing,
  };
}
