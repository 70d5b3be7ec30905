/**
 * The private help note: the device's own check notes it at once; the server's verdict on a sent
 * message (the same detector) fills in only when the device's check did not, and never brings back
 * a card the person dismissed.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HavenDb } from '../../../src/client/db/database';
import { dismissHelp, noteKey, offerHelp } from '../../../src/client/safety/help-notes';
import { applyBatch } from '../../../src/client/sync/apply';
import { queueDirect } from '../../../src/client/sync/outbox';
import { freshDb, OTHER, serverEcho } from '../sync/fixtures';
import { directKey } from '../../../src/shared/conversation';

let db: HavenDb;
beforeEach(async () => {
  db = freshDb();
  await db.open();
});
afterEach(() => db.close());

const scope = directKey(OTHER);
const note = async () => (await db.meta.get(noteKey(scope)))?.value as { subject: string } | undefined;

async function sendAndAck(text: string, help?: { subject: 'self' | 'other'; category: string | null }) {
  await queueDirect(db, db.userId, OTHER, text, null);
  const rows = await db.outbox.toArray();
  const row = rows.at(-1)!;
  await applyBatch(db, [row], [{ ok: true, data: serverEcho(row, db.userId), help }]);
}

describe('help notes', () => {
  it('the device notes a crisis message at once, worded for whose risk it is', async () => {
    await offerHelp(db, scope, 'my sister keeps saying she wants to kill herself');
    expect((await note())?.subject).toBe('other');
    await offerHelp(db, 'diary', 'lunch with mum was lovely');
    expect(await db.meta.get(noteKey('diary'))).toBeUndefined();
  });

  it("the server's verdict notes a message the device did not check", async () => {
    await sendAndAck('tonight is the night, i have everything ready', { subject: 'self', category: 'plan' });
    expect((await note())?.subject).toBe('self');
  });

  it('an answer without help notes nothing', async () => {
    await sendAndAck('see you at 6');
    expect(await note()).toBeUndefined();
  });

  it('a card dismissed after the message was written does not come back when the send is acknowledged', async () => {
    await queueDirect(db, db.userId, OTHER, 'i want to die', null);
    await offerHelp(db, scope, 'i want to die');
    expect(await note()).toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    await dismissHelp(db, scope);
    const [row] = await db.outbox.toArray();
    await applyBatch(db, [row!], [{ ok: true, data: serverEcho(row!, db.userId), help: { subject: 'self', category: 'wish_dead' } }]);
    expect(await note()).toBeUndefined();
    // A later crisis message brings the card again.
    await new Promise((r) => setTimeout(r, 5));
    await sendAndAck('i want to die, nothing has changed', { subject: 'self', category: 'wish_dead' });
    expect(await note()).toBeDefined();
  });
});
