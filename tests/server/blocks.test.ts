/**
 * Blocks (docs/decisions/blocks.md): PUT, DELETE and GET /api/blocks, and what a block does. Once A
 * blocks B, B's messages never reach A (socket, thread, catch-up, the batch path, groups), B loses
 * nothing and is not told, A's presence is hidden from B, and A cannot write to B. Messages B sent
 * while blocked stay withheld after an unblock; those from before come back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedPerson } from '../../src/shared/community';
import type { DirectMessage, GroupMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, closeSocket, nextEvent, readySocket, type ClientSocket, quiet } from './socket-client';
import { drain, thread, groupThread, hasText } from './reading';

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
const person = async (): Promise<Person> => {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.id, email: made.email };
};
/** The same person signed in on another device: a session of its own. */
async function otherDevice(p: Person): Promise<Agent> {
  const agent = server.agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}
const ready = (p: Person, agent = p.agent) => readySocket(server, agent, p.id);

let n = 0;
const clientId = () => `block-test-${(n += 1).toString().padStart(6, '0')}`;

async function send(from: Person, to: Person, text: string): Promise<DirectMessage> {
  const res = await from.agent.post<DirectMessage>(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function sendGroup(from: Person, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Blocks ${(n += 1)}`, type: 'mental', description: 'blocks' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

const block = (who: Person, whom: string) => who.agent.put(`/api/blocks/${whom}`);
const unblock = (who: Person, whom: string) => who.agent.delete(`/api/blocks/${whom}`);
const blocked = async (who: Person) => {
  const res = await who.agent.get<BlockedPerson[]>('/api/blocks');
  expect(res.status).toBe(200);
  return res.body;
};

/** Everything after `since` for this agent, every page. */
const ids = (messages: { _id: string }[]) => messages.map((m) => m._id);
const texts = (messages: { text: string }[]) => messages.map((m) => m.text);

describe('PUT, DELETE and GET /api/blocks', () => {
  it('blocks and unblocks a person, lists the people I block newest first, and tells my other devices only', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await b.agent.put('/api/me/display-name', { displayName: 'Bee' })).status).toBe(200);
    const [aHere, aPhone, bSocket] = [await ready(a), await ready(a, await otherDevice(a)), await ready(b)];
    expect(await blocked(a)).toEqual([]);

    const told = [aHere, aPhone].map((s) => nextEvent(s, 'safetyChanged'));
    const bQuiet = quiet(bSocket, 'safetyChanged', 600);
    const res = await block(a, b.id);
    expect(res.status).toBe(200);
    expect(await Promise.all(told)).toEqual(['blocks', 'blocks']);
    await bQuiet;

    await new Promise((r) => setTimeout(r, 20));
    expect((await block(a, c.id)).status).toBe(200);
    const list = await blocked(a);
    expect(list.map((p) => p._id)).toEqual([c.id, b.id]);
    // The name peers see, never the full name.
    expect(list[1]).toMatchObject({ _id: b.id, fullName: 'Bee' });
    expect(new Date(list[1]!.blockedAt).toISOString()).toBe(list[1]!.blockedAt);
    expect(Date.parse(list[0]!.blockedAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.blockedAt));

    // Again: nothing new.
    expect((await block(a, b.id)).status).toBe(200);
    expect((await blocked(a)).map((p) => p._id)).toEqual([c.id, b.id]);
    // The person blocked sees nothing of it.
    expect(await blocked(b)).toEqual([]);

    const untold = [aHere, aPhone].map((s) => nextEvent(s, 'safetyChanged'));
    const bStillQuiet = quiet(bSocket, 'safetyChanged', 600);
    expect((await unblock(a, b.id)).status).toBe(200);
    expect(await Promise.all(untold)).toEqual(['blocks', 'blocks']);
    await bStillQuiet;
    expect((await blocked(a)).map((p) => p._id)).toEqual([c.id]);
    expect((await unblock(a, b.id)).status).toBe(404);
  });

  it('refuses oneself (400), an unknown id (404), a pending professional (404) and the admin (403), changing nothing', async () => {
    const a = await person();
    const pending = await signUp(server, { role: 'ngo' });
    expect(pending.res.status).toBe(201);
    const socket = await ready(a);
    const silent = quiet(socket, 'safetyChanged', 800);

    expect((await block(a, a.id)).status).toBe(400);
    expect((await block(a, 'a'.repeat(24))).status).toBe(404);
    expect((await block(a, pending.user._id)).status).toBe(404);
    const refused = await block(a, adminId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await block(a, 'not-an-id')).status).toBe(400);
    expect((await server.agent().put(`/api/blocks/${a.id}`)).status).toBe(401);
    await silent;
    expect(await blocked(a)).toEqual([]);
    // The admin can still be written to.
    expect((await a.agent.post(`/api/messages/send/${adminId}`, { text: 'help please', clientId: clientId() })).status).toBe(201);
  });
});

describe('a block and direct messages', () => {
  it('withholds B\'s messages from A everywhere (socket, thread, catch-up, batch) while B keeps them and is not told', async () => {
    const [a, b] = [await person(), await person()];
    const before = await send(b, a, 'before the block');
    const mine = await send(a, b, 'my own words');
    const { cursor: aCursor } = await drain(a.agent);
    const { cursor: bCursor } = await drain(b.agent);
    expect((await block(a, b.id)).status).toBe(200);

    const [aSocket, bSocket] = [await ready(a), await ready(b)];
    const aQuiet = quiet(aSocket, 'newMessage', 800);
    const bOwn = nextEvent(bSocket, 'newMessage', 5000, hasText('while blocked'));
    const during = await send(b, a, 'while blocked');
    expect(await bOwn).toEqual(during);
    const batch = await b.agent.post('/api/messages/batch', { items: [{ kind: 'direct', to: a.id, text: 'batched while blocked', clientId: clientId() }] });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0].ok).toBe(true);
    const batched = batch.body.results[0].message as DirectMessage;
    await aQuiet;

    // B is not told: the answers look like any other message's.
    expect(Object.keys(during).sort()).toEqual(Object.keys(before).filter((k) => k !== 'request').sort());
    expect(Object.keys(batched).sort()).toEqual(Object.keys(during).sort());
    expect(JSON.stringify([during, batch.body])).not.toContain('withheld');

    // A: only their own words, now and in catch-up.
    expect(ids(await thread(a.agent, b.id))).toEqual([mine._id]);
    const aSync = await drain(a.agent, aCursor);
    expect(ids(aSync.direct)).not.toContain(during._id);
    expect(ids(aSync.direct)).not.toContain(batched._id);
    expect(aSync.direct).toEqual([]);

    // B: everything, in the thread and in catch-up.
    expect(ids(await thread(b.agent, a.id))).toEqual([before._id, mine._id, during._id, batched._id]);
    expect(ids((await drain(b.agent, bCursor)).direct)).toEqual([during._id, batched._id]);
  });

  it('refuses A writing to B while blocking (403), single and batched, and lets A write again after the unblock', async () => {
    const [a, b] = [await person(), await person()];
    expect((await block(a, b.id)).status).toBe(200);
    const single = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'to someone I blocked', clientId: clientId() });
    expect(single.status).toBe(403);
    expect(single.body.code).toBe('FORBIDDEN');
    const batch = await a.agent.post('/api/messages/batch', { items: [{ kind: 'direct', to: b.id, text: 'batched', clientId: clientId() }] });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0]).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await thread(b.agent, a.id)).toEqual([]);

    expect((await unblock(a, b.id)).status).toBe(200);
    const after = await send(a, b, 'after the unblock');
    expect(ids(await thread(b.agent, a.id))).toEqual([after._id]);
  });

  it('after an unblock, brings back what B sent before the block, keeps withheld what B sent during it, and delivers again', async () => {
    const [a, b] = [await person(), await person()];
    const early = await send(b, a, 'before');
    expect((await block(a, b.id)).status).toBe(200);
    expect(await thread(a.agent, b.id)).toEqual([]);
    const during = await send(b, a, 'during');
    const batched = (await b.agent.post('/api/messages/batch', { items: [{ kind: 'direct', to: a.id, text: 'batched during', clientId: clientId() }] })).body.results[0].message as DirectMessage;
    expect((await unblock(a, b.id)).status).toBe(200);

    expect(ids(await thread(a.agent, b.id))).toEqual([early._id]);
    const all = await drain(a.agent);
    expect(ids(all.direct)).toContain(early._id);
    expect(ids(all.direct)).not.toContain(during._id);
    expect(ids(all.direct)).not.toContain(batched._id);
    // Paging with a withheld message's id does not reveal it either.
    expect((await a.agent.get(`/api/messages/${b.id}?before=${during._id}`)).status).toBe(404);

    const socket = await ready(a);
    const live = nextEvent(socket, 'newMessage', 5000, hasText('after'));
    const later = await send(b, a, 'after');
    expect((await live)._id).toBe(later._id);
    expect(ids(await thread(a.agent, b.id))).toEqual([early._id, later._id]);
    // Nothing lost for B.
    expect(ids(await thread(b.agent, a.id))).toEqual([early._id, during._id, batched._id, later._id]);
  });
});

describe('a block and groups', () => {
  it('keeps B\'s group messages from A (socket, thread, catch-up, batch) while the other members get them', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    const early = await sendGroup(b, groupId, 'group before the block');
    const { cursor: aCursor } = await drain(a.agent);
    const { cursor: cCursor } = await drain(c.agent);
    expect((await block(a, b.id)).status).toBe(200);

    const [aSocket, bSocket, cSocket] = [await ready(a), await ready(b), await ready(c)];
    const aQuiet = quiet(aSocket, 'newGroupMessage', 800, (m) => m.senderId === b.id);
    const cGets = nextEvent(cSocket, 'newGroupMessage', 5000, hasText('group while blocked'));
    const bGets = nextEvent(bSocket, 'newGroupMessage', 5000, hasText('group while blocked'));
    const during = await sendGroup(b, groupId, 'group while blocked');
    expect(await cGets).toEqual(during);
    expect(await bGets).toEqual(during);
    const cBatch = nextEvent(cSocket, 'newGroupMessage', 5000, hasText('group batched'));
    const batch = await b.agent.post('/api/messages/batch', { items: [{ kind: 'group', groupId, text: 'group batched', clientId: clientId() }] });
    expect(batch.body.results[0].ok).toBe(true);
    const batched = await cBatch;
    await aQuiet;

    // A's own words still reach the group, B included.
    const bHearsA = nextEvent(bSocket, 'newGroupMessage', 5000, hasText('from the blocker'));
    const fromA = await sendGroup(a, groupId, 'from the blocker');
    expect((await bHearsA)._id).toBe(fromA._id);

    expect(ids(await groupThread(a.agent, groupId))).toEqual([fromA._id]);
    expect(ids((await drain(a.agent, aCursor)).group)).toEqual([fromA._id]);
    expect(ids(await groupThread(c.agent, groupId))).toEqual([early._id, during._id, batched._id, fromA._id]);
    expect(ids((await drain(c.agent, cCursor)).group)).toEqual([during._id, batched._id, fromA._id]);
    expect(ids(await groupThread(b.agent, groupId))).toEqual([early._id, during._id, batched._id, fromA._id]);

    // Unblocked: B's group messages show again (group messages are not withheld per person).
    expect((await unblock(a, b.id)).status).toBe(200);
    expect(texts(await groupThread(a.agent, groupId))).toContain('group before the block');
  });
});

describe('a block and presence', () => {
  it('hides A from B\'s online list at once, keeps B shown to others, and shows A again after the unblock', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const aSocket = await ready(a);
    const bSocket = await ready(b);
    const cSocket = await ready(c);
    // Everyone sees everyone before the block.
    const seen = nextEvent(bSocket, 'getOnlineUsers', 5000, (list) => list.includes(a.id) && list.includes(c.id));
    const probe = await ready(await person());
    await seen;
    closeSocket(probe);

    const bLosesA = nextEvent(bSocket, 'getOnlineUsers', 5000, (list) => !list.includes(a.id));
    expect((await block(a, b.id)).status).toBe(200);
    const bList = await bLosesA;
    expect(bList).toContain(c.id);
    expect(aSocket.connected).toBe(true);

    // The next broadcast (someone connects): B still misses A; C sees both; A sees B.
    const d = await person();
    const lists = [bSocket, cSocket, aSocket].map((s) => nextEvent(s, 'getOnlineUsers', 5000, (list) => list.includes(d.id)));
    const dSocket = await ready(d);
    const [forB, forC, forA] = await Promise.all(lists);
    expect(forB).not.toContain(a.id);
    expect(forC).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(forA).toEqual(expect.arrayContaining([b.id, c.id]));
    // A socket B opens now starts without A, as the list others get has A.
    const bTab: ClientSocket = await ready(b);
    const dList = nextEvent(dSocket, 'getOnlineUsers', 5000, (list) => !list.includes(c.id));
    const bTabList = nextEvent(bTab, 'getOnlineUsers', 5000, (list) => !list.includes(c.id));
    closeSocket(cSocket);
    expect(await dList).toContain(a.id);
    expect(await bTabList).not.toContain(a.id);

    const bSeesA = nextEvent(bSocket, 'getOnlineUsers', 5000, (list) => list.includes(a.id));
    expect((await unblock(a, b.id)).status).toBe(200);
    await bSeesA;
  });
});

describe('many people writing while the receiver blocks some of them', () => {
  it('withholds every message a blocked sender sent after the block answered, and loses none for any sender', async () => {
    const receiver = await person();
    const senders = await Promise.all(Array.from({ length: 20 }, person));
    const toBlock = new Set(senders.filter((_, i) => i % 2 === 0).map((s) => s.id));
    const { cursor: start } = await drain(receiver.agent);
    const socket = await ready(receiver);
    const live: { id: string; senderId: string }[] = [];
    socket.on('newMessage', (m) => live.push({ id: m._id, senderId: m.senderId }));

    interface Sent { id: string; senderId: string; startedAt: number; endedAt: number }
    const sent: Sent[] = [];
    const blockTimes = new Map<string, { startedAt: number; endedAt: number }>();
    const state = { writing: true };
    const writing = senders.map(async (s, si) => {
      for (let i = 0; state.writing; i += 1) {
        const startedAt = performance.now();
        const res = i % 3 === 2
          ? await s.agent.post('/api/messages/batch', { items: [{ kind: 'direct', to: receiver.id, text: `s${si} batch ${i}`, clientId: clientId() }] })
          : await s.agent.post(`/api/messages/send/${receiver.id}`, { text: `s${si} single ${i}`, clientId: clientId() });
        const endedAt = performance.now();
        const message = (i % 3 === 2 ? res.body.results?.[0]?.message : res.body) as DirectMessage | undefined;
        expect(res.status).toBe(i % 3 === 2 ? 200 : 201);
        expect(message?._id).toBeTruthy();
        sent.push({ id: message!._id, senderId: s.id, startedAt, endedAt });
      }
    });
    // A writer's failure is read where the writing is awaited, not lost as an unhandled rejection.
    const written = Promise.all(writing);
    let failure: unknown;
    written.catch((error: unknown) => {
      failure = error;
      state.writing = false;
    });
    // Each block comes once its sender has had two messages answered, and the writing goes on until
    // each has sent two more after its block answered: both sides of every block are exercised.
    const until = async (done: () => boolean) => {
      for (const end = Date.now() + 30_000; !done();) {
        if (failure) throw failure;
        if (Date.now() > end) throw new Error('the writers stalled');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => [...toBlock].every((id) => sent.filter((m) => m.senderId === id).length >= 2));
    await Promise.all([...toBlock].map(async (id) => {
      const startedAt = performance.now();
      const res = await block(receiver, id);
      blockTimes.set(id, { startedAt, endedAt: performance.now() });
      expect(res.status).toBe(200);
    }));
    await until(() => [...toBlock].every((id) => sent.filter((m) => m.senderId === id && m.startedAt > blockTimes.get(id)!.endedAt).length >= 2));
    state.writing = false;
    await written;
    await new Promise((r) => setTimeout(r, 300)); // the last live events
    socket.off('newMessage');

    const afterBlock = sent.filter((m) => toBlock.has(m.senderId) && m.startedAt > blockTimes.get(m.senderId)!.endedAt);
    const beforeBlock = sent.filter((m) => !toBlock.has(m.senderId) || m.endedAt < blockTimes.get(m.senderId)!.startedAt);
    // The run must have written on both sides of every block to mean anything.
    const straddled = [...toBlock].filter((id) => !afterBlock.some((m) => m.senderId === id) || !beforeBlock.some((m) => m.senderId === id));
    expect(straddled).toEqual([]);

    const liveIds = new Set(live.map((m) => m.id));
    expect(afterBlock.filter((m) => liveIds.has(m.id))).toEqual([]);
    // While blocked nothing of theirs shows; every unblocked sender's message shows once.
    const whileBlocked = await drain(receiver.agent, start);
    expect(whileBlocked.direct.filter((m) => toBlock.has(m.senderId))).toEqual([]);
    const unblockedSent = sent.filter((m) => !toBlock.has(m.senderId)).map((m) => m.id).sort();
    expect(ids(whileBlocked.direct).sort()).toEqual(unblockedSent);

    // After the unblock: everything from before each block is back, nothing sent after it is.
    for (const id of toBlock) expect((await unblock(receiver, id)).status).toBe(200);
    const after = new Set(ids((await drain(receiver.agent, start)).direct));
    expect(afterBlock.filter((m) => after.has(m.id))).toEqual([]);
    expect(beforeBlock.filter((m) => !after.has(m.id))).toEqual([]);
    for (const s of senders.filter((x) => toBlock.has(x.id))) {
      const shown = new Set(ids(await thread(receiver.agent, s.id)));
      expect(afterBlock.filter((m) => m.senderId === s.id && shown.has(m.id))).toEqual([]);
    }

    // Nothing lost for any sender: each has every one of their messages, in the thread and in catch-up.
    for (const s of senders) {
      const mineSent = sent.filter((m) => m.senderId === s.id).map((m) => m.id).sort();
      expect(ids(await thread(s.agent, receiver.id)).sort()).toEqual(mineSent);
      expect(ids((await drain(s.agent)).direct).sort()).toEqual(mineSent);
    }
  }, 60_000);
});
