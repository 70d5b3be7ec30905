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
import { useCatchUp, useDb } from './current';
import { holdConversation } from './held';
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

/** Older messages shown above the first unread one when a conversation opens there. */
const UNREAD_CONTEXT = 3;
/** Beyond this many unread, a conversation opens at its newest page (reading them all at once would cost too much). */
export const UNREAD_OPENING_MOST = 10 * HISTORY_PAGE;

/**
 * The window a conversation opens with: its newest page, reaching back to a few messages before
 * the first one above the read position when that is further back, so the "New messages" divider
 * is in it (docs/decisions/opening-a-conversation.md).
 */
export async function openingWindow(db: HavenDb, conversation: string, size = HISTORY_PAGE): Promise<WindowSnapshot> {
  const newest = await readWindow(db, conversation, null, size);
  const readSeq = (await db.reads.get(conversation))?.seq ?? 0;
  // As the unread count reads it: nothing before one's own newest message is unread.
  const unread = await byOrder(db, conversation, readSeq, PENDING_SORT_BASE, false, false).reverse()
    .until((m) => m.senderId === db.userId, true).limit(UNREAD_OPENING_MOST + 1).toArray();
  const first = unread.findLast((m) => m.senderId !== db.userId);
  if (!first || unread.length > UNREAD_OPENING_MOST) return newest;
  const before = (await byOrder(db, conversation, Dexie.minKey, first.sortKey, false).reverse().limit(UNREAD_CONTEXT).keys()) as unknown as Array<[string, number]>;
  const key = before.at(-1)?.[1] ?? first.sortKey;
  if (newest.floor?.inclusive && newest.floor.key <= key) return newest;
  return readWindow(db, conversation, { key, inclusive: true });
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

const sameFloor = (a: Floor | null, b: Floor | null) => a === b || (a !== null && b !== null && a.key === b.key && a.inclusive === b.inclusive);

/** The floor that shows more of the two (null shows the newest page only, so it is the higher one). */
export function lowerFloor(a: Floor | null, b: Floor | null): Floor | null {
  if (a === null || b === null) return a ?? b;
  if (a.key !== b.key) return a.key < b.key ? a : b;
  return a.inclusive ? a : b;
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
 * The floor that keeps only the newest `keep` rows of a window, or null when nothing need go. A
 * cut among unsent rows is made just above the newest stored row (see Floor), so unsent rows stay.
 */
export function trimmedFloor(messages: readonly LocalMessage[], keep = HISTORY_PAGE): Floor | null {
  if (messages.length <= 2 * keep) return null;
  const cut = messages[messages.length - keep]!;
  if (cut.sortKey < PENDING_SORT_BASE) return { key: cut.sortKey, inclusive: true };
  const newestStored = messages.findLast((m) => m.sortKey < PENDING_SORT_BASE);
  return newestStored && newestStored !== messages[0] ? { key: newestStored.sortKey, inclusive: false } : null;
}

/**
 * One conversation (`dm:<userId>` or `group:<groupId>`) as a live window. It opens on the newest
 * page, reaching back to the first unread message (openingWindow), and its floor is pinned from
 * then on, so every new message adds a row at the bottom: the list's row count grows, which is
 * what makes Virtuoso follow the output. A window that slid instead (the newest N rows) kept its
 * count at N once full, and from the N-th message on nothing scrolled into view. The window is cut
 * back to the newest page only while the reader is at the bottom and it has grown past two pages,
 * out of sight above them. Opening a conversation the device holds little of (a group joined
 * later) loads the page before what it has.
 */
export function useConversationWindow(conversation: string | null): ConversationWindow {
  const db = useDb();
  const [pinned, setPinned] = useState<{ conversation: string | null; floor: Floor | null }>({ conversation, floor: null });
  // Unknown until the list says: a conversation opened at its first unread is not at the bottom.
  const [following, setFollowingState] = useState(false);
  const [loadingFor, setLoadingFor] = useState<string | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [widening, setWidening] = useState(false);
  const busy = useRef(false);
  const floor = pinned.conversation === conversation ? pinned.floor : null;
  // Pruning leaves an open conversation whole: rows paged in stay while the reader is here.
  useEffect(() => (conversation ? holdConversation(db, conversation) : undefined), [db, conversation]);

  const read = useLiveQuery(
    async () => (!conversation ? undefined : { asked: floor, window: floor ? await readWindow(db, conversation, floor) : await openingWindow(db, conversation) }),
    [db, conversation, floor?.key, floor?.inclusive],
  );
  const snapshot = read?.window;
  // useLiveQuery keeps the previous answer while a new query runs: never show another conversation's.
  const current = snapshot?.conversation === conversation ? snapshot : undefined;
  // Older rows asked for are still on their way until a read from the new floor has answered.
  const settled = read !== undefined && sameFloor(read.asked, floor);

  // Pinned at the first rows (while rendering, React's pattern for state that follows data).
  if (conversation && floor === null && current?.floor) setPinned({ conversation, floor: current.floor });

  if (widening && settled) setWidening(false);

  // Cut back while rendering too: the rows that made the window long are still the ones drawn now
  // (and followed); the shorter window arrives with the next read, a change of its own.
  const trim = following && current ? trimmedFloor(current.messages) : null;
  if (conversation && trim && !sameFloor(trim, floor)) setPinned({ conversation, floor: trim });

  const setFollowing = useCallback((next: boolean) => setFollowingState(next), []);

  const loadOlder = useCallback(async () => {
    if (!conversation || !current || busy.current) return;
    busy.current = true;
    setLoadingFor(conversation);
    try {
      const next = await widenWindow(db, conversation, current.floor);
      // An empty window is filled, not pinned: the opening window pins itself at its first rows,
      // reaching back to the first unread message, which the newest page alone may not.
      // A window may have been pinned lower while this page was on its way (catch-up stored the
      // conversation and the opening window reached back): a widening never takes those rows away.
      if (current.floor !== null) setPinned((pin) => ({ conversation, floor: pin.conversation === conversation ? lowerFloor(pin.floor, next) : next }));
      setWidening(true);
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
  // A device new to the conversation waits for catch-up first: it stores the conversation oldest
  // first, so the window reaches back to the first unread message, where the list opens. The
  // newest page fetched first would pin the window above it, and the list would open mid-way.
  const catchingUp = useCatchUp() !== 'idle';
  const awaitsCatchUp = wantsFill && online && catchingUp;
  // Once per conversation and screen; offline it waits for the connection to return.
  const filled = useRef(new Set<string>());
  const [filledFor, setFilledFor] = useState<string | null>(null);
  useEffect(() => {
    if (!conversation || !wantsFill || !online || catchingUp || filled.current.has(conversation)) return;
    filled.current.add(conversation);
    setFilledFor(conversation);
    void loadOlder();
  }, [conversation, wantsFill, online, catchingUp, loadOlder]);

  // An empty window filled from the server is not pinned, so no floor change marks the read that
  // shows the page: until rows come (or the start is known), it is still loading, not empty.
  const filledStillEmpty = Boolean(conversation && filledFor === conversation && current && current.messages.length === 0
    && !current.atStart && failedFor !== conversation);

  return {
    messages: conversation ? current?.messages : [],
    loadOlder,
    loadingOlder: (loadingFor !== null && loadingFor === conversation) || (widening && !settled) || awaitsCatchUp || filledStillEmpty,
    atStart: current?.atStart ?? false,
    failed: failedFor !== null && failedFor === conversation,
    setFollowing,
  };
}
