/**
 * A device keeps everything it holds when the app's database schema moves on, from whichever
 * version it last ran: only the versions with an upgrade function are declared now (database.ts),
 * so these open databases made by the older declarations, as devices still have them.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HavenDb } from '../../../src/client/db/database';

/** The schema as each old version declared it (version 1 whole, then what each added). */
const V1 = {
  users: '_id, fullName', groups: '_id, name', messages: 'key, conversation, [conversation+sortKey], status, _id',
  aiChats: '_id, updatedAt', aiMessages: 'key, chatId, [chatId+sortKey]', diary: 'id, date', outbox: '++order, messageKey, status', meta: 'key',
};
const UP_TO_8 = {
  ...V1, outbox: '++order, messageKey, status, nextAttemptAt', safetyPlan: 'section', reads: 'conversation',
  blocks: '_id', requests: '_id', mutes: 'conversation', images: 'ref, createdAt', checkIns: 'id, day',
};

const TABLES = ['aiChats', 'aiMessages', 'blocks', 'checkIns', 'diary', 'groups', 'images', 'messages', 'meta', 'mutes', 'outbox', 'reads', 'requests', 'safetyPlan', 'screenings', 'users'];
const person = (n: number) => `${'f'.repeat(20)}${String(n).padStart(4, '0')}`;

describe('opening a database made by an older version', () => {
  it('from version 1: the diary, messages and queued rows stay, every table and index of today is there', async () => {
    const me = person(1);
    const old = new Dexie(`haven-${me}`);
    old.version(1).stores(V1);
    await old.open();
    await old.table('diary').add({ id: 'd1', date: '2026-01-02', text: 'written on the first version' });
    await old.table('messages').add({ key: `${me}:c-1-abcdefgh`, conversation: 'dm:x', sortKey: 1, status: 'sent', _id: 'm1', text: 'hello' });
    await old.table('outbox').add({ messageKey: `${me}:c-2-abcdefgh`, clientId: 'c-2-abcdefgh', kind: 'direct', target: 'b'.repeat(24), body: { text: 'typed offline', image: null, clientId: 'c-2-abcdefgh' }, status: 'queued', attempts: 0, error: null });
    old.close();

    const db = new HavenDb(me);
    await db.open();
    expect(db.verno).toBe(9);
    expect(db.tables.map((t) => t.name).toSorted()).toEqual(TABLES);
    expect(await db.diary.get('d1')).toMatchObject({ text: 'written on the first version' });
    expect(await db.messages.where('[conversation+sortKey]').between(['dm:x', 0], ['dm:x', 10]).toArray()).toHaveLength(1);
    // Queued on version 1, sent as a request now, and found by the index version 2 added.
    expect(await db.outbox.where('status').equals('queued').toArray()).toEqual([
      expect.objectContaining({ request: { kind: 'direct', to: 'b'.repeat(24), text: 'typed offline', image: null, clientId: 'c-2-abcdefgh' } }),
    ]);
    // The row never backed off, so it has no nextAttemptAt; the index answers (a missing one throws).
    expect(await db.outbox.where('nextAttemptAt').below(1).count()).toBe(0);
    db.close();
  });

  it('from version 8: check-ins and photos waiting to be sent stay, and the questionnaires table is added', async () => {
    const me = person(8);
    const old = new Dexie(`haven-${me}`);
    old.version(8).stores(UP_TO_8);
    await old.open();
    await old.table('checkIns').add({ id: 'c1', day: '2026-03-04', mood: 4 });
    await old.table('images').add({ ref: 'img-1', createdAt: 5, type: 'image/png' });
    old.close();

    const db = new HavenDb(me);
    await db.open();
    expect(db.verno).toBe(9);
    expect(db.tables.map((t) => t.name).toSorted()).toEqual(TABLES);
    expect(await db.checkIns.where('day').equals('2026-03-04').toArray()).toEqual([{ id: 'c1', day: '2026-03-04', mood: 4 }]);
    expect(await db.images.get('img-1')).toMatchObject({ createdAt: 5 });
    await db.screenings.add({ id: 's1', kind: 'phq9', at: '2026-03-05' } as never);
    expect(await db.screenings.where('kind').equals('phq9').count()).toBe(1);
    db.close();
  });

  it('a new device gets the same tables and indexes as one that upgraded', async () => {
    const fresh = new HavenDb(person(2));
    await fresh.open();
    const upgradedName = person(3);
    const old = new Dexie(`haven-${upgradedName}`);
    old.version(1).stores(V1);
    await old.open();
    old.close();
    const upgraded = new HavenDb(upgradedName);
    await upgraded.open();
    const shape = (db: Dexie) => Object.fromEntries(db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).toSorted()]]));
    // What the browser itself holds, not only Dexie's idea of it.
    const stored = async (name: string) => {
      const raw = await new Dexie(name).open();
      const result = shape(raw);
      raw.close();
      return result;
    };
    fresh.close();
    upgraded.close();
    expect(await stored(`haven-${upgradedName}`)).toEqual(await stored(`haven-${person(2)}`));
  });
});
