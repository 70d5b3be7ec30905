/** Community safety on the device (docs/community-safety.md): blocks hold on every path in, tombstones replace, quiet conversations count nothing. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DirectMessage, GroupMessage, SyncPage } from '../../../src/shared/api';
import { type HavenDb } from '../../../src/client/db/database';
import { catchUp } from '../../../src/client/sync/catchup';
import { IncomingMessages } from '../../../src/client/sync/incoming';
import { fromDirect, fromGroup, mergeBatch, withoutBlocked } from '../../../src/client/sync/merge';
import { storePage } from '../../../src/client/sync/history';
import { forgetPeople, isMuted } from '../../../src/client/sync/safety';
import { readSummaries } from '../../../src/client/sync/unread';
import { freshDb, GROUP, OTHER } from './fixtures';
import { directKey, groupKey } from '../../../src/shared/conversation';

const THIRD = 'd'.repeat(24);
let db: HavenDb;
beforeEach(async () => {
  db = freshDb();
  await db.open();
});
afterEach(() => db.close());

const direct = (seq: number, senderId: string, receiverId: string, extra: Partial<DirectMessage> = {}): DirectMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, senderId, receiverId, text: `m${seq}`, image: null, clientId: `cid-${seq}-abcdef`,
  createdAt: new Date(seq).toISOString(), ...extra,
});
const group = (seq: number, senderId: string, extra: Partial<GroupMessage> = {}): GroupMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, groupId: GROUP, senderId, sender: { _id: senderId, fullName: 'S', profilePic: '' },
  text: `g${seq}`, clientId: `gid-${seq}-abcdef`, createdAt: new Date(seq).toISOString(), ...extra,
});
const page = (d: DirectMessage[], g: GroupMessage[], cursor: number): SyncPage => ({ direct: d, group: g, cursor, hasMore: false, epoch: 'e' });
const block = (id: string) => db.blocks.put({ _id: id, fullName: 'Blocked', profilePic: '', blockedAt: new Date().toISOString(), synced: 1 });

describe('a block on the device', () => {
  it('keeps a blocked sender out of catch-up, direct and group, and keeps everyone else and my own words', async () => {
    await block(OTHER);
    await catchUp(db, async () => page(
      [direct(1, OTHER, db.userId), direct(2, db.userId, OTHER), direct(3, THIRD, db.userId)],
      [group(4, OTHER), group(5, THIRD)], 5,
    ));
    const texts = (await db.messages.toArray()).map((m) => m.text).sort();
    expect(texts).toEqual(['g5', 'm2', 'm3']);
  });

  it('keeps a blocked sender out of live events and of history pages', async () => {
    await block(OTHER);
    const incoming = new IncomingMessages(db, (error) => { throw error; });
    incoming.add(fromDirect(direct(7, OTHER, db.userId), db.userId));
    incoming.add(fromGroup(group(8, OTHER)));
    incoming.add(fromGroup(group(9, THIRD)));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await storePage(db, directKey(OTHER), [fromDirect(direct(6, OTHER, db.userId), db.userId)], false);
    expect((await db.messages.toArray()).map((m) => m.text)).toEqual(['g9']);
  });

  it('forgets what the device already held from that person, and only that', async () => {
    await catchUp(db, async () => page([direct(1, OTHER, db.userId), direct(2, db.userId, OTHER)], [group(3, OTHER), group(4, THIRD)], 4));
    await db.requests.put({ _id: OTHER, fullName: 'O', profilePic: '', role: 'user', count: 1, lastAt: new Date().toISOString() });
    await forgetPeople(db, [OTHER]);
    expect((await db.messages.toArray()).map((m) => m.text).sort()).toEqual(['g4', 'm2']);
    expect(await db.requests.count()).toBe(0);
  });

  it('never filters my own messages, even if my id were in the list', () => {
    const mine = fromDirect(direct(1, db.userId, OTHER), db.userId);
    expect(withoutBlocked([mine], new Set([db.userId]), db.userId)).toEqual([mine]);
  });
});

describe('a tombstone', () => {
  it('replaces the stored message in place: same key and seq, no words, who took it back', async () => {
    await catchUp(db, async () => page([direct(1, OTHER, db.userId)], [], 1));
    await catchUp(db, async () => page([direct(1, OTHER, db.userId, { text: '', deletedAt: new Date(9).toISOString(), deletedBy: 'moderator' })], [], 12));
    const [row] = await db.messages.toArray();
    expect(row).toMatchObject({ seq: 1, sortKey: 1, text: '', deletedBy: 'moderator' });
    expect(row!.deletedAt).toBeTruthy();
  });

  it('is a change even when the text was already empty (an image-only message)', () => {
    const before = fromDirect(direct(1, OTHER, db.userId, { text: '' }), db.userId);
    const after = fromDirect(direct(1, OTHER, db.userId, { text: '', deletedAt: new Date(2).toISOString(), deletedBy: 'sender' }), db.userId);
    expect(mergeBatch(new Map([[before.key, before]]), [after])).toHaveLength(1);
    expect(mergeBatch(new Map([[after.key, after]]), [after])).toHaveLength(0);
  });
});

describe('quiet conversations', () => {
  it('count nothing while muted or a request, and a taken-back message is never unread', async () => {
    await catchUp(db, async () => page(
      [direct(1, OTHER, db.userId), direct(2, THIRD, db.userId), direct(3, THIRD, db.userId, { text: '', deletedAt: new Date(3).toISOString(), deletedBy: 'sender' })],
      [group(4, OTHER)], 4,
    ));
    let summaries = await readSummaries(db);
    expect(summaries.get(directKey(OTHER))?.unread).toBe(1);
    expect(summaries.get(directKey(THIRD))?.unread).toBe(1);
    expect(summaries.get(groupKey(GROUP))?.unread).toBe(1);

    await db.mutes.put({ conversation: groupKey(GROUP), until: null });
    await db.mutes.put({ conversation: directKey(OTHER), until: new Date(Date.now() - 1000).toISOString() });
    await db.requests.put({ _id: THIRD, fullName: 'T', profilePic: '', role: 'user', count: 2, lastAt: new Date().toISOString() });
    summaries = await readSummaries(db);
    expect(summaries.get(groupKey(GROUP))).toMatchObject({ unread: 0, muted: true });
    expect(summaries.get(directKey(THIRD))).toMatchObject({ unread: 0, request: true });
    // An ended mute is no mute.
    expect(summaries.get(directKey(OTHER))).toMatchObject({ unread: 1, muted: false });
  });

  it('reads a mute as holding until its time, and always when it has none', () => {
    expect(isMuted(null)).toBe(true);
    expect(isMuted(new Date(Date.now() + 60_000).toISOString())).toBe(true);
    expect(isMuted(new Date(Date.now() - 60_000).toISOString())).toBe(false);
    expect(isMuted(undefined)).toBe(false);
  });
});
