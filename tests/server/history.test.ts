import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, type Person, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
});
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `history-test-${(n += 1).toString().padStart(6, '0')}`;

const person = (): Promise<Person> => referredUser(server, code);

interface Item { _id: string; seq: number; text: string; request?: boolean }

/** Sends m1..m{count} through batches, 40 at a time, alternating between the two people when both are given. */
async function thread(count: number, kindOf: (i: number) => Record<string, unknown>, speakers: Agent[]): Promise<void> {
  for (let from = 1; from <= count; from += 40) {
    const agent = speakers[Math.floor(from / 40) % speakers.length]!;
    const items = Array.from({ length: Math.min(40, count - from + 1) }, (_, i) => ({ ...kindOf(from + i), text: `m${from + i}`, clientId: clientId() }));
    const res = await agent.post<BatchResponse>('/api/messages/batch', { items });
    expect(res.body.results.every((r) => r.ok)).toBe(true);
  }
}

/** Walks back from the newest page with ?before=<oldest id>&limit=50 until a page is empty. */
async function walkBack(agent: Agent, path: string): Promise<Item[][]> {
  const pages: Item[][] = [];
  let before = '';
  for (;;) {
    const res = await agent.get<Item[]>(`${path}?limit=50${before ? `&before=${before}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (res.body.length === 0) return pages;
    before = res.body[0]!._id;
  }
}

function expectWholeThread(pages: Item[][], count: number): void {
  expect(pages.map((p) => p.length)).toEqual([50, 50, 20, 0]);
  for (const page of pages) {
    const seqs = page.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  }
  const all = pages.toReversed().flat();
  expect(all.map((m) => m.text)).toEqual(Array.from({ length: count }, (_, i) => `m${i + 1}`));
  expect(new Set(all.map((m) => m._id)).size).toBe(count);
}

describe('GET /api/messages/:userId?before=<message id>', () => {
  it('walks a 120-message thread back to its first message, oldest first in each page, with no overlap', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await thread(120, (i) => ({ kind: 'direct', to: i > 40 && i <= 80 ? a.id : b.id }), [a.agent, b.agent]);
    const pages = await walkBack(a.agent, `/api/messages/${b.id}`);
    expectWholeThread(pages, 120);
    // The same thread from the other side; only its receiver's copies say a message is a request.
    const unflagged = (walked: Item[][]) => walked.map((page) => page.map((m) => ({ ...m, request: undefined })));
    expect(unflagged(await walkBack(b.agent, `/api/messages/${a.id}`))).toEqual(unflagged(pages));

    // The earlier cursor form, a seq, still pages the same way.
    const bySeq = await a.agent.get<Item[]>(`/api/messages/${b.id}?before=${pages[0]![0]!.seq}&limit=50`);
    expect(bySeq.body).toEqual(pages[1]);

    // An id that is not a message of this thread: unknown, or another pair's.
    await a.agent.post(`/api/messages/send/${c.id}`, { text: 'a to c', clientId: clientId() });
    const elsewhere = (await a.agent.get<Item[]>(`/api/messages/${c.id}`)).body[0]!._id;
    for (const [agent, path] of [[a.agent, `/api/messages/${b.id}?before=${UNKNOWN_ID}`], [a.agent, `/api/messages/${b.id}?before=${elsewhere}`],
      [c.agent, `/api/messages/${b.id}?before=${pages[0]![0]!._id}`]] as const) {
      const res = await agent.get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { code: 'NOT_FOUND', message: 'Message not found' } });
    }
    expect((await a.agent.get(`/api/messages/${b.id}?before=not-an-id`)).status).toBe(400);
  });
});

describe('GET /api/messages/group/:groupId?before=<message id>', () => {
  it('walks a 120-message group back the same way, and only for members', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const groupId = (await admin.post('/api/admin/create-group', { name: 'Long talk', type: 'mental', description: 'history' })).body.group._id as string;
    const other = (await admin.post('/api/admin/create-group', { name: 'Other talk', type: 'mental', description: 'history' })).body.group._id as string;
    for (const [p, g] of [[a, groupId], [b, groupId], [a, other]] as const) await p.agent.post(`/api/messages/join-group/${g}`);
    await thread(120, () => ({ kind: 'group', groupId }), [a.agent, b.agent]);
    const pages = await walkBack(b.agent, `/api/messages/group/${groupId}`);
    expectWholeThread(pages, 120);
    expect(pages[1]![0]).toMatchObject({ groupId, sender: { _id: expect.any(String), fullName: expect.any(String) } });

    const bySeq = await b.agent.get<Item[]>(`/api/messages/group/${groupId}?before=${pages[1]![0]!.seq}&limit=50`);
    expect(bySeq.body).toEqual(pages[2]);

    await a.agent.post(`/api/messages/send-group/${other}`, { text: 'elsewhere', clientId: clientId() });
    const elsewhere = (await a.agent.get<Item[]>(`/api/messages/group/${other}`)).body[0]!._id;
    for (const before of [UNKNOWN_ID, elsewhere]) {
      const res = await a.agent.get(`/api/messages/group/${groupId}?before=${before}`);
      expect({ before, status: res.status, body: res.body }).toEqual({ before, status: 404, body: { code: 'NOT_FOUND', message: 'Message not found' } });
    }
    const refused = await outsider.agent.get(`/api/messages/group/${groupId}?before=${pages[0]![0]!._id}&limit=50`);
    expect({ status: refused.status, code: refused.body.code, message: refused.body.message })
      .toEqual({ status: 403, code: 'FORBIDDEN', message: 'Join the group to read its messages' });
  });
});
