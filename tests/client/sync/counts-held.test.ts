/**
 * Unread counts while a catch-up stores its pages (read-hooks.ts): the first count shows at once,
 * a catch-up's pages do not count everything again one by one, and once it ends the counts are
 * recounted from what it stored. On fake-indexeddb, with the engine's catch-up state scripted.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessage } from '../../../src/shared/api';
import type { HavenDb } from '../../../src/client/db/database';
import { fromDirect } from '../../../src/client/sync/merge';
import { directKey } from '../../../src/shared/conversation';
import { freshDb, OTHER } from './fixtures';

let db: HavenDb;
const engine = vi.hoisted(() => ({ state: 'idle' as 'awaited' | 'running' | 'idle', listeners: new Set<() => void>() }));
vi.mock('../../../src/client/sync/current', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    engine.listeners.add(listener);
    return () => engine.listeners.delete(listener);
  };
  return { useDb: () => db, useEngine: () => ({ db }), currentEngine: () => null, useCatchUp: () => useSyncExternalStore(subscribe, () => engine.state) };
});
// Counted: how often every conversation is counted.
vi.mock('../../../src/client/sync/unread', async (original) => {
  const real = await original<typeof import('../../../src/client/sync/unread')>();
  return { ...real, readSummaries: vi.fn(real.readSummaries) };
});
const { useConversationSummaries } = await import('../../../src/client/sync/read-hooks');
const readSummaries = vi.mocked((await import('../../../src/client/sync/unread')).readSummaries);

function setCatchUp(state: typeof engine.state) {
  engine.state = state;
  for (const listener of engine.listeners) listener();
}

const DM = directKey(OTHER);
const direct = (seq: number): DirectMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, senderId: OTHER, receiverId: db.userId, text: `m${seq}`, image: null,
  clientId: `cid-${seq}-abcdef`, createdAt: new Date(seq * 1000).toISOString(),
});
const store = (from: number, to: number) => db.messages.bulkPut(Array.from({ length: to - from + 1 }, (_, i) => fromDirect(direct(from + i), db.userId)));

beforeEach(async () => {
  db = freshDb();
  await db.open();
  readSummaries.mockClear();
});
afterEach(() => {
  setCatchUp('idle');
  db.close();
});

describe('unread counts during a catch-up', () => {
  it('counts at once, holds while the pages land, and counts once more when it ends', async () => {
    await store(1, 3);
    setCatchUp('running');
    const { result } = renderHook(() => useConversationSummaries());
    // The first count is never held.
    await waitFor(() => expect(result.current?.get(DM)?.unread).toBe(3));
    await waitFor(() => expect(readSummaries.mock.calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 100));
    const before = readSummaries.mock.calls.length;

    for (let page = 0; page < 10; page += 1) await act(() => store(4 + page * 10, 13 + page * 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(readSummaries.mock.calls.length).toBe(before);
    expect(result.current?.get(DM)?.unread).toBe(3);

    act(() => setCatchUp('idle'));
    await waitFor(() => expect(result.current?.get(DM)?.unread).toBe(103));
    expect(readSummaries.mock.calls.length).toBe(before + 1);

    // Idle, every change counts again (a message arriving live).
    await act(() => store(104, 104));
    await waitFor(() => expect(result.current?.get(DM)?.unread).toBe(104));
  });

  it('reads no further back than the device keeps of a conversation', async () => {
    await store(1, 700);
    const { result } = renderHook(() => useConversationSummaries());
    await waitFor(() => expect(result.current?.get(DM)?.unread).toBe(500));
  });
});
