/**
 * Receipts on the device (docs/decisions/receipts-and-typing.md): the tick each message shows, the
 * store that never takes a tick back, and the delivered reports: newest per sender, one request in
 * flight with one trailing request for what came meanwhile, kept on the device when offline and
 * sent at the next sync, dropped when refused.
 */
import 'fake-indexeddb/auto';
import ky from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../src/shared/api';
import type { HavenDb } from '../../../src/client/db/database';
import { mergeReceipt, Receipts, receiptStatus } from '../../../src/client/sync/receipts';
import { freshDb, ME, OTHER } from './fixtures';

let db: HavenDb;
beforeEach(() => {
  db = freshDb();
});

const THIRD = 'c'.repeat(24);

/** A server answering PUT /receipts/delivered (each request held until `release`) and GET /receipts. */
function fakeServer(list: Receipt[] = []) {
  const bodies: { positions: { id: string; seq: number }[] }[] = [];
  let fail: 'offline' | 400 | null = null;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const http = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input) => {
      const request = input as Request;
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (request.method === 'GET') return json(list);
      bodies.push(await request.json());
      await gate;
      if (fail === 'offline') throw new TypeError('Failed to fetch');
      if (fail === 400) return json({ message: 'That person has sent you no message with that number', code: 'VALIDATION_FAILED' }, 400);
      return json({ message: 'Delivered' });
    },
  });
  return {
    http, bodies,
    fail: (how: typeof fail) => { fail = how; },
    hold: () => { gate = new Promise((resolve) => { open = resolve; }); },
    release: () => open(),
  };
}

describe('the tick a message shows', () => {
  it('is Sent until delivered, Delivered up to the position, Read up to the read one, and never Read when read is null', () => {
    const receipt: Receipt = { id: OTHER, delivered: 10, read: 5 };
    expect(receiptStatus(null, receipt)).toBe('sent');
    expect(receiptStatus(3, undefined)).toBe('sent');
    expect(receiptStatus(5, receipt)).toBe('read');
    expect(receiptStatus(6, receipt)).toBe('delivered');
    expect(receiptStatus(10, receipt)).toBe('delivered');
    expect(receiptStatus(11, receipt)).toBe('sent');
    expect(receiptStatus(5, { ...receipt, read: null })).toBe('delivered');
  });

  it('never goes back when an older receipt comes after a newer one; read may turn off and on', () => {
    const newer: Receipt = { id: OTHER, delivered: 10, read: 8 };
    expect(mergeReceipt(newer, { id: OTHER, delivered: 4, read: 2 })).toBe(newer);
    expect(mergeReceipt(newer, { id: OTHER, delivered: 4, read: null })).toEqual({ id: OTHER, delivered: 10, read: null });
    expect(mergeReceipt({ id: OTHER, delivered: 10, read: null }, { id: OTHER, delivered: 12, read: 12 })).toEqual({ id: OTHER, delivered: 12, read: 12 });
  });

  it('the store keeps the newer of the live event and a slower full answer', async () => {
    const server = fakeServer([{ id: OTHER, delivered: 3, read: 1 }, { id: THIRD, delivered: 2, read: null }]);
    const receipts = new Receipts(db, server.http, ME);
    receipts.apply({ id: OTHER, delivered: 9, read: 9 });
    await receipts.refresh();
    expect(receipts.store.get().get(OTHER)).toEqual({ id: OTHER, delivered: 9, read: 9 });
    expect(receipts.store.get().get(THIRD)).toEqual({ id: THIRD, delivered: 2, read: null });
  });
});

describe('delivered reports', () => {
  const from = (senderId: string, seq: number) => ({ senderId, receiverId: ME, seq });

  it('report the newest per sender, never my own messages, one request at a time with one trailing request', async () => {
    const server = fakeServer();
    const receipts = new Receipts(db, server.http, ME);
    server.hold();
    receipts.received([from(OTHER, 3), from(OTHER, 5), from(OTHER, 4), { senderId: ME, receiverId: OTHER, seq: 6 }]);
    const first = receipts.report();
    await expect.poll(() => server.bodies.length).toBe(1);
    // While the first is out, more arrives: nothing is sent until it is answered, then once.
    receipts.received([from(OTHER, 7)]);
    receipts.received([from(THIRD, 2)]);
    receipts.received([from(OTHER, 6)]);
    expect(server.bodies).toHaveLength(1);
    server.release();
    await first;
    expect(server.bodies).toEqual([
      { positions: [{ id: OTHER, seq: 5 }] },
      { positions: [{ id: OTHER, seq: 7 }, { id: THIRD, seq: 2 }] },
    ]);
    // Nothing waits any more: another report asks nothing.
    await receipts.report();
    expect(server.bodies).toHaveLength(2);
  });

  it('offline, wait on the device (a reload too) and go at the next sync; a refusal is dropped', async () => {
    const server = fakeServer();
    server.fail('offline');
    const receipts = new Receipts(db, server.http, ME);
    receipts.received([from(OTHER, 4)]);
    await receipts.report();
    expect(server.bodies).toHaveLength(1);

    // The app is reloaded: a new instance finds the waiting report in the device's database.
    receipts.stop();
    server.fail(null);
    const reloaded = new Receipts(db, server.http, ME);
    await reloaded.report();
    expect(server.bodies.at(-1)).toEqual({ positions: [{ id: OTHER, seq: 4 }] });
    await reloaded.report();
    expect(server.bodies).toHaveLength(2);

    server.fail(400);
    reloaded.received([from(THIRD, 1)]);
    await reloaded.report();
    expect(server.bodies).toHaveLength(3);
    server.fail(null);
    await reloaded.report();
    expect(server.bodies).toHaveLength(3);
  });
});
