import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DirectMessage, GroupMessage, SyncPage } from '../../../src/shared/api';
import type { HavenDb } from '../../../src/client/db/database';
import { catchUp, readCursor } from '../../../src/client/sync/catchup';
import { mergeBatch, mergeServerMessage, fromDirect } from '../../../src/client/sync/merge';
import { queueDirect } from '../../../src/client/sync/outbox';
import { freshDb, GROUP, OTHER } from './fixtures';

let db: HavenDb;
beforeEach(async () => {
  db = freshDb();
  await db.open();
});
afterEach(() => db.close());

const direct = (seq: number, senderId: string, receiverId: string, clientId = `cid-${seq}-abcdef`): DirectMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, senderId, receiverId, text: `m${seq}`, image: null, clientId, createdAt: new Date(seq).toISOString(),
});
const group = (seq: number): GroupMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, groupId: GROUP, senderId: OTHER, sender: { _id: OTHER, fullName: 'O', profilePic: '' },
  text: `g${seq}`, clientId: `gid-${seq}-abcdef`, createdAt: new Date(seq).toISOString(),
});

const EPOCH = 'epoch-one';

function pages(all: SyncPage[]) {
  const asked: number[] = [];
  return { asked, fetch: async (since: number) => { asked.push(since); const p = all.shift(); if (!p) throw new Error('no more pages'); return p; } };
}

describe('catch-up', () => {
  it('applies every page with its cursor, from the stored cursor', async () => {
    const source = pages([
      { direct: [direct(1, OTHER, db.userId), direct(2, db.userId, OTHER)], group: [], cursor: 2, hasMore: true, epoch: EPOCH },
      { direct: [], group: [group(3)], cursor: 3, hasMore: false, epoch: EPOCH },
    ]);
    expect(await catchUp(db, source.fetch)).toBe(3);
    expect(source.asked).toEqual([0, 2]);
    expect(await readCursor(db)).toBe(3);
    expect((await db.messages.toArray()).map((m) => [m.conversation, m.text]).sort()).toEqual([
      [`dm:${OTHER}`, 'm1'], [`dm:${OTHER}`, 'm2'], [`group:${GROUP}`, 'g3'],
    ]);
  });

  it('asks for the next page while storing the one it has (each still lands with its own cursor)', async () => {
    const cursorWhenAsked: number[] = [];
    const all: SyncPage[] = [
      { direct: [direct(1, OTHER, db.userId)], group: [], cursor: 1, hasMore: true, epoch: EPOCH },
      { direct: [direct(2, OTHER, db.userId)], group: [], cursor: 2, hasMore: true, epoch: EPOCH },
      { direct: [], group: [group(3)], cursor: 3, hasMore: false, epoch: EPOCH },
    ];
    const fetch = async (since: number) => {
      cursorWhenAsked.push(await readCursor(db));
      expect(since).toBe([0, 1, 2][cursorWhenAsked.length - 1]);
      return all.shift()!;
    };
    expect(await catchUp(db, fetch)).toBe(3);
    // Page 2 was asked for before page 1 was stored, page 3 before page 2 was.
    expect(cursorWhenAsked).toEqual([0, 0, 1]);
    expect(await readCursor(db)).toBe(3);
    expect(await db.messages.count()).toBe(3);
  });

  it('resumes from the last whole page after a failure mid-way', async () => {
    const source = pages([{ direct: [direct(5, OTHER, db.userId)], group: [], cursor: 5, hasMore: true, epoch: EPOCH }]);
    await expect(catchUp(db, source.fetch)).rejects.toThrow('no more pages');
    expect(await readCursor(db)).toBe(5);
    const again = pages([{ direct: [direct(6, OTHER, db.userId)], group: [], cursor: 6, hasMore: false, epoch: EPOCH }]);
    await catchUp(db, again.fetch);
    expect(again.asked).toEqual([5]);
    expect(await db.messages.count()).toBe(2);
  });

  it('lands my own message on its optimistic row, marked sent (no duplicate)', async () => {
    const mine = await queueDirect(db, db.userId, OTHER, 'typed offline', null);
    const echo = { ...direct(9, db.userId, OTHER, mine.clientId), text: 'typed offline' };
    await catchUp(db, pages([{ direct: [echo], group: [], cursor: 9, hasMore: false, epoch: EPOCH }]).fetch);
    const rows = await db.messages.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: mine.key, status: 'sent', seq: 9, _id: echo._id });
  });
});

describe('catch-up across server epochs', () => {
  it('starts over from 0 when the server database was replaced, keeping what waits to be sent', async () => {
    await catchUp(db, pages([{ direct: [direct(40, OTHER, db.userId)], group: [], cursor: 40, hasMore: false, epoch: EPOCH }]).fetch);
    const waiting = await queueDirect(db, db.userId, OTHER, 'still to send', null);
    // The new database knows nothing past seq 3: a cursor at 40 would wait there for good.
    const source = pages([
      { direct: [], group: [], cursor: 40, hasMore: false, epoch: 'epoch-two' },
      { direct: [direct(3, OTHER, db.userId)], group: [], cursor: 3, hasMore: false, epoch: 'epoch-two' },
    ]);
    expect(await catchUp(db, source.fetch)).toBe(3);
    expect(source.asked).toEqual([40, 0]);
    expect((await db.messages.toArray()).map((m) => m.text).sort()).toEqual(['m3', 'still to send']);
    expect(await db.messages.get(waiting.key)).toMatchObject({ status: 'queued' });
    const again = pages([{ direct: [], group: [], cursor: 3, hasMore: false, epoch: 'epoch-two' }]);
    await catchUp(db, again.fetch);
    expect(again.asked).toEqual([3]);
  });

  it('re-reads from 0, deleting nothing, when a cursor has no epoch yet (kept by an older version)', async () => {
    await catchUp(db, pages([{ direct: [direct(12, OTHER, db.userId)], group: [], cursor: 12, hasMore: false, epoch: EPOCH }]).fetch);
    await db.meta.delete('syncEpoch');
    const source = pages([
      { direct: [], group: [], cursor: 12, hasMore: false, epoch: EPOCH },
      { direct: [direct(12, OTHER, db.userId)], group: [], cursor: 12, hasMore: false, epoch: EPOCH },
    ]);
    await catchUp(db, source.fetch);
    expect(source.asked).toEqual([12, 0]);
    expect(await db.messages.count()).toBe(1);
  });
});

describe('merge (pure)', () => {
  it('lets the server copy win for content and order and always ends sent', () => {
    const local = { ...fromDirect(direct(1, 'me'.padEnd(24, 'e'), OTHER), 'me'.padEnd(24, 'e')), status: 'failed' as const, error: 'x', text: 'old', seq: null };
    const merged = mergeServerMessage(local, fromDirect(direct(7, 'me'.padEnd(24, 'e'), OTHER, local.clientId), 'me'.padEnd(24, 'e')));
    expect(merged).toMatchObject({ status: 'sent', error: null, seq: 7, text: 'm7' });
  });

  it('skips rows that would not change and keeps the last of duplicates in a batch', () => {
    const me = 'd'.repeat(24);
    const a = fromDirect(direct(1, OTHER, me), me);
    const existing = new Map([[a.key, a]]);
    expect(mergeBatch(existing, [a])).toEqual([]);
    const b = fromDirect(direct(2, OTHER, me), me);
    expect(mergeBatch(existing, [b, b]).map((m) => m.key)).toEqual([b.key]);
  });
});
