/**
 * The live window of an open conversation on fake-indexeddb: it grows at the bottom with every new
 * message (a list only follows new rows when its row count changes), is cut back only while the
 * reader is at the bottom and it has grown past two pages, and opens reaching back to the first
 * unread message.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessage } from '../../../src/shared/api';
import { type HavenDb, type LocalMessage } from '../../../src/client/db/database';
import { HISTORY_PAGE, lowerFloor, openingWindow, trimmedFloor, UNREAD_OPENING_MOST, useConversationWindow } from '../../../src/client/sync/history';
import { fromDirect } from '../../../src/client/sync/merge';
import { queueDirect } from '../../../src/client/sync/outbox';
import { freshDb, OTHER } from './fixtures';
import { directKey } from '../../../src/shared/conversation';

let db: HavenDb;
vi.mock('../../../src/client/sync/current', () => ({ useDb: () => db, useCatchUp: () => 'idle' }));

const DM = directKey(OTHER);
const id = (seq: number) => seq.toString(16).padStart(24, '0');
const direct = (seq: number, from = OTHER): DirectMessage => ({
  _id: id(seq), seq, senderId: from, receiverId: from === OTHER ? db.userId : OTHER, text: `m${seq}`, image: null,
  clientId: `cid-${seq}-abcdef`, createdAt: new Date(seq * 1000).toISOString(),
});
async function stored(from: number, to: number, sender = OTHER) {
  await db.messages.bulkPut(Array.from({ length: to - from + 1 }, (_, i) => fromDirect(direct(from + i, sender), db.userId)));
}
const texts = (messages: readonly LocalMessage[]) => messages.map((m) => m.text);

beforeEach(async () => {
  db = freshDb();
  await db.open();
  // The device holds the start, so opening asks no server.
  await db.meta.put({ key: `historyStart:${DM}`, value: `${OTHER}:cid-1-abcdef` });
});
afterEach(() => db.close());

describe('an open conversation past one page', () => {
  it('adds every message at the bottom while the reader is there: the row count grows each time', async () => {
    await stored(1, 50);
    await db.reads.put({ conversation: DM, seq: 50, sentSeq: 50 });
    const { result } = renderHook(() => useConversationWindow(DM));
    await waitFor(() => expect(result.current.messages).toHaveLength(50));
    act(() => result.current.setFollowing(true));
    for (let seq = 51; seq <= 80; seq += 1) {
      await act(() => db.messages.put(fromDirect(direct(seq), db.userId)));
      await waitFor(() => expect(result.current.messages!.at(-1)!.text).toBe(`m${seq}`));
      expect(result.current.messages).toHaveLength(seq);
    }
    // One's own, typed here: queued, then sent.
    for (let i = 0; i < 20; i += 1) {
      await act(() => queueDirect(db, db.userId, OTHER, `typed ${i}`, null));
      await waitFor(() => expect(result.current.messages!.at(-1)!.text).toBe(`typed ${i}`));
      expect(result.current.messages).toHaveLength(81 + i);
    }
  });

  it('is cut back to the newest page once past two pages with the reader at the bottom, never while they read above', async () => {
    await stored(1, 90);
    await db.reads.put({ conversation: DM, seq: 90, sentSeq: 90 });
    const { result } = renderHook(() => useConversationWindow(DM));
    await waitFor(() => expect(result.current.messages).toHaveLength(50));
    for (let seq = 91; seq <= 160; seq += 1) await act(() => db.messages.put(fromDirect(direct(seq), db.userId)));
    await waitFor(() => expect(result.current.messages).toHaveLength(120));
    expect(result.current.messages![0]!.text).toBe('m41');
    act(() => result.current.setFollowing(true));
    await waitFor(() => expect(result.current.messages).toHaveLength(HISTORY_PAGE));
    expect(result.current.messages!.at(-1)!.text).toBe('m160');
  });
});

describe('trimmedFloor', () => {
  it('keeps the newest page, and every unsent row when the cut falls among them', async () => {
    await stored(1, 101);
    const rows = await db.messages.where('[conversation+sortKey]').between([DM, 0], [DM, Infinity]).toArray();
    expect(trimmedFloor(rows.slice(0, 100))).toBeNull();
    expect(trimmedFloor(rows)).toEqual({ key: 52, inclusive: true });
    for (let i = 0; i < 60; i += 1) await queueDirect(db, db.userId, OTHER, `q${i}`, null);
    const withQueued = (await db.messages.where('[conversation+sortKey]').between([DM, 0], [DM, Infinity]).toArray());
    expect(trimmedFloor(withQueued)).toEqual({ key: 101, inclusive: false });
  });
});

describe('openingWindow', () => {
  it('reaches back to a few messages before the first unread one', async () => {
    await stored(1, 120);
    await db.reads.put({ conversation: DM, seq: 40, sentSeq: 40 });
    const window = await openingWindow(db, DM);
    expect(texts(window.messages)[0]).toBe('m38');
    expect(window.messages).toHaveLength(83);
  });

  it('opens at the newest page when nothing is unread, or the unread fit in it', async () => {
    await stored(1, 120);
    await db.reads.put({ conversation: DM, seq: 120, sentSeq: 120 });
    expect(texts((await openingWindow(db, DM)).messages)[0]).toBe('m71');
    await db.reads.put({ conversation: DM, seq: 100, sentSeq: 100 });
    expect(texts((await openingWindow(db, DM)).messages)[0]).toBe('m71');
  });

  it('counts nothing before one\'s own newest message as unread', async () => {
    await stored(1, 100);
    await stored(101, 101, db.userId);
    await stored(102, 120);
    await db.reads.put({ conversation: DM, seq: 10, sentSeq: 10 });
    expect(texts((await openingWindow(db, DM)).messages)[0]).toBe('m71');
  });

  it('opens at the newest page beyond the most it reaches back', async () => {
    await stored(1, UNREAD_OPENING_MOST + 10);
    expect((await openingWindow(db, DM)).messages).toHaveLength(HISTORY_PAGE);
  });
});

describe('lowerFloor', () => {
  it('keeps whichever floor shows more rows, so a finished page load never narrows a window pinned lower meanwhile', () => {
    expect(lowerFloor(null, { key: 5, inclusive: true })).toEqual({ key: 5, inclusive: true });
    expect(lowerFloor({ key: 5, inclusive: true }, null)).toEqual({ key: 5, inclusive: true });
    expect(lowerFloor(null, null)).toBeNull();
    expect(lowerFloor({ key: 9, inclusive: true }, { key: 3, inclusive: false })).toEqual({ key: 3, inclusive: false });
    expect(lowerFloor({ key: 3, inclusive: false }, { key: 3, inclusive: true })).toEqual({ key: 3, inclusive: true });
  });
});
