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
});
