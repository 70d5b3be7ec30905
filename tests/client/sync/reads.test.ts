/**
 * Read positions on the device (fake-indexeddb) against a fake server: marked offline and sent
 * later, never moving back, merged from the server, refusals dropped, and the unread summaries.
 */
import 'fake-indexeddb/auto';
import ky from 'ky';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadPosition } from '../../../src/shared/api';
import type { HavenDb } from '../../../src/client/db/database';
import { fromDirect } from '../../../src/client/sync/merge';
import { noteRead, sendReads, storeServerReads, syncReads } from '../../../src/client/sync/reads';
import { readSummaries } from '../../../src/client/sync/unread';
import { freshDb, GROUP, OTHER } from './fixtures';
import { directKey, groupKey } from '../../../src/shared/conversation';

let db: HavenDb;
beforeEach(() => {
  db = freshDb();
});

const DM = directKey(OTHER);
const position = (over: Partial<ReadPosition>): ReadPosition => ({ kind: 'direct', id: OTHER, seq: 1, updatedAt: new Date().toISOString(), ...over });

/** A server keeping positions as /api/reads does (forward only), or answering `fail` for every request. */
function fakeServer() {
  const stored = new Map<string, number>();
  const asked: { method: string; path: string; body: unknown }[] = [];
  let fail: 'offline' | 401 | 403 | null = null;
  const http = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input) => {
      const request = input as Request;
      const url = new URL(request.url);
      const body: unknown = request.method === 'PUT' ? await request.json() : undefined;
      asked.push({ method: request.method, path: url.pathname, body });
      if (fail === 'offline') throw new TypeError('Failed to fetch');
      if (fail === 401) return new Response(JSON.stringify({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' }), { status: 401, headers: { 'content-type': 'application/json' } });
      if (fail === 403) return new Response(JSON.stringify({ message: 'Join the group to read its messages', code: 'FORBIDDEN' }), { status: 403, headers: { 'content-type': 'application/json' } });
      const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
      if (request.method === 'GET') return json([...stored].map(([key, seq]) => { const [kind, id] = key.split('/'); return position({ kind: kind as 'direct', id, seq }); }));
      const [, , , kind, id] = url.pathname.split('/');
      const key = `${kind}/${id}`;
      stored.set(key, Math.max(stored.get(key) ?? 0, (body as { seq: number }).seq));
      return json(position({ kind: kind as 'direct', id, seq: stored.get(key)! }));
    },
  });
  return { http, stored, asked, fail: (how: typeof fail) => { fail = how; } };
}

describe('read positions on the device', () => {
  it('a mark only moves forward', async () => {
    expect(await noteRead(db, DM, 5)).toBe(true);
    expect(await noteRead(db, DM, 3)).toBe(false);
    expect(await noteRead(db, DM, 5)).toBe(false);
    expect(await db.reads.get(DM)).toEqual({ conversation: DM, seq: 5, sentSeq: 0 });
  });

  it('marked offline, it waits on the device and goes once the server answers again', async () => {
    const server = fakeServer();
    await noteRead(db, DM, 7);
    server.fail('offline');
    await expect(sendReads(db, server.http)).rejects.toThrow();
    expect(await db.reads.get(DM)).toMatchObject({ seq: 7, sentSeq: 0 });
    server.fail(null);
    await sendReads(db, server.http);
    expect(server.stored.get(`direct/${OTHER}`)).toBe(7);
    expect(await db.reads.get(DM)).toMatchObject({ seq: 7, sentSeq: 7 });
    // Nothing is left to send: no request at all.
    const before = server.asked.length;
    await sendReads(db, server.http);
    expect(server.asked.length).toBe(before);
    expect(server.asked.at(-1)).toEqual({ method: 'PUT', path: `/api/reads/direct/${OTHER}`, body: { seq: 7 } });
  });

  it('a refusal a retry cannot change (the group was left) is dropped, and the device keeps its own mark', async () => {
    const server = fakeServer();
    await noteRead(db, groupKey(GROUP), 4);
    server.fail(403);
    await sendReads(db, server.http);
    expect(await db.reads.get(groupKey(GROUP))).toMatchObject({ seq: 4, sentSeq: 4 });
  });

  it('a session that ended keeps the mark waiting for the next sign-in, rather than dropping it', async () => {
    const server = fakeServer();
    await noteRead(db, DM, 6);
    server.fail(401);
    await expect(sendReads(db, server.http)).rejects.toThrow();
    expect(await db.reads.get(DM)).toMatchObject({ seq: 6, sentSeq: 0 });
    server.fail(null);
    await sendReads(db, server.http);
    expect(server.stored.get(`direct/${OTHER}`)).toBe(6);
  });

  it('merges what other devices read, never moving back what this one read and has yet to send', async () => {
    await noteRead(db, DM, 9);
    await storeServerReads(db, [position({ seq: 6 }), position({ kind: 'group', id: GROUP, seq: 3 })]);
    expect(await db.reads.get(DM)).toEqual({ conversation: DM, seq: 9, sentSeq: 6 });
    expect(await db.reads.get(groupKey(GROUP))).toEqual({ conversation: groupKey(GROUP), seq: 3, sentSeq: 3 });
    await storeServerReads(db, [position({ seq: 12 })]);
    expect(await db.reads.get(DM)).toEqual({ conversation: DM, seq: 12, sentSeq: 12 });
  });

  it('a sync sends first, then takes the server\'s positions', async () => {
    const server = fakeServer();
    server.stored.set(`group/${GROUP}`, 8);
    await noteRead(db, DM, 2);
    await syncReads(db, server.http);
    expect(server.asked.map((a) => a.method)).toEqual(['PUT', 'GET']);
    expect((await db.reads.get(groupKey(GROUP)))?.seq).toBe(8);
    expect(await db.reads.get(DM)).toMatchObject({ seq: 2, sentSeq: 2 });
  });
});

describe('unread summaries', () => {
  const put = async (seq: number, from: string, text = `m${seq}`) => db.messages.put(fromDirect({
    _id: seq.toString(16).padStart(24, '0'), seq, senderId: from, receiverId: from === OTHER ? db.userId : OTHER, text, image: null,
    clientId: `cid-${seq}-abcdef`, createdAt: new Date(seq * 60_000).toISOString(),
  }, db.userId));

  it('counts what others wrote after the read position, with the newest message for the preview', async () => {
    for (const seq of [1, 2, 3]) await put(seq, OTHER);
    expect((await readSummaries(db)).get(DM)).toMatchObject({ unread: 3, last: { seq: 3 } });
    await noteRead(db, DM, 2);
    expect((await readSummaries(db)).get(DM)?.unread).toBe(1);
    // A reply from another device of mine: what came before it was read there.
    await put(4, db.userId, 'my reply');
    expect((await readSummaries(db)).get(DM)).toMatchObject({ unread: 0, last: { text: 'my reply' } });
    await put(5, OTHER);
    expect((await readSummaries(db)).get(DM)?.unread).toBe(1);
  });
});
