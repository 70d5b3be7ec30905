import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectMessage } from '../../../src/shared/api';
import type { HavenDb } from '../../../src/client/db/database';
import { IncomingMessages } from '../../../src/client/sync/incoming';
import { fromDirect } from '../../../src/client/sync/merge';
import { freshDb, OTHER } from './fixtures';

let db: HavenDb;
beforeEach(async () => {
  db = freshDb();
  await db.open();
});
afterEach(() => db.close());

const direct = (seq: number): DirectMessage => ({
  _id: seq.toString(16).padStart(24, '0'), seq, senderId: OTHER, receiverId: db.userId, text: `live ${seq}`, image: null,
  clientId: `live-${seq}-abcdef`, createdAt: new Date().toISOString(),
});

describe('live messages from the socket', () => {
  it('gathers a burst into one write, and writes nothing for echoes of what is already stored', async () => {
    const onError = vi.fn();
    const incoming = new IncomingMessages(db, onError);
    const writes = vi.fn();
    db.messages.hook('creating', writes);
    db.messages.hook('updating', writes);
    for (let seq = 1; seq <= 5; seq += 1) incoming.add(fromDirect(direct(seq), db.userId));
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(5));
    expect(writes).toHaveBeenCalledTimes(5);
    writes.mockClear();
    for (let seq = 1; seq <= 5; seq += 1) incoming.add(fromDirect(direct(seq), db.userId));
    await new Promise((r) => setTimeout(r, 100));
    expect(writes).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    incoming.stop();
  });

  it('a message held back lands only when nothing newer of it is here: a take-back that came first stays', async () => {
    const incoming = new IncomingMessages(db, vi.fn());
    const original = fromDirect(direct(7), db.userId);
    const takenBack = fromDirect({ ...direct(7), text: '', deletedAt: new Date().toISOString(), deletedBy: 'sender' }, db.userId);
    // The take-back was already stored; in a second case it waits in the same gathered batch.
    incoming.add(takenBack);
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(1));
    incoming.add(original, { onlyIfNew: true });
    const edited = fromDirect({ ...direct(8), text: 'edited' }, db.userId);
    incoming.add(edited);
    incoming.add(fromDirect(direct(8), db.userId), { onlyIfNew: true });
    // Nothing else of this one: the held-back copy lands.
    incoming.add(fromDirect(direct(9), db.userId), { onlyIfNew: true });
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(3));
    const stored = await db.messages.bulkGet([original.key, edited.key, fromDirect(direct(9), db.userId).key]);
    expect(stored.map((m) => [m?.text, Boolean(m?.deletedAt)])).toEqual([['', true], ['edited', false], ['live 9', false]]);
    incoming.stop();
  });

  it('writes nothing once stopped', async () => {
    const incoming = new IncomingMessages(db, vi.fn());
    incoming.stop();
    incoming.add(fromDirect(direct(1), db.userId));
    await new Promise((r) => setTimeout(r, 100));
    expect(await db.messages.count()).toBe(0);
  });
});
