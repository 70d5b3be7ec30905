/** Edits and reactions through the outbox: shown at once, sent in order with the words around them, reverted calmly when refused. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HavenDb, LocalMessage } from '../../../src/client/db/database';
import { Flusher } from '../../../src/client/sync/flusher';
import { messageTables, putServerMessages, fromDirect } from '../../../src/client/sync/merge';
import { queueDirect, queueEdit, queueReaction } from '../../../src/client/sync/outbox';
import type { DirectMessage } from '../../../src/shared/api';
import { freshDb, noLock, OTHER, ScriptedTransport } from './fixtures';

let db: HavenDb;
let transport: ScriptedTransport;
let online = true;
let notices: string[] = [];
const flusher = () => new Flusher(db, transport, { lock: noLock, isOnline: () => online, onNotice: (t) => notices.push(t) });

beforeEach(async () => {
  db = freshDb();
  await db.open();
  transport = new ScriptedTransport(db.userId);
  online = true;
  notices = [];
});
afterEach(() => db.close());

/** A message of ours, sent and stored by the fake server. */
async function sent(text: string): Promise<LocalMessage> {
  const m = await queueDirect(db, db.userId, OTHER, text, null);
  await flusher().flush();
  const stored = (await db.messages.get(m.key))!;
  expect(stored.status).toBe('sent');
  return stored;
}

const row = async (key: string) => (await db.messages.get(key))!;

describe('an edit', () => {
  it('queued offline shows at once, then goes after its message and before the words typed after it', async () => {
    const first = await sent('see you at 5');
    online = false;
    await queueEdit(db, first, 'see you at 6');
    const after = await queueDirect(db, db.userId, OTHER, 'bring the book', null);
    expect(await row(first.key)).toMatchObject({ text: 'see you at 6', status: 'sent', confirmed: { text: 'see you at 5', editedAt: null } });
    expect((await row(first.key)).editedAt).toEqual(expect.any(String));

    online = true;
    await flusher().flush();
    expect(transport.batches.at(-1)!.map((r) => r.request.kind)).toEqual(['edit', 'direct']);
    expect(transport.stored.get(first._id!)!.text).toBe('see you at 6');
    const edited = await row(first.key);
    expect(edited).toMatchObject({ text: 'see you at 6', status: 'sent', error: null });
    expect(edited.confirmed).toBeUndefined();
    expect(edited.editedAt).toBe(transport.stored.get(first._id!)!.editedAt);
    expect(await row(after.key)).toMatchObject({ status: 'sent', text: 'bring the book' });
    expect(await db.outbox.count()).toBe(0);
    // Sent exactly once: a second run finds nothing to send.
    await flusher().flush();
    expect(transport.sent.filter((r) => r.request.kind === 'edit')).toHaveLength(1);
  });

  it('refused by the server goes back to the server version, never failed, and says so calmly', async () => {
    const first = await sent('original words');
    await queueEdit(db, first, 'new words');
    transport.script.push({ ok: false, kind: 'rejected', message: 'Bad' });
    await flusher().flush();
    const back = await row(first.key);
    expect(back).toMatchObject({ text: 'original words', editedAt: null, status: 'sent', error: null });
    expect(back.confirmed).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(notices).toEqual(['Your edit could not be saved: it can no longer be changed.']);
    expect(notices.join()).not.toContain('Bad');
  });

  it('a refused edit keeps the later change still waiting on top', async () => {
    const first = await sent('one');
    online = false;
    await queueEdit(db, first, 'two');
    await queueReaction(db, first, '❤️', true);
    online = true;
    // The edit is the batch's first item, so it alone is refused.
    transport.script.push({ ok: false, kind: 'rejected', message: 'No' });
    await flusher().flush();
    const now = await row(first.key);
    expect(now.text).toBe('one');
    expect(now.reactions).toEqual([{ emoji: '❤️', userIds: [db.userId] }]);
  });

  it('is refused on the device for a message not stored yet', async () => {
    online = false;
    const waiting = await queueDirect(db, db.userId, OTHER, 'not yet', null);
    await expect(queueEdit(db, waiting, 'changed')).rejects.toThrow('not sent yet');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('a reaction', () => {
  it('toggled twice offline shows each step and ends with no reaction, the server told both in order', async () => {
    const first = await sent('I made it through today');
    online = false;
    await queueReaction(db, first, '💪', true);
    expect((await row(first.key)).reactions).toEqual([{ emoji: '💪', userIds: [db.userId] }]);
    await queueReaction(db, first, '💪', false);
    expect((await row(first.key)).reactions).toEqual([]);
    online = true;
    await flusher().flush();
    const reacts = transport.sent.filter((r) => r.request.kind === 'react').map((r) => r.request.kind === 'react' && r.request.add);
    expect(reacts).toEqual([true, false]);
    expect(transport.stored.get(first._id!)!.reactions).toEqual([]);
    const final = await row(first.key);
    expect(final.reactions).toEqual([]);
    expect(final.confirmed).toBeUndefined();
  });

  it('waiting while someone else reacts: both show, and the change stays on top of the server copy', async () => {
    const first = await sent('hello');
    online = false;
    await queueReaction(db, first, '❤️', true);
    const server = transport.stored.get(first._id!)! as DirectMessage;
    const theirs = { ...server, reactions: [{ emoji: '🤗', userIds: [OTHER] }] };
    await db.transaction('rw', messageTables(db), () => putServerMessages(db, [fromDirect(theirs, db.userId)]));
    const shown = await row(first.key);
    expect(shown.reactions).toEqual([{ emoji: '🤗', userIds: [OTHER] }, { emoji: '❤️', userIds: [db.userId] }]);
    expect(shown.confirmed).toEqual({ text: 'hello', editedAt: null, reactions: [{ emoji: '🤗', userIds: [OTHER] }] });
  });
});
