/** Photos attached offline wait on the device like words: uploaded once, sent once, in order, across a reload. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HavenDb } from '../../../src/client/db/database';
import { isDeviceImage, keepImage, sweepOrphanImages, ORPHAN_IMAGE_AGE_MS } from '../../../src/client/db/device-images';
import { Flusher } from '../../../src/client/sync/flusher';
import { discard, queueAura, queueDirect, queueGroup } from '../../../src/client/sync/outbox';
import { batchItem } from '../../../src/client/sync/transport';
import { CHAT_UPLOAD } from '../../../src/client/features/chat/upload';
import { AURA_UPLOAD } from '../../../src/client/features/aura/upload';
import { requestText } from '../../../src/shared/outgoing';
import { freshDb, GROUP, noLock, OTHER, ScriptedTransport } from './fixtures';

let db: HavenDb;
let transport: ScriptedTransport;
let online = true;
const flusher = () => new Flusher(db, transport, { lock: noLock, isOnline: () => online, onNotice: () => {} });
const photo = () => new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' });

beforeEach(async () => {
  db = freshDb();
  await db.open();
  transport = new ScriptedTransport(db.userId);
  online = true;
});
afterEach(() => db.close());

describe('a photo attached offline', () => {
  it('is uploaded once and sent once after the reload and reconnect, in order with the words around it', async () => {
    online = false;
    await queueDirect(db, db.userId, OTHER, 'before', null);
    const ref = await keepImage(db, photo(), CHAT_UPLOAD);
    expect(isDeviceImage(ref)).toBe(true);
    const withPhoto = await queueDirect(db, db.userId, OTHER, 'look', ref);
    await queueDirect(db, db.userId, OTHER, 'after', null);
    await flusher().flush();
    expect(transport.uploads).toHaveLength(0);
    expect(await db.messages.get(withPhoto.key)).toMatchObject({ status: 'queued', image: ref });

    // A reload: the engine and its database are made again from what IndexedDB kept.
    db.close();
    db = new HavenDb(db.userId);
    await db.open();
    expect(await db.images.get(ref)).toMatchObject({ place: CHAT_UPLOAD });
    online = true;
    await flusher().flush();

    expect(transport.uploads).toHaveLength(1);
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['before', 'look', 'after']);
    const stored = [...transport.stored.values()];
    expect(stored.map((m) => [m.text, m.image])).toEqual([['before', null], ['look', '/uploads/photo-1.png'], ['after', null]]);
    expect(await db.messages.get(withPhoto.key)).toMatchObject({ status: 'sent', image: '/uploads/photo-1.png' });
    expect(await db.images.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    await flusher().flush();
    expect(transport.uploads).toHaveLength(1);
    expect(transport.stored.size).toBe(3);
  });

  it('whose upload got no answer holds back its message and the words after it; the next try uploads it and sends each once', async () => {
    await queueDirect(db, db.userId, OTHER, 'before', null);
    await queueDirect(db, db.userId, OTHER, 'look', await keepImage(db, photo(), CHAT_UPLOAD));
    await queueDirect(db, db.userId, OTHER, 'after', null);
    transport.uploadScript.push({ ok: false, kind: 'offline', message: 'No connection' });
    await flusher().flush();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['before']);
    expect(await db.outbox.count()).toBe(2);

    await flusher().flush();
    expect(transport.uploads).toHaveLength(2);
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['before', 'look', 'after']);
  });

  it('is not uploaded again when the send after the upload fails: the URL was recorded first', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'look', await keepImage(db, photo(), CHAT_UPLOAD));
    transport.script.push({ ok: false, kind: 'offline', message: 'No connection' });
    await flusher().flush();
    expect(transport.uploads).toHaveLength(1);
    const [row] = await db.outbox.toArray();
    expect(row!.request).toMatchObject({ image: '/uploads/photo-1.png' });
    expect(await db.images.count()).toBe(0);
    await flusher().flush();
    expect(transport.uploads).toHaveLength(1);
    expect(await db.messages.get(m.key)).toMatchObject({ status: 'sent', image: '/uploads/photo-1.png' });
    expect(transport.stored.size).toBe(1);
  });

  it('goes to groups and to Aura the same way', async () => {
    const me = { _id: db.userId, fullName: 'Me', profilePic: '' };
    const inGroup = await queueGroup(db, me, GROUP, '', await keepImage(db, photo(), CHAT_UPLOAD));
    const { question } = await queueAura(db, null, 'what is this?', await keepImage(db, photo(), AURA_UPLOAD));
    await flusher().flush();
    expect(transport.uploads.map((u) => u.place)).toEqual(expect.arrayContaining([CHAT_UPLOAD, AURA_UPLOAD]));
    expect(await db.messages.get(inGroup.key)).toMatchObject({ status: 'sent', image: expect.stringMatching(/^\/uploads\//) });
    expect(await db.aiMessages.get(question.key)).toMatchObject({ status: 'sent', img: expect.stringMatching(/^\/uploads\//) });
    const auraRow = transport.sent.find((r) => r.request.kind === 'aura')!;
    expect(auraRow.request).toMatchObject({ create: { img: expect.stringMatching(/^\/uploads\//) } });
  });

  it('refused by the image store marks its message failed; Delete removes the kept photo too', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'look', await keepImage(db, photo(), CHAT_UPLOAD));
    const next = await queueDirect(db, db.userId, OTHER, 'more', null);
    transport.uploadScript.push({ ok: false, kind: 'rejected', message: 'Failed to upload image' });
    await flusher().flush();
    expect(await db.messages.get(m.key)).toMatchObject({ status: 'failed', error: 'Failed to upload image' });
    expect(await db.messages.get(next.key)).toMatchObject({ status: 'sent' });
    await discard(db, m.key);
    expect(await db.images.count()).toBe(0);
    expect(await db.messages.get(m.key)).toBeUndefined();
  });
});

describe('the device reference', () => {
  it('is never sent in place of a photo', async () => {
    const ref = await keepImage(db, photo(), CHAT_UPLOAD);
    await queueDirect(db, db.userId, OTHER, 'x', ref);
    const [row] = await db.outbox.toArray();
    expect(() => batchItem(row!)).toThrow('uploaded first');
  });

  it('left behind by a send that never got stored is swept after a while', async () => {
    const orphan = await keepImage(db, photo(), CHAT_UPLOAD);
    const named = await keepImage(db, photo(), CHAT_UPLOAD);
    online = false;
    await queueDirect(db, db.userId, OTHER, 'x', named);
    expect(await sweepOrphanImages(db)).toBe(0);
    expect(await sweepOrphanImages(db, Date.now() + ORPHAN_IMAGE_AGE_MS + 1)).toBe(1);
    expect(await db.images.get(orphan)).toBeUndefined();
    expect(await db.images.get(named)).toBeDefined();
  });
});
