import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HavenDb } from '../../../src/client/db/database';
import { Flusher } from '../../../src/client/sync/flusher';
import { discard, queueAura, queueDirect, queueGroup, retry } from '../../../src/client/sync/outbox';
import { fromDirect } from '../../../src/client/sync/merge';
import { freshDb, GROUP, noLock, OTHER, ScriptedTransport, serverEcho } from './fixtures';
import { directKey } from '../../../src/shared/conversation';
import { requestClientId, requestText } from '../../../src/shared/outgoing';

let db: HavenDb;
let transport: ScriptedTransport;
let now = 1_000_000;
let online = true;
const flusher = (onUnauthorized = () => {}) => new Flusher(db, transport, { lock: noLock, now: () => now, onUnauthorized, isOnline: () => online });

beforeEach(async () => {
  db = freshDb();
  await db.open();
  transport = new ScriptedTransport(db.userId);
  now = 1_000_000;
  online = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
});

const statuses = async () => (await db.messages.toArray()).sort((a, b) => a.sortKey - b.sortKey).map((m) => [m.text, m.status]);

describe('enqueue', () => {
  it('writes the optimistic message and its outbox row together, with one clientId', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'hello', null);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ messageKey: m.key, status: 'queued' });
    expect(row!.request).toEqual({ kind: 'direct', to: OTHER, text: 'hello', image: null, clientId: m.clientId, replyTo: null, writtenAt: m.writtenAt });
    expect(Date.parse(m.writtenAt!)).toBe(Date.parse(m.createdAt));
    expect(await db.messages.get(m.key)).toMatchObject({ status: 'queued', _id: null, conversation: directKey(OTHER) });
    expect(m.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('writes neither when the transaction fails', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'first', null);
    // Same key again: the messages insert fails, so the outbox row must not stay behind.
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValueOnce(m.clientId.slice(2) as `${string}-${string}-${string}-${string}-${string}`);
    await expect(queueDirect(db, db.userId, OTHER, 'second', null)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.messages.count()).toBe(1);
  });
});

describe('flusher', () => {
  it('sends in outbox order and replaces each optimistic row with the server copy', async () => {
    for (const t of ['one', 'two', 'three']) await queueDirect(db, db.userId, OTHER, t, null);
    await queueGroup(db, { _id: db.userId, fullName: 'Me', profilePic: '' }, GROUP, 'four');
    await flusher().flush();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['one', 'two', 'three', 'four']);
    expect(await db.outbox.count()).toBe(0);
    const stored = await db.messages.toArray();
    expect(stored.every((m) => m.status === 'sent' && m._id !== null && m.seq !== null)).toBe(true);
    expect(stored.sort((a, b) => a.sortKey - b.sortKey).map((m) => m.text)).toEqual(['one', 'two', 'three', 'four']);
  });

  it('sends direct and group rows together in batches of at most 100, in outbox order', async () => {
    for (let i = 0; i < 230; i += 1) await queueDirect(db, db.userId, OTHER, `m${i}`, null);
    await flusher().flush();
    expect(transport.batches.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(Array.from({ length: 230 }, (_, i) => `m${i}`));
    expect(await db.outbox.count()).toBe(0);
  });

  it('backs a failed batch off as a whole, then sends it again in order after the backoff', async () => {
    for (const t of ['one', 'two']) await queueDirect(db, db.userId, OTHER, t, null);
    transport.script.push({ ok: false, kind: 'retry', message: 'No connection' });
    const f = flusher();
    await f.flush();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['one', 'two']);
    const [first] = await db.outbox.toArray();
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.nextAttemptAt).toBeGreaterThan(now);
    expect(await statuses()).toEqual([['one', 'queued'], ['two', 'queued']]);
    // Before the backoff ends nothing is sent; after it, both go, in order.
    await f.flush();
    expect(transport.sent).toHaveLength(2);
    now = first!.nextAttemptAt;
    await f.flush();
    expect(transport.batches.map((b) => b.map((r) => requestText(r.request)))).toEqual([['one', 'two'], ['one', 'two']]);
    expect(await statuses()).toEqual([['one', 'sent'], ['two', 'sent']]);
  });

  it('spends no attempt while the browser is offline, and sends at once when it is back', async () => {
    for (const t of ['one', 'two']) await queueDirect(db, db.userId, OTHER, t, null);
    online = false;
    const f = flusher();
    await f.flush();
    expect(transport.sent).toHaveLength(0);
    expect((await db.outbox.toArray()).map((r) => r.attempts)).toEqual([0, 0]);
    online = true;
    await f.makeDue();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['one', 'two']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts no attempt for a request that failed because the network went away', async () => {
    await queueDirect(db, db.userId, OTHER, 'one', null);
    transport.script.push({ ok: false, kind: 'offline', message: 'No connection' });
    await flusher().flush();
    expect(await db.outbox.toArray()).toMatchObject([{ attempts: 0, nextAttemptAt: 0, status: 'queued' }]);
  });

  it('makes rows waiting out a long backoff due now when the connection returns (makeDue)', async () => {
    await queueDirect(db, db.userId, OTHER, 'waited', null);
    await db.outbox.toCollection().modify({ attempts: 9, nextAttemptAt: now + 60_000 });
    const f = flusher();
    await f.flush();
    expect(transport.sent).toHaveLength(0);
    await f.makeDue();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['waited']);
  });

  it('holds back only the conversation that is backing off; others go on', async () => {
    await queueDirect(db, db.userId, OTHER, 'to other, waiting', null);
    await queueGroup(db, { _id: db.userId, fullName: 'Me', profilePic: '' }, GROUP, 'to group');
    await queueDirect(db, db.userId, OTHER, 'to other, after', null);
    const [head] = await db.outbox.toArray();
    await db.outbox.update(head!.order!, { attempts: 3, nextAttemptAt: now + 30_000 });
    await flusher().flush();
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['to group']);
    expect((await db.outbox.toArray()).map((r) => requestText(r.request))).toEqual(['to other, waiting', 'to other, after']);
  });

  it('never lets a slow Aura answer hold back direct or group messages', async () => {
    await queueAura(db, null, 'a question for Aura', null);
    await queueDirect(db, db.userId, OTHER, 'a direct message', null);
    let answerAura!: () => void;
    const slow = new Promise<void>((resolve) => { answerAura = resolve; });
    const send = transport.send.bind(transport);
    transport.send = async (row) => { await slow; return send(row); };
    const run = flusher().flush();
    await vi.waitFor(async () => expect((await db.messages.toArray())[0]?.status).toBe('sent'));
    expect(await db.outbox.count()).toBe(1);
    answerAura();
    await run;
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks a refused message failed with the server message, keeps its text, and goes on', async () => {
    for (const t of ['bad', 'good']) await queueDirect(db, db.userId, OTHER, t, null);
    transport.script.push({ ok: false, kind: 'rejected', message: 'Invalid user selected' });
    await flusher().flush();
    const bad = (await db.messages.toArray()).find((m) => m.text === 'bad')!;
    expect(bad).toMatchObject({ status: 'failed', error: 'Invalid user selected' });
    expect((await db.messages.toArray()).find((m) => m.text === 'good')!.status).toBe('sent');

    await retry(db, bad.key);
    expect(await db.messages.get(bad.key)).toMatchObject({ status: 'queued', error: null });
    await flusher().flush();
    expect(await db.messages.get(bad.key)).toMatchObject({ status: 'sent' });
    expect(transport.sent.filter((r) => requestText(r.request) === 'bad').map((r) => requestClientId(r.request))).toEqual([bad.clientId, bad.clientId]);
  });

  it('deletes a failed message on request, but never a queued one', async () => {
    const queued = await queueDirect(db, db.userId, OTHER, 'waiting', null);
    await discard(db, queued.key);
    expect(await db.messages.get(queued.key)).toBeDefined();
    transport.script.push({ ok: false, kind: 'rejected', message: 'no' });
    await flusher().flush();
    await discard(db, queued.key);
    expect(await db.messages.get(queued.key)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('pauses on 401, keeps every row, and goes on after a new sign-in', async () => {
    for (const t of ['one', 'two']) await queueDirect(db, db.userId, OTHER, t, null);
    transport.script.push({ ok: false, kind: 'unauthorized', message: 'Please log in' });
    const onUnauthorized = vi.fn();
    const f = flusher(onUnauthorized);
    await f.flush();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(await db.outbox.count()).toBe(2);
    expect(await statuses()).toEqual([['one', 'queued'], ['two', 'queued']]);
    await f.flush();
    expect(transport.batches).toHaveLength(1);
    f.resume();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['one', 'two', 'one', 'two']);
  });

  it('sends a row left "sending" by a crash again, with the same clientId', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'in flight', null);
    await db.outbox.toCollection().modify({ status: 'sending' });
    await db.messages.update(m.key, { status: 'sending' });
    db.close();
    // A reload: a new database handle and a new flusher over the same stored rows.
    await db.open();
    await flusher().flush();
    expect(transport.sent).toHaveLength(1);
    expect(requestClientId(transport.sent[0]!.request)).toBe(m.clientId);
    expect(await db.messages.get(m.key)).toMatchObject({ status: 'sent' });
  });

  it('shares one run between overlapping triggers', async () => {
    for (const t of ['one', 'two', 'three']) await queueDirect(db, db.userId, OTHER, t, null);
    const f = flusher();
    await Promise.all([f.flush(), f.flush(), f.flush()]);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(transport.sent.map((r) => requestText(r.request))).toEqual(['one', 'two', 'three']);
  });

  it('keeps one row per message when the socket echo arrives before the answer (dedupe by key)', async () => {
    const m = await queueDirect(db, db.userId, OTHER, 'echoed', null);
    const [row] = await db.outbox.toArray();
    const echo = serverEcho(row!, db.userId) as Parameters<typeof fromDirect>[0];
    await db.messages.put(fromDirect(echo, db.userId));
    await flusher().flush();
    const rows = await db.messages.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: m.key, status: 'sent' });
  });
});
