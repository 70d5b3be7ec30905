import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, PublicUser } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, type Person, signUp, signedInAdmin, verifiedProfessional, uploadImage } from './people';
import { closeAllSockets, noEvent, nextEvent, readySocket } from './socket-client';

let server: TestServer;
let therapist: Awaited<ReturnType<typeof verifiedProfessional>>;
let ngo: Awaited<ReturnType<typeof verifiedProfessional>>;
beforeAll(async () => {
  server = await startServer();
  therapist = await verifiedProfessional(server, 'therapist');
  ngo = await verifiedProfessional(server, 'ngo');
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const ids = (list: { _id: string }[]) => list.map((u) => u._id);
let n = 0;
const clientId = () => `msg-test-${(n += 1).toString().padStart(6, '0')}`;

const person = (code = therapist.code): Promise<Person> => referredUser(server, code);


describe('GET /api/messages/users', () => {
  it('lists everyone but oneself to a user and to an admin, with public fields only', async () => {
    const [a, b] = [await person(), await person()];
    const res = await a.agent.get<PublicUser[]>('/api/messages/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining([b.id, therapist.user._id, ngo.user._id]));
    expect(ids(res.body)).not.toContain(a.id);
    expect(JSON.stringify(res.body)).not.toMatch(/email|passwordHash|referralCode/);

    const admin = await signedInAdmin(server);
    const me = (await admin.get('/api/auth/check')).body._id as string;
    const seen = ids((await admin.get<PublicUser[]>('/api/messages/users')).body);
    expect(seen).toEqual(expect.arrayContaining([a.id, b.id, therapist.user._id]));
    expect(seen).not.toContain(me);
  });

  it('lists to a verified professional exactly the users referred to them', async () => {
    const pro = await verifiedProfessional(server, 'volunteer');
    const mine = [await person(pro.code), await person(pro.code)];
    const notMine = await person(therapist.code);
    const res = await pro.agent.get<PublicUser[]>('/api/messages/users');
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(ids(res.body)).not.toContain(notMine.id);
  });
});

describe('GET /api/messages/therapists', () => {
  it('lists verified therapists plus the professional who referred the caller', async () => {
    const pending = await signUp(server, { role: 'therapist' });
    const viaNgo = await person(ngo.code);
    const viaTherapist = await person(therapist.code);

    const listed = ids((await viaNgo.agent.get<PublicUser[]>('/api/messages/therapists')).body);
    expect(listed).toEqual(expect.arrayContaining([therapist.user._id, ngo.user._id]));
    expect(listed).not.toContain(pending.user._id);
    expect(listed).not.toContain(viaTherapist.id);

    const res = await viaTherapist.agent.get<PublicUser[]>('/api/messages/therapists');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(therapist.user._id);
    expect(ids(res.body)).not.toContain(ngo.user._id);
    expect(res.body.every((u) => u.role === 'therapist' && u.status === 'verified')).toBe(true);
  });
});

describe('GET /api/messages/:userId', () => {
  it('answers the thread oldest first and pages back with ?before=<seq>&limit=', async () => {
    const [a, b] = [await person(), await person()];
    const sent: DirectMessage[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      const res = await from.agent.post(`/api/messages/send/${to.id}`, { text: `m${i}`, clientId: clientId() });
      expect(res.status).toBe(201);
      sent.push(res.body);
    }
    const texts = async (agent: Agent, path: string) => {
      const res = await agent.get<DirectMessage[]>(path);
      expect(res.status).toBe(200);
      return res.body.map((m) => m.text);
    };
    expect(await texts(a.agent, `/api/messages/${b.id}`)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const last = await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}?limit=2`);
    expect(last.body.map((m) => m.text)).toEqual(['m4', 'm5']);
    const middle = await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}?before=${last.body[0]!.seq}&limit=2`);
    expect(middle.body.map((m) => m.text)).toEqual(['m2', 'm3']);
    expect(await texts(a.agent, `/api/messages/${b.id}?before=${middle.body[0]!.seq}&limit=2`)).toEqual(['m1']);
    expect(last.body[1]).toEqual(sent[4]);
    for (const query of ['limit=0', 'limit=201', 'before=0', 'before=-3', 'limit=two']) {
      expect({ query, status: (await a.agent.get(`/api/messages/${b.id}?${query}`)).status }).toEqual({ query, status: 400 });
    }
    expect((await a.agent.get('/api/messages/not-an-id')).body.code).toBe('INVALID_ID');
  });

  it('never shows a third person another pair\'s messages', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await a.agent.post(`/api/messages/send/${b.id}`, { text: 'between a and b', clientId: clientId() });
    await b.agent.post(`/api/messages/send/${a.id}`, { text: 'b answers a', clientId: clientId() });
    for (const other of [a.id, b.id]) {
      const res = await c.agent.get<DirectMessage[]>(`/api/messages/${other}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    expect((await c.agent.get(`/api/messages/${UNKNOWN_ID}`)).status).toBe(404);
  });
});

describe('POST /api/messages/send/:userId', () => {
  it('stores non-blank text and refuses blank text, no content and an unknown recipient', async () => {
    const [a, b] = [await person(), await person()];
    const ok = await a.agent.post(`/api/messages/send/${b.id}`, { text: '  hello  ', clientId: clientId() });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ senderId: a.id, receiverId: b.id, text: 'hello', image: null });
    for (const body of [{ text: '   ' }, { text: '' }, {}, { text: '\n\t', image: '' }]) {
      const res = await a.agent.post(`/api/messages/send/${b.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await a.agent.post(`/api/messages/send/${UNKNOWN_ID}`, { text: 'anyone there?' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Invalid user selected');
    expect((await a.agent.post(`/api/messages/send/${a.id}`, { text: 'me' })).status).toBe(400);
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.map((m) => m.text)).toEqual(['hello']);
  });

  it('accepts an image only when the sender uploaded it to our store', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await uploadImage(server, a.agent);
    const sent = await a.agent.post(`/api/messages/send/${b.id}`, { text: '', image: mine, clientId: clientId() });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ image: mine, text: '' });

    const theirs = await uploadImage(server, b.agent);
    const refused = [theirs, 'https://evil.example/cat.png', `/uploads/${'a'.repeat(32)}.png`, '/uploads/../secret.png'];
    for (const image of refused) {
      const res = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'look', image });
      expect({ image, status: res.status }).toEqual({ image, status: 400 });
    }
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body).toHaveLength(1);
  });

  it('lets a professional write to a user not referred to them only after that user wrote first', async () => {
    const stranger = await person(ngo.code);
    const before = await therapist.agent.post(`/api/messages/send/${stranger.id}`, { text: 'hi there' });
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('FORBIDDEN');
    expect((await stranger.agent.get(`/api/messages/${therapist.user._id}`)).body).toEqual([]);

    expect((await stranger.agent.post(`/api/messages/send/${therapist.user._id}`, { text: 'can we talk?' })).status).toBe(201);
    const after = await therapist.agent.post(`/api/messages/send/${stranger.id}`, { text: 'of course' });
    expect(after.status).toBe(201);
  });
});

describe('idempotent sends', () => {
  it('stores one message for a repeated clientId, answers it again with 200 and broadcasts once', async () => {
    const [a, b] = [await person(), await person()];
    const socket = await readySocket(server, b.agent, b.id);
    const body = { text: 'only once', clientId: clientId() };
    const first = nextEvent(socket, 'newMessage');
    const one = await a.agent.post(`/api/messages/send/${b.id}`, body);
    expect(one.status).toBe(201);
    expect((await first)._id).toBe(one.body._id);

    const quiet = noEvent(socket, 'newMessage');
    const two = await a.agent.post(`/api/messages/send/${b.id}`, body);
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    await quiet;
    expect((await b.agent.get<DirectMessage[]>(`/api/messages/${a.id}`)).body.map((m) => m._id)).toEqual([one.body._id]);
  });

  it('stores exactly one message for 20 concurrent sends of the same clientId', async () => {
    const [a, b] = [await person(), await person()];
    const body = { text: 'racing retries', clientId: clientId() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.agent.post(`/api/messages/send/${b.id}`, body)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((r) => r.body._id)).size).toBe(1);
    const thread = (await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body;
    expect(thread.map((m) => m._id)).toEqual([answers[0]!.body._id]);
  });

  it('keys idempotency by sender: the same clientId from two people stores two messages', async () => {
    const [a, b] = [await person(), await person()];
    const shared = clientId();
    const one = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'from a', clientId: shared });
    const two = await b.agent.post(`/api/messages/send/${a.id}`, { text: 'from b', clientId: shared });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.map((m) => m.text)).toEqual(['from a', 'from b']);
  });
});

describe('who may use /api/messages at all', () => {
  const routes = (userId: string, groupId: string): [string, string][] => [
    ['GET', '/api/messages/users'], ['GET', '/api/messages/therapists'], ['GET', '/api/messages/groups'],
    ['GET', '/api/messages/sync?since=0'], ['GET', `/api/messages/${userId}`], ['GET', `/api/messages/group/${groupId}`],
    ['POST', `/api/messages/send/${userId}`], ['POST', `/api/messages/send-group/${groupId}`], ['POST', `/api/messages/join-group/${groupId}`],
    ['POST', '/api/messages/batch'],
  ];

  it('refuses a pending professional with 403 VERIFICATION_REQUIRED on every route', async () => {
    const pending = await signUp(server, { role: 'ngo' });
    const target = await person();
    const admin = await signedInAdmin(server);
    const group = (await admin.post('/api/admin/create-group', { name: 'Closed door', type: 'academic', description: 'x' })).body.group;
    for (const [method, path] of routes(target.id, group._id)) {
      const res = await pending.agent.request(method, path, method === 'POST' ? { text: 'hello', clientId: clientId() } : undefined);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'VERIFICATION_REQUIRED' });
    }
    expect((await target.agent.get(`/api/messages/${pending.user._id}`)).body).toEqual([]);
    expect((await admin.get<{ _id: string; members: unknown[] }[]>('/api/admin/groups')).body
      .find((g) => g._id === group._id)?.members).toEqual([]);
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    for (const [method, path] of routes(therapist.user._id, UNKNOWN_ID)) {
      const res = await server.agent().request(method, path, method === 'POST' ? { text: 'hello' } : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });
});
