import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMeta } from '../../src/server/db/schema';
import type { SyncPage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); });

const person = () => referredUser(server, code);
let n = 0;
const clientId = () => `sync-test-${(n += 1).toString().padStart(6, '0')}`;

async function drain(agent: Agent, since = 0, limit = 500): Promise<{ pages: SyncPage[]; cursor: number }> {
  const pages: SyncPage[] = [];
  let cursor = since;
  for (;;) {
    const res = await agent.get<SyncPage>(`/api/messages/sync?since=${cursor}&limit=${limit}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return { pages, cursor };
  }
}

describe('GET /api/messages/sync', () => {
  it('answers my direct threads and my groups after the cursor, in seq order, in pages', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const admin = await signedInAdmin(server);
    const created = await admin.post('/api/admin/create-group', { name: 'Sync circle', type: 'mental', description: 'for sync' });
    const groupId = created.body.group._id as string;
    await a.agent.post(`/api/messages/join-group/${groupId}`);
    await c.agent.post(`/api/messages/join-group/${groupId}`);
    const start = (await a.agent.get<SyncPage>('/api/messages/sync?since=0')).body;
    const since = start.hasMore ? (await drain(a.agent)).cursor : start.cursor;

    const sent: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      sent.push((await a.agent.post(`/api/messages/send/${b.id}`, { text: `a→b ${i}`, clientId: clientId() })).body._id);
      sent.push((await c.agent.post(`/api/messages/send-group/${groupId}`, { text: `group ${i}`, clientId: clientId() })).body._id);
    }
    // Not mine: b↔c directly, and a group a is not in.
    await b.agent.post(`/api/messages/send/${c.id}`, { text: 'private b→c', clientId: clientId() });

    const { pages } = await drain(a.agent, since, 2);
    expect(pages.length).toBe(3);
    const all = pages.flatMap((p) => [...p.direct, ...p.group]).sort((x, y) => x.seq - y.seq);
    expect(all.map((m) => m._id)).toEqual(sent);
    expect(all.some((m) => m.text === 'private b→c')).toBe(false);
    const seqs = pages.flatMap((p) => [...p.direct, ...p.group].map((m) => m.seq).sort((x, y) => x - y));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    for (const page of pages.slice(0, -1)) expect(page.hasMore).toBe(true);
    expect(pages.at(-1)!.hasMore).toBe(false);
  });

  // Two reads outside one snapshot (direct, then group) made most of these devices miss dozens of
  // messages on PostgreSQL: the cursor passed a direct message committed between the two reads.
  it('gives six devices of one reader every message once while eight people write direct and group messages at once', async () => {
    const reader = await person();
    const writers = await Promise.all(Array.from({ length: 8 }, person));
    const admin = await signedInAdmin(server);
    const groupId = (await admin.post('/api/admin/create-group', { name: 'Busy circle', type: 'mental', description: 'many at once' })).body.group._id as string;
    for (const p of [reader, ...writers]) expect((await p.agent.post(`/api/messages/join-group/${groupId}`)).status).toBe(200);
    const { cursor: start } = await drain(reader.agent);

    // Independent cursors, as six tabs or phones would keep; different page sizes cross the writes differently.
    const devices = [5, 10, 25, 100, 500, 500].map((limit) => ({ limit, cursor: start, seen: new Map<string, number>() }));
    const record = (device: (typeof devices)[number], page: SyncPage) => {
      for (const m of [...page.direct, ...page.group]) device.seen.set(m._id, (device.seen.get(m._id) ?? 0) + 1);
    };
    const state = { writing: true };
    const following = devices.map(async (device) => {
      while (state.writing) {
        const res = await reader.agent.get<SyncPage>(`/api/messages/sync?since=${device.cursor}&limit=${device.limit}`);
        expect(res.status).toBe(200);
        record(device, res.body);
        device.cursor = res.body.cursor;
      }
    });

    const expected = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      const sends = writers.flatMap((w, wi) => [
        w.agent.post(`/api/messages/send/${reader.id}`, { text: `w${wi} direct ${round}`, clientId: clientId() }),
        w.agent.post(`/api/messages/send-group/${groupId}`, { text: `w${wi} group ${round}`, clientId: clientId() }),
      ]);
      for (const res of await Promise.all(sends)) {
        expect(res.status).toBe(201);
        expected.add(res.body._id);
      }
    }
    state.writing = false;
    await Promise.all(following);

    expect(expected.size).toBe(640);
    const outcome = [];
    for (const device of devices) {
      for (const page of (await drain(reader.agent, device.cursor, device.limit)).pages) record(device, page);
      outcome.push({
        limit: device.limit,
        missed: [...expected].filter((id) => !device.seen.has(id)).length,
        duplicated: [...device.seen.values()].filter((count) => count > 1).length,
        extra: [...device.seen.keys()].filter((id) => !expected.has(id)).length,
      });
    }
    expect(outcome).toEqual(devices.map(({ limit }) => ({ limit, missed: 0, duplicated: 0, extra: 0 })));
  }, 90_000); // Many sign-ups (Argon2id) and writers: on a busy 2-core machine it has taken 30 s.

  it('carries the database\'s epoch, the same on every page', async () => {
    const a = await person();
    const first = (await a.agent.get<SyncPage>('/api/messages/sync?since=0')).body;
    const again = (await a.agent.get<SyncPage>('/api/messages/sync?since=999999999')).body;
    expect(typeof first.epoch).toBe('string');
    expect(first.epoch.length).toBeGreaterThan(0);
    expect(again.epoch).toBe(first.epoch);
    const [stored] = await server.database.db.select().from(serverMeta).where(eq(serverMeta.key, 'epoch'));
    expect(first.epoch).toBe(stored?.value);
    expect(again).toMatchObject({ direct: [], group: [], cursor: 999999999, hasMore: false });
  });

  it('refuses a bad cursor and pending professionals', async () => {
    const a = await person();
    expect((await a.agent.get('/api/messages/sync?since=-1')).status).toBe(400);
    expect((await a.agent.get('/api/messages/sync?since=abc')).status).toBe(400);
    expect((await server.agent().get('/api/messages/sync')).status).toBe(401);
  });
});
