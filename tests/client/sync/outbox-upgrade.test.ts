/** Rows queued by the version before the outbox held requests are still sent, as requests, after an update. */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HavenDb } from '../../../src/client/db/database';
import { upgradeOutboxRow } from '../../../src/client/db/outbox-upgrade';

const OTHER = 'b'.repeat(24);
const GROUP = 'c'.repeat(24);
const CHAT = 'd'.repeat(24);

describe('upgradeOutboxRow', () => {
  it('turns each old kind into the request it sends', () => {
    expect(upgradeOutboxRow({ kind: 'direct', target: OTHER, clientId: 'c-1-abcdefgh', body: { text: 'hi', image: '', clientId: 'c-1-abcdefgh' } }))
      .toEqual({ request: { kind: 'direct', to: OTHER, text: 'hi', image: null, clientId: 'c-1-abcdefgh' } });
    expect(upgradeOutboxRow({ kind: 'group', target: GROUP, clientId: 'c-2-abcdefgh', body: { text: 'all', clientId: 'c-2-abcdefgh' } }))
      .toEqual({ request: { kind: 'group', groupId: GROUP, text: 'all', clientId: 'c-2-abcdefgh' } });
    expect(upgradeOutboxRow({ kind: 'aura', target: CHAT, clientId: 'c-3-abcdefgh', body: { text: 'first', img: null, clientId: 'c-3-abcdefgh', isNew: true } }))
      .toEqual({ request: { kind: 'aura', chatId: CHAT, create: { chatId: CHAT, text: 'first', img: null, clientId: 'c-3-abcdefgh' } } });
    expect(upgradeOutboxRow({ kind: 'aura', target: CHAT, clientId: 'c-4-abcdefgh', body: { text: 'later', img: '/u/x.png', clientId: 'c-4-abcdefgh', isNew: false } }))
      .toEqual({ request: { kind: 'aura', chatId: CHAT, ask: { question: 'later', img: '/u/x.png', clientId: 'c-4-abcdefgh' } } });
  });

  it('leaves a row that already holds its request as it is', () => {
    const request = { kind: 'group', groupId: GROUP, text: 'x', clientId: 'c-5-abcdefgh' } as const;
    expect(upgradeOutboxRow({ request })).toEqual({ request });
  });
});

describe('the database upgrade', () => {
  it('rewrites rows stored by the previous version in place, keeping their order and state', async () => {
    const me = 'e'.repeat(20) + '0001';
    // The previous version's outbox, as a device that updated with messages still waiting has it.
    const old = new Dexie(`haven-${me}`);
    old.version(5).stores({ outbox: '++order, messageKey, status, nextAttemptAt', messages: 'key, conversation, [conversation+sortKey], status, _id' });
    await old.open();
    await old.table('outbox').bulkAdd([
      { messageKey: `${me}:c-1-abcdefgh`, clientId: 'c-1-abcdefgh', kind: 'direct', target: OTHER, body: { text: 'typed offline', image: null, clientId: 'c-1-abcdefgh' }, status: 'queued', attempts: 2, nextAttemptAt: 5, error: null },
      { messageKey: 'c-2-abcdefgh', clientId: 'c-2-abcdefgh', kind: 'aura', target: CHAT, body: { text: 'are you there', img: null, clientId: 'c-2-abcdefgh', isNew: true }, status: 'failed', attempts: 1, nextAttemptAt: 0, error: 'Failed to send message' },
    ]);
    old.close();

    const db = new HavenDb(me);
    const rows = await db.outbox.orderBy('order').toArray();
    expect(rows.map(({ order: _order, ...row }) => row)).toEqual([
      { messageKey: `${me}:c-1-abcdefgh`, request: { kind: 'direct', to: OTHER, text: 'typed offline', image: null, clientId: 'c-1-abcdefgh' }, status: 'queued', attempts: 2, nextAttemptAt: 5, error: null },
      { messageKey: 'c-2-abcdefgh', request: { kind: 'aura', chatId: CHAT, create: { chatId: CHAT, text: 'are you there', img: null, clientId: 'c-2-abcdefgh' } }, status: 'failed', attempts: 1, nextAttemptAt: 0, error: 'Failed to send message' },
    ]);
    db.close();
  });
});
