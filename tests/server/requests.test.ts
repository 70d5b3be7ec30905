/**
 * Message requests (docs/decisions/message-requests.md): a direct message from someone the receiver
 * never talked with is a request (thread, catch-up, socket) and its sender is listed under
 * GET /api/messages/requests, except between a person and their referring professional, and from the
 * admin. Replying or accepting ends it; blocked senders are never listed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/server/db/schema';
import type { MessageRequest } from '../../src/shared/community';
import type { DirectMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, nextEvent, readySocket, quiet } from './socket-client';
import { drain, thread, hasText } from './reading';

let server: TestServer;
let code: string;
let admin: Agent;
let adminId: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
  adminId = (await admin.get('/api/auth/check')).body._id as string;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

interface Person { agent: Agent; id: string; email: string }
const person = async (referral = code, fullName?: string): Promise<Person> => {
  if (fullName) {
    const made = await signUp(server, { role: 'user', referralCode: referral, fullName });
    expect(made.res.status).toBe(201);
    return { agent: made.agent, id: made.user._id, email: made.email };
  }
  const made = await referredUser(server, referral);
  return { agent: made.agent, id: made.id, email: made.email };
};
const professional = async (role = 'therapist') => {
  const pro = await verifiedProfessional(server, role);
  return { agent: pro.agent, id: pro.user._id, email: pro.email, code: pro.code };
};
const ready = (p: Person, agent = p.agent) => readySocket(server, agent, p.id);

let n = 0;
const clientId = () => `request-test-${(n += 1).toString().padStart(6, '0')}`;

async function send(from: { agent: Agent }, to: { id: string }, text: string): Promise<DirectMessage> {
  const res = await from.agent.post<DirectMessage>(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function requests(who: { agent: Agent }): Promise<MessageRequest[]> {
  const res = await who.agent.get<MessageRequest[]>('/api/messages/requests');
  expect(res.status).toBe(200);
  return res.body;
}

/** The request flag of each message, by text, as `viewer` reads the thread with `other`. */
const flags = async (viewer: Agent, otherId: string) => Object.fromEntries((await thread(viewer, otherId)).map((m) => [m.text, m.request === true]));

describe('a first message from someone the receiver never talked with', () => {
  it('is a request in the thread, in catch-up and on the socket, and its sender is listed with a count and the newest time', async () => {
    const a = await person();
    const b = await person(code, 'Bertha Requester');
    expect((await b.agent.put('/api/me/display-name', { displayName: 'Bee' })).status).toBe(200);
    const { cursor } = await drain(a.agent);
    const socket = await ready(a);
    const live = nextEvent(socket, 'newMessage', 5000, hasText('hello, stranger'));
    const first = await send(b, a, 'hello, stranger');
    expect((await live).request).toBe(true);
    // Only the receiver learns it is a request: the sender's own copy never says.
    expect(first.request).toBeUndefined();
    expect((await thread(b.agent, a.id)).map((m) => m.request)).toEqual([undefined]);
    await new Promise((r) => setTimeout(r, 15));
    const second = await send(b, a, 'are you there?');

    expect((await thread(a.agent, b.id)).map((m) => [m._id, m.request])).toEqual([[first._id, true], [second._id, true]]);
    expect((await drain(a.agent, cursor)).direct.map((m) => [m._id, m.request])).toEqual([[first._id, true], [second._id, true]]);
    const list = await requests(a);
    expect(list).toEqual([{ _id: b.id, fullName: 'Bee', profilePic: expect.any(String), role: 'user', count: 2, lastAt: second.createdAt }]);
    expect(Date.parse(second.createdAt)).toBeGreaterThan(Date.parse(first.createdAt));
    // The sender has nothing waiting.
    expect(await requests(b)).toEqual([]);
  });

  it('lists several senders, newest first', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await send(b, a, 'from b');
    await new Promise((r) => setTimeout(r, 15));
    await send(c, a, 'from c');
    expect((await requests(a)).map((r) => [r._id, r.count])).toEqual([[c.id, 1], [b.id, 1]]);
  });

  it('is a request when a user writes to a verified therapist who did not refer them', async () => {
    const other = await professional();
    const a = await person();
    const first = await send(a, other, 'I found you in the list');
    expect((await thread(other.agent, a.id)).find((m) => m._id === first._id)?.request).toBe(true);
    expect((await requests(other)).map((r) => [r._id, r.role])).toEqual([[a.id, 'user']]);
    // The professional's answer is no request: the user wrote first.
    expect((await send(other, a, 'hello, how can I help?')).request).toBeUndefined();
    expect(await requests(a)).toEqual([]);
  });
});

describe('no request', () => {
  it('from the referring professional to the person they referred, nor the other way', async () => {
    const pro = await professional();
    const first = await person(pro.code);
    const fromPro = await send(pro, first, 'welcome to Haven');
    expect(fromPro.request).toBeUndefined();
    expect((await thread(first.agent, pro.id))[0]!.request).toBeUndefined();
    expect(await requests(first)).toEqual([]);

    const pro2 = await professional('ngo');
    const second = await person(pro2.code);
    const fromUser = await send(second, pro2, 'hello, my professional');
    expect(fromUser.request).toBeUndefined();
    expect((await drain(pro2.agent)).direct.find((m) => m._id === fromUser._id)?.request).toBeUndefined();
    expect(await requests(pro2)).toEqual([]);
  });

  it('from the admin', async () => {
    const a = await person();
    const socket = await ready(a);
    const live = nextEvent(socket, 'newMessage', 5000, hasText('a word from the team'));
    const res = await admin.post<DirectMessage>(`/api/messages/send/${a.id}`, { text: 'a word from the team', clientId: clientId() });
    expect(res.status).toBe(201);
    expect(res.body.request).toBeUndefined();
    expect((await live).request).toBeUndefined();
    expect(await requests(a)).toEqual([]);
    // ...while a stranger's message still is one: the flag is not simply never set.
    const b = await person();
    const stranger = await send(b, a, 'stranger');
    expect((await thread(a.agent, b.id)).find((m) => m._id === stranger._id)?.request).toBe(true);
  });
});

describe('ending a request', () => {
  it('by replying: the next message from the other side is not a request, and the list is empty', async () => {
    const [a, b] = [await person(), await person()];
    await send(b, a, 'first');
    expect(await requests(a)).toHaveLength(1);
    const reply = await send(a, b, 'my reply');
    expect(reply.request).toBeUndefined();
    expect(await requests(a)).toEqual([]);
    const socket = await ready(a);
    const live = nextEvent(socket, 'newMessage', 5000, hasText('after the reply'));
    const next = await send(b, a, 'after the reply');
    expect(next.request).toBeUndefined();
    expect((await live).request).toBeUndefined();
    expect((await flags(a.agent, b.id))['after the reply']).toBe(false);
    expect(await requests(a)).toEqual([]);
  });

  it('by accepting: older messages stop being requests, the list empties, my other devices are told', async () => {
    const [a, b] = [await person(), await person()];
    const phone = server.agent();
    expect((await phone.post('/api/auth/login', { email: a.email, password: PASSWORD })).status).toBe(200);
    await send(b, a, 'one');
    await send(b, a, 'two');
    expect(await flags(a.agent, b.id)).toEqual({ one: true, two: true });
    const [here, there, bSocket] = [await ready(a), await ready(a, phone), await ready(b)];
    const told = [here, there].map((s) => nextEvent(s, 'safetyChanged'));
    const bQuiet = quiet(bSocket, 'safetyChanged', 600);

    const res = await a.agent.post(`/api/messages/requests/${b.id}/accept`);
    expect(res.status).toBe(200);
    expect(await Promise.all(told)).toEqual(['requests', 'requests']);
    await bQuiet;
    expect(await flags(a.agent, b.id)).toEqual({ one: false, two: false });
    expect((await drain(a.agent)).direct.filter((m) => m.senderId === b.id && m.request)).toEqual([]);
    expect(await requests(a)).toEqual([]);
    expect((await send(b, a, 'three')).request).toBeUndefined();
    // Accepting again changes nothing.
    expect((await a.agent.post(`/api/messages/requests/${b.id}/accept`)).status).toBe(200);
    expect(await requests(a)).toEqual([]);
  });

  it('refuses accepting oneself (400) or nobody (404)', async () => {
    const a = await person();
    expect((await a.agent.post(`/api/messages/requests/${a.id}/accept`)).status).toBe(400);
    expect((await a.agent.post(`/api/messages/requests/${'b'.repeat(24)}/accept`)).status).toBe(404);
    expect((await a.agent.post('/api/messages/requests/nope/accept')).status).toBe(400);
  });
});

describe('requests and blocks', () => {
  it('lists no blocked sender; after an unblock only what they sent before the block counts', async () => {
    const [a, b] = [await person(), await person()];
    await send(b, a, 'before the block');
    expect((await requests(a)).map((r) => r.count)).toEqual([1]);
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    expect(await requests(a)).toEqual([]);
    await send(b, a, 'while blocked');
    expect(await requests(a)).toEqual([]);
    expect((await a.agent.delete(`/api/blocks/${b.id}`)).status).toBe(200);
    expect((await requests(a)).map((r) => [r._id, r.count])).toEqual([[b.id, 1]]);
  });

  it('counts no message its sender took back', async () => {
    const [a, b] = [await person(), await person()];
    const one = await send(b, a, 'one');
    const two = await send(b, a, 'two');
    expect((await b.agent.delete(`/api/messages/${two._id}`)).status).toBe(200);
    expect((await requests(a)).map((r) => [r.count, r.lastAt])).toEqual([[1, one.createdAt]]);
    expect((await b.agent.delete(`/api/messages/${one._id}`)).status).toBe(200);
    expect(await requests(a)).toEqual([]);
  });
});

describe('at the same time', () => {
  it('many concurrent accepts, replies and sends leave exactly one contacts row each way per pair, and no request', async () => {
    const receiver = await person();
    const senders = await Promise.all(Array.from({ length: 10 }, () => person()));
    for (const s of senders) await send(s, receiver, 'first words');
    expect(await requests(receiver)).toHaveLength(10);

    const calls = senders.flatMap((s) => [
      receiver.agent.post(`/api/messages/requests/${s.id}/accept`),
      receiver.agent.post(`/api/messages/requests/${s.id}/accept`),
      receiver.agent.post(`/api/messages/requests/${s.id}/accept`),
      receiver.agent.post(`/api/messages/send/${s.id}`, { text: 'reply', clientId: clientId() }),
      receiver.agent.post(`/api/messages/send/${s.id}`, { text: 'another reply', clientId: clientId() }),
      s.agent.post(`/api/messages/send/${receiver.id}`, { text: 'meanwhile', clientId: clientId() }),
    ]);
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);

    const everyone = [receiver.id, ...senders.map((s) => s.id)];
    const rows = await server.database.db.select().from(contacts)
      .where(and(inArray(contacts.userId, everyone), inArray(contacts.otherId, everyone)));
    const pairs = rows.map((r) => `${r.userId}>${r.otherId}`).sort();
    const expected = senders.flatMap((s) => [`${receiver.id}>${s.id}`, `${s.id}>${receiver.id}`]).sort();
    expect(pairs).toEqual(expected);
    expect(await requests(receiver)).toEqual([]);
    for (const s of senders) expect((await send(s, receiver, 'later')).request).toBeUndefined();
  });

  it('leaves no message a request once its receiver has accepted the sender, whatever was sent meanwhile', async () => {
    // A send reads whether the receiver accepted its sender inside its own transaction; an accept
    // committed between that read and the send's commit must not leave the new message a request.
    const stuck: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const [receiver, sender] = [await person(), await person()];
      await send(sender, receiver, 'opening');
      const sends = Array.from({ length: 15 }, (_, i) => sender.agent.post(`/api/messages/send/${receiver.id}`, { text: `meanwhile ${i}`, clientId: clientId() }));
      await new Promise((r) => setTimeout(r, 5 * round));
      const accepted = await receiver.agent.post(`/api/messages/requests/${sender.id}/accept`);
      expect(accepted.status).toBe(200);
      for (const res of await Promise.all(sends)) expect(res.status).toBe(201);
      for (const m of await thread(receiver.agent, sender.id)) if (m.request) stuck.push(m.text);
    }
    expect(stuck).toEqual([]);
  }, 60_000);
});

describe('the admin and requests', () => {
  it('the admin\'s own requests list works like anyone\'s', async () => {
    const a = await person();
    await send(a, { id: adminId }, 'to the team');
    // A user writing to the admin: the admin is bound to nobody, so this is a request for the admin.
    const list = await requests({ agent: admin });
    expect(list.map((r) => r._id)).toContain(a.id);
    expect((await admin.post(`/api/messages/requests/${a.id}/accept`)).status).toBe(200);
    expect((await requests({ agent: admin })).map((r) => r._id)).not.toContain(a.id);
    // And the contact row is the admin's.
    const rows = await server.database.db.select().from(contacts)
      .where(and(eq(contacts.userId, adminId), eq(contacts.otherId, a.id)));
    expect(rows).toHaveLength(1);
  });
});
