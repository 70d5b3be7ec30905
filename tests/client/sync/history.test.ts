/**
 * History paging and pruning on fake-indexeddb: the window query, widening from the device and
 * from a fake server (a ky instance whose fetch is a local function), the start mark, unsent rows
 * always in the window, and the bounded local copy.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessage, GroupMessage } from '../../../src/shared/api';
import { type HavenDb, type LocalMessage } from '../../../src/client/db/database';
import { HISTORY_PAGE, isAtStart, readWindow, storePage, useConversationWindow, widenWindow } from '../../../src/client/sync/history';
import { fromDirect, fromGroup } from '../../../src/client/sync/merge';
import { queueDirect } from '../../../src/client/sync/outbox';
import { holdConversation } from '../../../src/client/sync/held';
import { pruneConversations } from '../../../src/client/sync/prune';
import { freshDb, GROUP, OTHER } from './fixtures';
import { directKey, groupKey } from '../../../src/shared/conversation';

let db: HavenDb;
/** Whether the engine is catching up (the hook reads it through useCatchUp). */
const engine = vi.hoisted(() => ({ catchingUp: false, listeners: new Set<() => void>() }));
vi.mock('../../../src/client/sync/current', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    engine.listeners.add(listener);
    return () => engine.listeners.delete(listener);
  };
  return { useDb: () => db, useCatchUp: () => useSyncExternalStore(subscribe, () => (engine.catchingUp ? 'running' : 'idle')) };
});
function setCatchingUp(value: boolean) {
  engine.catchingUp = value;
  for (const listener of engine.listeners) listener();
}

const DM = directKey(OTHER);
const id = (seq: number) => seq.toString(16).padStart(24, '0');
const direct = (seq: number, from = OTHER): DirectMessage => ({
  _id: id(seq), seq, senderId: from, receiverId: from === OTHER ? db.userId : OTHER, text: `m${seq}`, image: null,
  clientId: `cid-${seq}-abcdef`, createdAt: new Date(seq * 1000).toISOString(),
});
const group = (seq: number): GroupMessage => ({
  _id: id(seq), seq, groupId: GROUP, senderId: OTHER, sender: { _id: OTHER, fullName: 'O', profilePic: '' },
  text: `g${seq}`, clientId: `gid-${seq}-abcdef`, createdAt: new Date(seq * 1000).toISOString(),
});

/** The server's thread (oldest first) and the requests it was asked, answering like GET /api/messages/{userId}. */
function fakeServer<T extends { _id: string }>(thread: T[]) {
  const asked: string[] = [];
  const answer = (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.pathname + url.search);
    const before = url.searchParams.get('before');
    const limit = Number(url.searchParams.get('limit') ?? HISTORY_PAGE);
    const end = before ? thread.findIndex((m) => m._id === before) : thread.length;
    const page = thread.slice(Math.max(0, end - limit), end);
    return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const http = ky.create({ prefixUrl: 'http://haven.test/api', retry: 0, fetch: async (input) => answer(input) });
  return { asked, http, answer };
}

/** Stores server messages seq from..to as catch-up would have. */
async function stored(from: number, to: number) {
  const rows = Array.from({ length: to - from + 1 }, (_, i) => fromDirect(direct(from + i), db.userId));
  await db.messages.bulkPut(rows);
}
const texts = (messages: LocalMessage[]) => messages.map((m) => m.text);
const range = (from: number, to: number, prefix = 'm') => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

beforeEach(async () => {
  db = freshDb();
  await db.open();
});
afterEach(() => {
  vi.unstubAllGlobals();
  db.close();
});

/** A floor at a stored row's sort key, inclusive. */
const at = (key: number) => ({ key, inclusive: true });

describe('the window query', () => {
  it('shows the newest page of rows, oldest first, unsent ones counted like any other', async () => {
    await stored(1, 120);
    const plain = await readWindow(db, DM, null);
    expect(texts(plain.messages)).toEqual(range(71, 120));
    expect(plain.floor).toEqual(at(71));
    for (let i = 0; i < 70; i += 1) await queueDirect(db, db.userId, OTHER, `queued ${i}`, null);
    // A backlog typed offline: the newest page is all unsent, and a read costs a page, not the backlog.
    const window = await readWindow(db, DM, null);
    expect(window.messages).toHaveLength(HISTORY_PAGE);
    expect(window.messages[0]!.text).toBe('queued 20');
    expect(window.messages.at(-1)!.text).toBe('queued 69');
    // From a floor, every row above it is shown, stored first, then unsent in the order typed.
    const all = await readWindow(db, DM, plain.floor);
    expect(all.messages).toHaveLength(50 + 70);
    expect(all.messages.at(-1)!.text).toBe('queued 69');
  });

  it('from a pinned floor, a new message is added at the bottom and the top stays', async () => {
    await stored(1, 60);
    const { floor } = await readWindow(db, DM, null);
    await stored(61, 61);
    const window = await readWindow(db, DM, floor);
    expect(texts(window.messages)).toEqual(range(11, 61));
  });

  it('keeps rows typed offline in a pinned window once they are sent (their sort key changes)', async () => {
    await stored(1, 10);
    for (let i = 0; i < 60; i += 1) await queueDirect(db, db.userId, OTHER, `queued ${i}`, null);
    const { floor } = await readWindow(db, DM, null);
    expect(floor).toEqual({ key: 10, inclusive: false });
    // Sent: the server gives each a seq above every stored one.
    const rows = await db.messages.where('status').equals('queued').sortBy('sortKey');
    await db.messages.bulkPut(rows.map((m, i) => ({ ...m, status: 'sent' as const, seq: 11 + i, sortKey: 11 + i })));
    const window = await readWindow(db, DM, floor);
    expect(window.messages.map((m) => m.text)).toEqual(Array.from({ length: 60 }, (_, i) => `queued ${i}`));
  });

  it('reads only its own conversation', async () => {
    await stored(1, 3);
    await db.messages.put(fromGroup(group(4)));
    expect(texts((await readWindow(db, DM, null)).messages)).toEqual(['m1', 'm2', 'm3']);
    expect(texts((await readWindow(db, groupKey(GROUP), null)).messages)).toEqual(['g4']);
  });
});

describe('loading older messages', () => {
  it('widens from the device when it holds a page, asking nothing', async () => {
    await stored(1, 120);
    const server = fakeServer([]);
    const floor = await widenWindow(db, DM, at(71), { http: server.http, online: true });
    expect(floor).toEqual(at(21));
    expect(server.asked).toEqual([]);
    expect(texts((await readWindow(db, DM, floor)).messages)).toEqual(range(21, 120));
  });

  it('fetches the page before the oldest stored message, merges it, and stops at the start', async () => {
    const thread = Array.from({ length: 120 }, (_, i) => direct(i + 1));
    await stored(91, 120);
    const server = fakeServer(thread);
    let floor = await widenWindow(db, DM, at(91), { http: server.http, online: true });
    expect(server.asked).toEqual([`/api/messages/${OTHER}?before=${id(91)}&limit=50`]);
    expect(floor).toEqual(at(41));
    expect(await isAtStart(db, DM)).toBe(false);
    expect((await readWindow(db, DM, floor)).atStart).toBe(false);

    // A short answer: the start is reached, but only shown as such once the window reaches it.
    floor = await widenWindow(db, DM, floor, { http: server.http, online: true });
    expect(server.asked.at(-1)).toBe(`/api/messages/${OTHER}?before=${id(41)}&limit=50`);
    expect(await isAtStart(db, DM)).toBe(true);
    expect((await readWindow(db, DM, at(41))).atStart).toBe(false);
    expect(floor).toEqual(at(1));
    const window = await readWindow(db, DM, floor);
    expect(texts(window.messages)).toEqual(range(1, 120));
    expect(window.atStart).toBe(true);

    // At the start nothing more is asked.
    await widenWindow(db, DM, floor, { http: server.http, online: true });
    expect(server.asked).toHaveLength(2);
  });

  it('asks a group for its newest page when nothing is stored (a group joined later)', async () => {
    const server = fakeServer(Array.from({ length: 80 }, (_, i) => group(i + 1)));
    const floor = await widenWindow(db, groupKey(GROUP), null, { http: server.http, online: true });
    expect(server.asked).toEqual([`/api/messages/group/${GROUP}?limit=50`]);
    expect(texts((await readWindow(db, groupKey(GROUP), floor)).messages)).toEqual(range(31, 80, 'g'));
  });

  it('offline, widens only as far as the device goes and asks nothing', async () => {
    await stored(91, 130);
    const server = fakeServer([]);
    const floor = await widenWindow(db, DM, at(111), { http: server.http, online: false });
    expect(floor).toEqual(at(91));
    expect(server.asked).toEqual([]);
    expect(await isAtStart(db, DM)).toBe(false);
  });

  it('marks an empty conversation as complete, until messages come', async () => {
    const server = fakeServer([]);
    await widenWindow(db, DM, null, { http: server.http, online: true });
    expect(await isAtStart(db, DM)).toBe(true);
    await stored(5, 5);
    expect(await isAtStart(db, DM)).toBe(false);
  });

  it('lands the server copy of my own message on its row (no duplicate)', async () => {
    const mine = await queueDirect(db, db.userId, OTHER, 'typed here', null);
    const echo = { ...direct(7, db.userId), clientId: mine.clientId, text: 'typed here' };
    await storePage(db, DM, [fromDirect(echo, db.userId)], false);
    const rows = await db.messages.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: mine.key, status: 'sent', seq: 7 });
  });

  it('the start mark lapses when its first message is pruned', async () => {
    const server = fakeServer(Array.from({ length: 20 }, (_, i) => direct(i + 1)));
    await widenWindow(db, DM, null, { http: server.http, online: true });
    expect(await isAtStart(db, DM)).toBe(true);
    await pruneConversations(db, 10);
    expect(await isAtStart(db, DM)).toBe(false);
  });
});

describe('useConversationWindow', () => {
  it('opens a conversation with the newest page, pages older ones in, and reaches the start', async () => {
    const server = fakeServer(Array.from({ length: 120 }, (_, i) => group(i + 1)));
    vi.stubGlobal('fetch', async (input: Request) => server.answer(input));
    const { result } = renderHook(() => useConversationWindow(groupKey(GROUP)));
    await waitFor(() => expect(result.current.messages).toHaveLength(50));
    expect(texts(result.current.messages!)).toEqual(range(71, 120, 'g'));
    expect(server.asked).toEqual([`/api/messages/group/${GROUP}?limit=50`]);
    await waitFor(() => expect(result.current.loadingOlder).toBe(false));

    // The reader scrolls up (the list tells the window), then pages back.
    act(() => result.current.setFollowing(false));
    await act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages).toHaveLength(100));
    await act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages).toHaveLength(120));
    expect(result.current.atStart).toBe(true);
    expect(result.current.loadingOlder).toBe(false);
    expect(server.asked).toHaveLength(3);

    // A new message joins at the bottom; the top stays where it is.
    await act(() => db.messages.put(fromGroup(group(121))));
    await waitFor(() => expect(result.current.messages).toHaveLength(121));
    expect(result.current.messages![0]!.text).toBe('g1');

    // Back at the bottom, the window slides to the newest page behind the reader.
    act(() => result.current.setFollowing(true));
    await waitFor(() => expect(result.current.messages).toHaveLength(HISTORY_PAGE));
    expect(result.current.messages!.at(-1)!.text).toBe('g121');
  });

  it('on a device new to the conversation, waits for catch-up instead of fetching its newest page, and opens at the first unread', async () => {
    const server = fakeServer(Array.from({ length: 81 }, (_, i) => direct(i + 1)));
    vi.stubGlobal('fetch', async (input: Request) => server.answer(input));
    setCatchingUp(true);
    try {
      const { result } = renderHook(() => useConversationWindow(DM));
      await waitFor(() => expect(result.current.messages).toEqual([]));
      // Still loading (the list shows its spinner, and no divider is fixed on an empty list).
      expect(result.current.loadingOlder).toBe(true);
      // Catch-up stores the whole conversation, oldest first, in two pages, and ends before the
      // window has read them (the window is still empty when it hears).
      await act(async () => {
        await stored(1, 40);
        await stored(41, 81);
        setCatchingUp(false);
      });
      await waitFor(() => expect(result.current.loadingOlder).toBe(false));
      await waitFor(() => expect(result.current.messages).toHaveLength(81));
      expect(result.current.messages![0]!.text).toBe('m1');
      // Never the newest page alone (a page before the first message may be asked, and is empty).
      expect(server.asked.filter((url) => !url.includes('before='))).toEqual([]);
    } finally {
      setCatchingUp(false);
    }
  });

  it('fetches the newest page once catch-up has ended with too few stored', async () => {
    const server = fakeServer(Array.from({ length: 60 }, (_, i) => direct(i + 1)));
    vi.stubGlobal('fetch', async (input: Request) => server.answer(input));
    setCatchingUp(true);
    const { result } = renderHook(() => useConversationWindow(DM));
    await waitFor(() => expect(result.current.loadingOlder).toBe(true));
    expect(server.asked).toEqual([]);
    act(() => setCatchingUp(false));
    await waitFor(() => expect(result.current.messages).toHaveLength(50));
    expect(server.asked).toEqual([`/api/messages/${OTHER}?limit=50`]);
  });

  it('says when older messages could not be fetched', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"no"}', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useConversationWindow(DM));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.messages).toEqual([]);
  });
});

describe('pruneConversations', () => {
  it('keeps the newest rows of each conversation, and every unsent row and outbox target', async () => {
    await stored(1, 10);
    await db.messages.bulkPut([1, 2, 3].map((n) => fromGroup(group(100 + n))));
    for (let i = 0; i < 8; i += 1) await queueDirect(db, db.userId, OTHER, `queued ${i}`, null);
    // A sent row an outbox row still points to (say, an answer not yet applied) is left alone.
    const held = (await db.messages.get(fromDirect(direct(2), db.userId).key))!;
    await db.outbox.add({ messageKey: held.key, request: { kind: 'direct', to: OTHER, text: '', clientId: held.clientId }, status: 'sending', attempts: 1, nextAttemptAt: 0, error: null });

    expect(await pruneConversations(db, 5)).toBe(9);
    const left = (await readWindow(db, DM, at(0))).messages;
    expect(texts(left)).toEqual(['m2', ...range(0, 7, 'queued ')]);
    expect(await db.messages.where('conversation').equals(groupKey(GROUP)).count()).toBe(3);
  });

  it('leaves a conversation open on screen whole until it closes, then cuts it back', async () => {
    await stored(1, 12);
    const release = holdConversation(db, DM);
    const again = holdConversation(db, DM);
    expect(await pruneConversations(db, 5)).toBe(0);
    release();
    // Opened twice (two lists of it), held until both close.
    expect(await pruneConversations(db, 5)).toBe(0);
    again();
    expect(await pruneConversations(db, 5)).toBe(7);
    expect(texts((await readWindow(db, DM, at(0))).messages)).toEqual(range(8, 12, 'm'));
  });

  it('leaves a conversation within the bound untouched', async () => {
    await stored(1, 5);
    expect(await pruneConversations(db, 5)).toBe(0);
    expect(await db.messages.count()).toBe(5);
  });
});
