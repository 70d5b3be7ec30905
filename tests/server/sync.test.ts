import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const person = async () => {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.user._id };
};
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

  it('misses nothing while many people write at once (seq order is commit order)', async () => {
    const reader = await person();
    const writers = await Promise.all(Array.from({ length: 8 }, person));
    const { cursor: start } = await drain(reader.agent);
    const expected = new Set<string>();
    const seen = new Map<string, number>();
    let cursor = start;
    const state = { writing: true };
    const poll = (async () => {
      while (state.writing) {
        const page = (await reader.agent.get<SyncPage>(`/api/messages/sync?since=${cursor}`)).body;
        for (const m of page.direct) seen.set(m._id, (seen.get(m._id) ?? 0) + 1);
        cursor = page.cursor;
      }
    })();
    await Promise.all(writers.map(async (w, wi) => {
      for (let i = 0; i < 15; i += 1) {
        const res = await w.agent.post(`/api/messages/send/${reader.id}`, { text: `w${wi} #${i}`, clientId: clientId() });
        expect(res.status).toBe(201);
        expected.add(res.body._id);
      }
    }));
    state.writing = false;
    await poll;
    const { pages } = await drain(reader.agent, cursor);
    for (const m of pages.flatMap((p) => p.direct)) seen.set(m._id, (seen.get(m._id) ?? 0) + 1);
    expect([...seen.keys()].sort()).toEqual([...expected].sort());
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });

  it('refuses a bad cursor and pending professionals', async () => {
    const a = await person();
    expect((await a.agent.get('/api/messages/sync?since=-1')).status).toBe(400);
    expect((await a.agent.get('/api/messages/sync?since=abc')).status).toBe(400);
    expect((await server.agent().get('/api/messages/sync')).status).toBe(401);
  });
});
