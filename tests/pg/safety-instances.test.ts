/**
 * Community safety (docs/community-safety.md) across two instances on one PostgreSQL: a block, a
 * leave and a taken-back message made through one instance hold for the sockets held by the other,
 * and the rules hold while many people act at once through both.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, GroupMessage } from '../../src/shared/api';
import type { Agent } from '../server/agent';
import { PASSWORD, referredUser, signedInAdmin, verifiedProfessional } from '../server/people';
import { closeAllSockets, connected, nextEvent, openSocket, readySocket, quiet } from '../server/socket-client';
import { drain, hasText } from '../server/reading';
import { freshDatabase, sameBrowserOn, startInstance, type Instance } from './instances';

let one: Instance;
let two: Instance;
let code: string;
let admin: Agent;
beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  one = await startInstance(databaseUrl);
  two = await startInstance(databaseUrl);
  code = (await verifiedProfessional(one)).code;
  admin = await signedInAdmin(one);
}, 60_000);
afterEach(() => closeAllSockets());

/** A person signed in once (made through instance 1), with their browser on each instance. */
interface Person { id: string; email: string; on: Record<1 | 2, Agent> }
async function person(): Promise<Person> {
  const made = await referredUser(one, code);
  return { id: made.id, email: made.email, on: { 1: made.agent, 2: sameBrowserOn(made.agent, two) } };
}
/** The same person signed in again (another device: a session of its own) through instance `i`. */
async function anotherDevice(p: Person, i: 1 | 2): Promise<Agent> {
  const agent = instance(i).agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}
const instance = (i: 1 | 2) => (i === 1 ? one : two);
const socketOn = (i: 1 | 2, p: Person) => readySocket(instance(i), p.on[i], p.id);

let n = 0;
const clientId = () => `safety-inst-${(n += 1).toString().padStart(6, '0')}`;

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Instances ${(n += 1)}`, type: 'mental', description: 'two instances' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.on[1].post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

async function sendGroup(from: Agent, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function send(from: Agent, toId: string, text: string): Promise<DirectMessage> {
  const res = await from.post<DirectMessage>(`/api/messages/send/${toId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

describe('a block made through instance 1', () => {
  it('hides the blocker from the blocked person\'s socket on instance 2 and keeps what they send through instance 2 from the blocker\'s socket on instance 1', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    const aSocket = await socketOn(1, a);
    const cSocket = await socketOn(1, c);
    // b's socket on instance 2 sees a and c (on instance 1) online before the block.
    const bOn2 = openSocket(two, b.on[2]);
    const seesBoth = nextEvent(bOn2, 'getOnlineUsers', 10_000, (list) => list.includes(a.id) && list.includes(c.id));
    await connected(bOn2);
    await seesBoth;

    // a's phone is on instance 2: it hears of the block made through instance 1; b hears nothing.
    const aOn2 = await socketOn(2, a);
    const aTold = [nextEvent(aSocket, 'safetyChanged', 10_000), nextEvent(aOn2, 'safetyChanged', 10_000)];
    const bUntold = quiet(bOn2, 'safetyChanged', 1500);
    const bLosesA = nextEvent(bOn2, 'getOnlineUsers', 10_000, (list) => !list.includes(a.id));
    expect((await a.on[1].put(`/api/blocks/${b.id}`)).status).toBe(200);
    expect(await Promise.all(aTold)).toEqual(['blocks', 'blocks']);
    await bUntold;
    expect(await bLosesA).toContain(c.id);
    expect(aSocket.connected).toBe(true);

    // A fresh broadcast from instance 2 (someone connects there): still without a for b; others still see a.
    const d = await person();
    const lists = [nextEvent(bOn2, 'getOnlineUsers', 10_000, (l) => l.includes(d.id)), nextEvent(cSocket, 'getOnlineUsers', 10_000, (l) => l.includes(d.id))];
    await socketOn(2, d);
    const [forB, forC] = await Promise.all(lists);
    expect(forB).not.toContain(a.id);
    expect(forC).toEqual(expect.arrayContaining([a.id, b.id]));

    // b writes through instance 2: c (instance 1) gets it, a (instance 1) does not; b's own socket does.
    const aQuiet = [aSocket, aOn2].map((s) => quiet(s, 'newGroupMessage', 1500, (m) => m.senderId === b.id));
    const aQuietDirect = [aSocket, aOn2].map((s) => quiet(s, 'newMessage', 1500));
    const cGets = nextEvent(cSocket, 'newGroupMessage', 10_000, hasText('from b through two'));
    const bGetsOwn = nextEvent(bOn2, 'newMessage', 10_000, hasText('direct from b through two'));
    const post = await sendGroup(b.on[2], groupId, 'from b through two');
    const batch = await b.on[2].post('/api/messages/batch', { items: [{ kind: 'group', groupId, text: 'batched through two', clientId: clientId() }] });
    expect(batch.body.results[0].ok).toBe(true);
    const direct = await send(b.on[2], a.id, 'direct from b through two');
    expect((await cGets)._id).toBe(post._id);
    expect((await bGetsOwn)._id).toBe(direct._id);
    await Promise.all([...aQuiet, ...aQuietDirect]);
    const aSync = await drain(a.on[2]);
    expect(aSync.group.filter((m) => m.senderId === b.id)).toEqual([]);
    expect(aSync.direct.filter((m) => m.senderId === b.id)).toEqual([]);

    // Unblocked through instance 2: b sees a again on instance 2.
    const back = nextEvent(bOn2, 'getOnlineUsers', 10_000, (list) => list.includes(a.id));
    expect((await a.on[2].delete(`/api/blocks/${b.id}`)).status).toBe(200);
    await back;
  });
});

describe('a leave through instance 1', () => {
  it('stops the group reaching the leaver\'s socket on instance 2 at once', async () => {
    const [leaver, stayer] = [await person(), await person()];
    const groupId = await newGroup(leaver, stayer);
    const leaverOn2 = await socketOn(2, leaver);
    const stayerOn1 = await socketOn(1, stayer);
    const before = nextEvent(leaverOn2, 'newGroupMessage', 10_000, hasText('before the leave'));
    await sendGroup(stayer.on[1], groupId, 'before the leave');
    await before;

    const told = nextEvent(leaverOn2, 'safetyChanged', 10_000);
    expect((await leaver.on[1].post(`/api/messages/leave-group/${groupId}`)).status).toBe(200);
    expect(await told).toBe('groups');
    const silent = quiet(leaverOn2, 'newGroupMessage', 1500);
    const stayerGets = [nextEvent(stayerOn1, 'newGroupMessage', 10_000, hasText('after, through one')), nextEvent(stayerOn1, 'newGroupMessage', 10_000, hasText('after, through two'))];
    await sendGroup(stayer.on[1], groupId, 'after, through one');
    await sendGroup(stayer.on[2], groupId, 'after, through two');
    await Promise.all(stayerGets);
    await silent;
    expect((await leaver.on[2].get(`/api/messages/group/${groupId}`)).status).toBe(403);
  });
});

describe('a message taken back through one instance', () => {
  it('reaches the sockets on the other as messageChanged, direct and group', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    const direct = await send(a.on[1], b.id, 'direct, taken back');
    const post = await sendGroup(a.on[2], groupId, 'group, taken back');
    const [bOn2, cOn2, aOn1] = [await socketOn(2, b), await socketOn(2, c), await socketOn(1, a)];

    const directChanged = [nextEvent(bOn2, 'messageChanged', 10_000, (m) => m._id === direct._id), nextEvent(aOn1, 'messageChanged', 10_000, (m) => m._id === direct._id)];
    expect((await a.on[1].delete(`/api/messages/${direct._id}`)).status).toBe(200);
    for (const m of await Promise.all(directChanged)) expect(m).toMatchObject({ _id: direct._id, seq: direct.seq, text: '', image: null, deletedBy: 'sender' });

    const groupChanged = [nextEvent(bOn2, 'messageChanged', 10_000, (m) => m._id === post._id), nextEvent(cOn2, 'messageChanged', 10_000, (m) => m._id === post._id)];
    expect((await a.on[1].delete(`/api/messages/${post._id}`)).status).toBe(200);
    for (const m of await Promise.all(groupChanged)) expect(m).toMatchObject({ _id: post._id, seq: post.seq, text: '', deletedBy: 'sender' });
  });

  it('many deletes of one message through both instances make one tombstone and one messageChanged', async () => {
    const [a, b] = [await person(), await person()];
    const message = await send(a.on[1], b.id, 'deleted through both at once');
    const { cursor } = await drain(b.on[1]);
    const sockets = [await socketOn(1, b), await socketOn(2, b)];
    const events: Record<number, string[]> = { 0: [], 1: [] };
    sockets.forEach((s, i) => s.on('messageChanged', (m) => events[i]!.push(m.deletedAt ?? '')));
    // Four devices (sessions), two on each instance.
    const devices = [a.on[1], a.on[2], await anotherDevice(a, 1), await anotherDevice(a, 2)];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => devices[i % 4]!.delete(`/api/messages/${message._id}`)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await new Promise((r) => setTimeout(r, 1500));
    const caughtUp = await drain(b.on[2], cursor);
    expect(caughtUp.direct).toHaveLength(1);
    expect(events[0]).toEqual([caughtUp.direct[0]!.deletedAt]);
    expect(events[1]).toEqual([caughtUp.direct[0]!.deletedAt]);
  });
});

describe('many people at once, through both instances', () => {
  it('withholds from the receiver every message a blocked sender sent after the block answered, and loses none for any sender', async () => {
    const receiver = await person();
    const senders = await Promise.all(Array.from({ length: 20 }, person));
    const toBlock = new Set(senders.filter((_, i) => i % 3 !== 1).map((s) => s.id));
    const { cursor: start } = await drain(receiver.on[1]);
    const live = new Set<string>();
    for (const socket of [await socketOn(1, receiver), await socketOn(2, receiver)]) socket.on('newMessage', (m) => live.add(m._id));

    interface Sent { id: string; senderId: string; startedAt: number; endedAt: number }
    const sent: Sent[] = [];
    const blockTimes = new Map<string, { startedAt: number; endedAt: number }>();
    const state = { writing: true };
    const writing = senders.map(async (s, si) => {
      for (let i = 0; state.writing; i += 1) {
        const via = s.on[((si + i) % 2) + 1 as 1 | 2];
        const startedAt = performance.now();
        const res = await via.post<DirectMessage>(`/api/messages/send/${receiver.id}`, { text: `s${si} ${i}`, clientId: clientId() });
        expect(res.status).toBe(201);
        sent.push({ id: res.body._id, senderId: s.id, startedAt, endedAt: performance.now() });
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
    await Promise.all([...toBlock].map(async (id, i) => {
      const startedAt = performance.now();
      const res = await receiver.on[(i % 2) + 1 as 1 | 2].put(`/api/blocks/${id}`);
      blockTimes.set(id, { startedAt, endedAt: performance.now() });
      expect(res.status).toBe(200);
    }));
    await until(() => [...toBlock].every((id) => sent.filter((m) => m.senderId === id && m.startedAt > blockTimes.get(id)!.endedAt).length >= 2));
    state.writing = false;
    await written;
    await new Promise((r) => setTimeout(r, 500));

    const afterBlock = sent.filter((m) => toBlock.has(m.senderId) && m.startedAt > blockTimes.get(m.senderId)!.endedAt);
    const beforeBlock = sent.filter((m) => !toBlock.has(m.senderId) || m.endedAt < blockTimes.get(m.senderId)!.startedAt);
    // The run must have written on both sides of every block to mean anything.
    const straddled = [...toBlock].filter((id) => !afterBlock.some((m) => m.senderId === id) || !beforeBlock.some((m) => m.senderId === id));
    expect(straddled).toEqual([]);
    expect(afterBlock.filter((m) => live.has(m.id))).toEqual([]);
    expect((await drain(receiver.on[2], start)).direct.filter((m) => toBlock.has(m.senderId))).toEqual([]);

    for (const id of toBlock) expect((await receiver.on[1].delete(`/api/blocks/${id}`)).status).toBe(200);
    const shown = new Set((await drain(receiver.on[2], start)).direct.map((m) => m._id));
    expect(afterBlock.filter((m) => shown.has(m.id))).toEqual([]);
    expect(beforeBlock.filter((m) => !shown.has(m.id))).toEqual([]);
    for (const s of senders) {
      const mine = sent.filter((m) => m.senderId === s.id).map((m) => m.id).sort();
      expect((await drain(s.on[(senders.indexOf(s) % 2) + 1 as 1 | 2])).direct.map((m) => m._id).sort()).toEqual(mine);
    }
  }, 90_000);
});
