import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BatchResponse, BatchResult, DirectMessage, GroupMessage, SyncPage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, type Person, signUp, signedInAdmin, uploadImage, verifiedProfessional } from './people';
import { closeAllSockets, noEvent, readySocket } from './socket-client';

let server: TestServer;
let therapist: Awaited<ReturnType<typeof verifiedProfessional>>;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  therapist = await verifiedProfessional(server);
  admin = await signedInAdmin(server);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `batch-test-${(n += 1).toString().padStart(6, '0')}`;

const person = (code = therapist.code): Promise<Person> => referredUser(server, code);

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Batch ${(n += 1)}`, type: 'academic', description: 'batches' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

const direct = (to: string, text: string, extra: Record<string, unknown> = {}) => ({ kind: 'direct', to, text, clientId: clientId(), ...extra });
const group = (groupId: string, text: string) => ({ kind: 'group', groupId, text, clientId: clientId() });

async function batch(agent: Agent, items: unknown[]): Promise<BatchResult[]> {
  const res = await agent.post<BatchResponse>('/api/messages/batch', { items });
  expect(res.status).toBe(200);
  expect(res.body.results).toHaveLength(items.length);
  return res.body.results;
}

const stored = (results: BatchResult[]) => results.map((r) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.message;
});
const texts = async (agent: Agent, path: string) => (await agent.get<{ text: string }[]>(path)).body.map((m) => m.text);

describe('POST /api/messages/batch', () => {
  it('stores direct and group items in item order, one result per item keyed by its clientId', async () => {
    const [a, b] = [await person(), await person()];
    const g = await newGroup(a, b);
    const items = [
      direct(b.id, '  one  '), group(g, 'two'), direct(b.id, 'three'), direct(b.id, 'four'),
      group(g, 'five'), group(g, 'six'), direct(b.id, 'seven'),
    ];
    const results = await batch(a.agent, items);
    expect(results.map((r) => r.clientId)).toEqual(items.map((i) => i.clientId));
    const messages = stored(results);
    const seqs = messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(items.length);
    expect(messages[0]).toMatchObject({ text: 'one', senderId: a.id, receiverId: b.id, image: null, clientId: items[0]!.clientId });
    expect(messages[1]).toMatchObject({ text: 'two', groupId: g, sender: { _id: a.id } });

    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['one', 'three', 'four', 'seven']);
    expect(await texts(b.agent, `/api/messages/group/${g}`)).toEqual(['two', 'five', 'six']);
  });

  it('announces each new message live, and a replayed batch answers the same messages, stores nothing twice and announces nothing', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const g = await newGroup(a, c);
    const [toB, inGroup] = [await readySocket(server, b.agent, b.id), await readySocket(server, c.agent, c.id)];
    const repeated = direct(b.id, 'said twice');
    const items = [direct(b.id, 'first'), group(g, 'hello all'), repeated, { ...repeated, text: 'the same clientId again' }, group(g, 'bye all')];

    const directSeen: DirectMessage[] = [];
    const groupSeen: GroupMessage[] = [];
    toB.on('newMessage', (m) => directSeen.push(m));
    inGroup.on('newGroupMessage', (m) => groupSeen.push(m));
    const first = await batch(a.agent, items);
    await vi.waitFor(() => expect([directSeen.length, groupSeen.length]).toEqual([2, 2]), { timeout: 5000 });
    const messages = stored(first);
    expect(messages[3]).toEqual(messages[2]);
    // Emitted in item order, but on PostgreSQL the socket.io adapter publishes each event before
    // delivering it, so arrival order is not promised: the client orders by seq.
    const ids = (list: { _id: string }[]) => list.map((m) => m._id).sort();
    expect(ids(directSeen)).toEqual(ids([messages[0]!, messages[2]!]));
    expect(ids(groupSeen)).toEqual(ids([messages[1]!, messages[4]!]));

    const quiet = [noEvent(toB, 'newMessage'), noEvent(inGroup, 'newGroupMessage')];
    const again = await batch(a.agent, items);
    expect(again).toEqual(first);
    await Promise.all(quiet);
    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['first', 'said twice']);
    expect(await texts(c.agent, `/api/messages/group/${g}`)).toEqual(['hello all', 'bye all']);

    // A clientId already stored by a single send is a replay in a batch too.
    const single = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'sent alone', clientId: 'batch-single-0001' });
    expect(single.status).toBe(201);
    const [replayed] = await batch(a.agent, [direct(b.id, 'sent alone', { clientId: 'batch-single-0001' })]);
    expect(replayed).toEqual({ clientId: 'batch-single-0001', ok: true, message: single.body });
  });

  it('refuses a bad item on its own, with the single send\'s code and message, and stores the rest', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await newGroup(a);
    const notMine = await newGroup(b);
    const ownImage = await uploadImage(server, a.agent);
    const theirImage = await uploadImage(server, b.agent);
    const items: unknown[] = [
      direct(b.id, 'accepted 1'),
      group(notMine, 'not a member'),
      direct(b.id, '   '),
      direct(UNKNOWN_ID, 'anyone there?'),
      direct(a.id, 'note to self'),
      direct(b.id, 'look', { image: theirImage }),
      group(UNKNOWN_ID, 'no such group'),
      { to: b.id, text: 'no kind', clientId: 'batch-nokind-01' },
      42,
      { kind: 'direct', to: b.id, text: 'bad client id', clientId: 'x' },
      group(mine, 'accepted 2'),
      direct(b.id, '', { image: ownImage }),
    ];
    const results = await batch(a.agent, items);
    const refusals = results.map((r) => (r.ok ? 'ok' : { clientId: r.clientId, code: r.code, message: r.message }));
    const id = (i: number) => (items[i] as { clientId: string }).clientId;
    expect(refusals).toEqual([
      'ok',
      { clientId: id(1), code: 'FORBIDDEN', message: 'Join the group to send messages' },
      { clientId: id(2), code: 'VALIDATION_FAILED', message: 'Message text or image is required' },
      { clientId: id(3), code: 'NOT_FOUND', message: 'Invalid user selected' },
      { clientId: id(4), code: 'VALIDATION_FAILED', message: 'You cannot message yourself' },
      { clientId: id(5), code: 'VALIDATION_FAILED', message: 'The image must be uploaded first' },
      { clientId: id(6), code: 'NOT_FOUND', message: 'Invalid group selected' },
      { clientId: 'batch-nokind-01', code: 'VALIDATION_FAILED', message: 'Each item needs a kind: direct, group, edit or react' },
      { clientId: null, code: 'VALIDATION_FAILED', message: 'Each item needs a kind: direct, group, edit or react' },
      { clientId: 'x', code: 'VALIDATION_FAILED', message: 'Invalid client id' },
      'ok',
      'ok',
    ]);
    expect(stored([results[11]!])[0]).toMatchObject({ image: ownImage, text: '' });
    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['accepted 1', '']);
    expect(await texts(a.agent, `/api/messages/group/${mine}`)).toEqual(['accepted 2']);

    // A professional may not open a thread with someone else's referral, in a batch as alone.
    const other = await verifiedProfessional(server, 'ngo');
    const theirs = await person(other.code);
    const [refused] = await batch(therapist.agent, [direct(theirs.id, 'hello')]);
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'You can only message the people referred to you' });
  });

  it('refuses a message with a NUL byte or half an emoji on its own, and stores the rest', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await newGroup(a);
    const results = await batch(a.agent, [
      direct(b.id, 'before'), direct(b.id, 'nul \u0000 here'), group(mine, 'half \ud83d emoji'), direct(b.id, 'after'),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : `${r.code}: ${r.message}`))).toEqual([
      'ok', 'VALIDATION_FAILED: Text contains characters that are not allowed',
      'VALIDATION_FAILED: Text contains characters that are not allowed', 'ok',
    ]);
    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['before', 'after']);
  });

  it('takes 100 items, refuses 101 or a missing, empty or non-list items with the usual error body', async () => {
    const [a, b] = [await person(), await person()];
    const hundred = Array.from({ length: 100 }, (_, i) => direct(b.id, `n${i}`));
    const results = await batch(a.agent, hundred);
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await b.agent.get(`/api/messages/${a.id}?limit=200`)).body).toHaveLength(100);

    const tooMany = await a.agent.post('/api/messages/batch', { items: [...hundred, direct(b.id, 'one more')] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'At most 100 messages in one batch' });
    for (const body of [{}, { items: 'not a list' }, { items: { 0: 'x' } }, { items: [] }]) {
      const res = await a.agent.post('/api/messages/batch', body);
      expect({ body, status: res.status, code: res.body.code, message: typeof res.body.message }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED', message: 'string' });
    }
    expect((await b.agent.get(`/api/messages/${a.id}?limit=200`)).body).toHaveLength(100);
  });

  it('takes a full batch of the longest non-Latin messages', async () => {
    const [a, b] = [await person(), await person()];
    const long = 'ж'.repeat(5000);
    const results = await batch(a.agent, Array.from({ length: 100 }, () => direct(b.id, long)));
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('refuses anonymous callers and pending professionals, like the other message routes', async () => {
    const b = await person();
    const items = [direct(b.id, 'hello')];
    const anonymous = await server.agent().post('/api/messages/batch', { items });
    expect(anonymous.status).toBe(401);
    const pending = await signUp(server, { role: 'volunteer' });
    const refused = await pending.agent.post('/api/messages/batch', { items });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'VERIFICATION_REQUIRED' });
    // Nothing reached b (whose view of a pending account is that of an unknown id).
    const feed = (await b.agent.get<SyncPage>('/api/messages/sync?since=0')).body;
    expect(feed.direct.filter((m) => m.senderId === pending.user._id)).toEqual([]);
  });

  it('loses nothing and keeps each sender\'s order when several people send batches at once', async () => {
    const reader = await person();
    const senders = await Promise.all(Array.from({ length: 6 }, () => person()));
    const g = await newGroup(reader, ...senders);
    const start = (await reader.agent.get<SyncPage>('/api/messages/sync?since=0')).body.cursor;
    const sent = await Promise.all(senders.map(async (s, si) => {
      const ids: string[] = [];
      for (let round = 0; round < 5; round += 1) {
        const items = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? group(g, `s${si} r${round} g${i}`) : direct(reader.id, `s${si} r${round} d${i}`)));
        ids.push(...stored(await batch(s.agent, items)).map((m) => m._id));
      }
      return ids;
    }));

    const seen: (DirectMessage | GroupMessage)[] = [];
    for (let cursor = start; ;) {
      const page = (await reader.agent.get<SyncPage>(`/api/messages/sync?since=${cursor}&limit=37`)).body;
      seen.push(...page.direct, ...page.group);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    seen.sort((x, y) => x.seq - y.seq);
    expect(seen).toHaveLength(600);
    expect(new Set(seen.map((m) => m._id)).size).toBe(600);
    for (const [si, s] of senders.entries()) {
      expect(seen.filter((m) => m.senderId === s.id).map((m) => m._id)).toEqual(sent[si]);
    }
  });
});
