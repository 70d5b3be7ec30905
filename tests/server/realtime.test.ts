import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GroupMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';
import {
  closeAllSockets, closeSocket, nextEvent, noEvent, openSocket, readySocket, refusal, serverDisconnect, type ClientSocket,
} from './socket-client';

let server: TestServer;
let code: string;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `rt-test-${(n += 1).toString().padStart(6, '0')}`;

interface Person { agent: Agent; id: string; email: string }
const person = async (): Promise<Person> => {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.user._id, email: made.email };
};
const ready = (p: Person) => readySocket(server, p.agent, p.id);

async function send(from: Person, to: Person, text = `hello ${(n += 1)}`) {
  const res = await from.agent.post(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function newGroup(): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Live ${(n += 1)}`, type: 'relationship', description: 'live' });
  expect(res.status).toBe(201);
  return res.body.group._id as string;
}

async function sendGroup(from: Person, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

const hasText = (text: string) => (m: { text: string }) => m.text === text;

describe('connecting', () => {
  it('refuses a socket without a session cookie with UNAUTHENTICATED, whatever userId the query claims', async () => {
    const a = await person();
    expect(await refusal(openSocket(server, null))).toBe('UNAUTHENTICATED');
    expect(await refusal(openSocket(server, null, { query: { userId: a.id } }))).toBe('UNAUTHENTICATED');
    const signedOut = server.agent();
    signedOut.cookies.set('haven_session', 'not-a-real-session');
    expect(await refusal(openSocket(server, signedOut, { query: { userId: a.id } }))).toBe('UNAUTHENTICATED');
  });

  it('makes the socket the cookie\'s owner, ignoring a userId in the query', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const socket = await readySocket(server, a.agent, a.id, { query: { userId: b.id } });
    const quiet = noEvent(socket, 'newMessage');
    await send(c, b, 'for b only');
    await quiet;
    const mine = nextEvent(socket, 'newMessage');
    const sent = await send(c, a, 'for a');
    // The receiver's copy says it is a request (c and a never talked); the sender's never does.
    expect(await mine).toEqual({ ...sent, request: true });
  });

  it('refuses a pending professional with VERIFICATION_REQUIRED', async () => {
    const pending = await signUp(server, { role: 'volunteer' });
    expect(pending.res.status).toBe(201);
    expect(await refusal(openSocket(server, pending.agent))).toBe('VERIFICATION_REQUIRED');
  });

  it('refuses a foreign Origin with ORIGIN_REJECTED and accepts the app\'s own', async () => {
    const a = await person();
    expect(await refusal(openSocket(server, a.agent, { origin: 'http://evil.example' }))).toBe('ORIGIN_REJECTED');
    expect(await refusal(openSocket(server, a.agent, { origin: server.baseUrl }))).toBe('CONNECTED');
  });
});

describe('live direct messages', () => {
  it('reach every tab of the sender and of the receiver, and nobody else', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const tabs = [await ready(a), await ready(a), await ready(b), await ready(b)];
    const other = await ready(c);
    const arrivals = tabs.map((s) => nextEvent(s, 'newMessage'));
    const quiet = noEvent(other, 'newMessage');
    const sent = await send(a, b, 'to every tab');
    const got = await Promise.all(arrivals);
    for (const mine of got.slice(0, 2)) expect(mine).toEqual(sent);
    for (const theirs of got.slice(2)) expect(theirs).toEqual({ ...sent, request: true });
    await quiet;
  });

  it('reach each tab of both people once, the same copy, in a conversation both have written in', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await send(a, b, 'opening');
    const tabs = [await ready(a), await ready(a), await ready(b)];
    const other = await ready(c);
    const counts = tabs.map(() => 0);
    tabs.forEach((s, i) => s.on('newMessage', () => { counts[i]! += 1; }));
    const arrivals = tabs.map((s) => nextEvent(s, 'newMessage'));
    const quiet = noEvent(other, 'newMessage');
    const sent = await send(b, a, 'a reply');
    for (const got of await Promise.all(arrivals)) expect(got).toEqual(sent);
    expect(sent).not.toHaveProperty('request');
    await quiet;
    expect(counts).toEqual([1, 1, 1]);
  });
});

describe('live group messages', () => {
  it('reach the members\' sockets and not a non-member\'s', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const id = await newGroup();
    await a.agent.post(`/api/messages/join-group/${id}`);
    await b.agent.post(`/api/messages/join-group/${id}`);
    const [sa, sb, so] = [await ready(a), await ready(b), await ready(outsider)];
    const arrivals = [sa, sb].map((s) => nextEvent(s, 'newGroupMessage'));
    const quiet = noEvent(so, 'newGroupMessage');
    const sent = await sendGroup(a, id, 'hello group');
    for (const got of await Promise.all(arrivals)) expect(got).toEqual(sent);
    await quiet;
  });

  it('reach an already-connected socket once its person joins, without reconnecting', async () => {
    const [a, joiner] = [await person(), await person()];
    const id = await newGroup();
    await a.agent.post(`/api/messages/join-group/${id}`);
    const socket = await ready(joiner);
    const before = noEvent(socket, 'newGroupMessage');
    await sendGroup(a, id, 'before joining');
    await before;
    expect((await joiner.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
    const after = nextEvent(socket, 'newGroupMessage');
    const sent = await sendGroup(a, id, 'after joining');
    expect(await after).toEqual(sent);
    expect(socket.connected).toBe(true);
  });

  it('stop reaching a member\'s socket once the admin removes them', async () => {
    const [stays, goes] = [await person(), await person()];
    const id = await newGroup();
    await stays.agent.post(`/api/messages/join-group/${id}`);
    await goes.agent.post(`/api/messages/join-group/${id}`);
    const [kept, removed] = [await ready(stays), await ready(goes)];
    const first = nextEvent(removed, 'newGroupMessage');
    await sendGroup(stays, id, 'while a member');
    await first;

    expect((await admin.delete(`/api/admin/groups/${id}/members/${goes.id}`)).status).toBe(200);
    const stillThere = nextEvent(kept, 'newGroupMessage', 5000, hasText('after removal'));
    const quiet = noEvent(removed, 'newGroupMessage');
    await sendGroup(stays, id, 'after removal');
    await stillThere;
    await quiet;
  });
});

describe('presence', () => {
  it('keeps a person online while any of their tabs is connected', async () => {
    const [a, watcher, d] = [await person(), await person(), await person()];
    const watch = await ready(watcher);
    const [tab1, tab2] = [await ready(a), await ready(a)];
    const marker = await ready(d);

    // Close one of a's tabs, then d's socket: the first list without d was made after a's tab closed.
    closeSocket(tab1);
    const afterOne = nextEvent(watch, 'getOnlineUsers', 5000, (ids) => !ids.includes(d.id));
    closeSocket(marker);
    const list = await afterOne;
    expect(list).toContain(a.id);
    expect(list).toContain(watcher.id);

    closeSocket(tab2);
    const gone = await nextEvent(watch, 'getOnlineUsers', 5000, (ids) => !ids.includes(a.id));
    expect(gone).toContain(watcher.id);
  });
});

describe('the server ends sockets', () => {
  it('disconnects the sockets of a session that logs out, and only those', async () => {
    const a = await person();
    const otherDevice = server.agent();
    expect((await otherDevice.post('/api/auth/login', { email: a.email, password: PASSWORD })).status).toBe(200);
    const [tab1, tab2] = [await ready(a), await ready(a)];
    const phone = await readySocket(server, otherDevice, a.id);

    const ends = [tab1, tab2].map((s) => serverDisconnect(s));
    expect((await a.agent.post('/api/auth/logout')).status).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(phone.connected).toBe(true);
    const sender = await person();
    const live = nextEvent(phone, 'newMessage');
    const sent = await send(sender, a, 'still on the phone');
    expect(await live).toEqual({ ...sent, request: true });
  });

  it('disconnects every socket of a user the admin deletes', async () => {
    const [doomed, bystander] = [await person(), await person()];
    const sockets: ClientSocket[] = [await ready(doomed), await ready(doomed)];
    const kept = await ready(bystander);
    const ends = sockets.map((s) => serverDisconnect(s));
    expect((await admin.delete(`/api/admin/delete-user/${doomed.id}`)).status).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(kept.connected).toBe(true);
    expect(await refusal(openSocket(server, doomed.agent))).toBe('UNAUTHENTICATED');
  });
});
