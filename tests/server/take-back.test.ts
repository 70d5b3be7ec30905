/**
 * Taking a message back (docs/decisions/taking-messages-back.md): DELETE /api/messages/:messageId
 * by its author (direct and group) leaves a tombstone (same id and seq, no words, no image) that
 * the thread, catch-up from any older cursor and the socket (messageChanged) carry. Someone else's
 * message: 403 when they can see it, 404 when they cannot; the admin removes as a moderator.
 * Deleting an account turns its messages into tombstones of a "Deleted account".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationEntry } from '../../src/shared/community';
import type { DirectMessage, GroupMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signedInAdmin, uploadImage, verifiedProfessional } from './people';
import { closeAllSockets, nextEvent, readySocket, type ClientSocket, quiet } from './socket-client';
import { drain, thread, groupThread } from './reading';

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

interface Person { agent: Agent; id: string; email: string }
const person = async (): Promise<Person> => {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.id, email: made.email };
};
const ready = (p: Person, agent = p.agent) => readySocket(server, agent, p.id);

let n = 0;
const clientId = () => `takeback-${(n += 1).toString().padStart(6, '0')}`;

async function send(from: Person, to: Person, text: string, image?: string): Promise<DirectMessage> {
  const res = await from.agent.post<DirectMessage>(`/api/messages/send/${to.id}`, { text, image, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function sendGroup(from: Person, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function newGroup(...members: Person[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Take back ${(n += 1)}`, type: 'mental', description: 'tombstones' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

const takeBack = (agent: Agent, messageId: string) => agent.delete(`/api/messages/${messageId}`);
const ids = (messages: { _id: string }[]) => messages.map((m) => m._id);
const isTombstone = (id: string) => (m: { _id: string; deletedAt?: string | null }) => m._id === id && !!m.deletedAt;

/** What a tombstone of `original` must be: its id, seq, people and clientId; no words, no image. */
function expectTombstone(got: DirectMessage | GroupMessage | undefined, original: DirectMessage | GroupMessage, by: 'sender' | 'moderator' | 'account') {
  expect(got).toBeDefined();
  expect(got).toMatchObject({ _id: original._id, seq: original.seq, senderId: original.senderId, clientId: original.clientId, text: '', deletedBy: by });
  expect(Date.parse(got!.deletedAt!)).toBeGreaterThanOrEqual(Date.parse(original.createdAt));
  if ('receiverId' in original) expect(got).toMatchObject({ receiverId: original.receiverId, image: null });
  if ('groupId' in original) expect(got).toMatchObject({ groupId: original.groupId });
}

describe('the author takes back a direct message', () => {
  it('leaves a tombstone in place in both threads and in catch-up from any older cursor, tells both people live, and drops the image', async () => {
    const [a, b] = [await person(), await person()];
    const { cursor: early } = await drain(b.agent);
    const image = await uploadImage(server, a.agent);
    const first = await send(a, b, 'first');
    const middle = await send(a, b, 'words I regret', image);
    const last = await send(b, a, 'last');
    expect((await b.agent.get(image)).status).toBe(200);
    // A device of b that saw everything, then went offline during the delete.
    const { cursor: seenAll } = await drain(b.agent, early);

    const aTabs = [await ready(a), await ready(a, await login(a))];
    const bSocket = await ready(b);
    const changed = [...aTabs, bSocket].map((s) => nextEvent(s, 'messageChanged'));
    const res = await takeBack(a.agent, middle._id);
    expect(res.status).toBe(200);
    for (const event of await Promise.all(changed)) expectTombstone(event as DirectMessage, middle, 'sender');

    for (const [viewer, other] of [[a, b], [b, a]] as const) {
      const messages = await thread(viewer.agent, other.id);
      expect(ids(messages)).toEqual([first._id, middle._id, last._id]);
      expect(messages.map((m) => m.seq)).toEqual([first.seq, middle.seq, last.seq]);
      expectTombstone(messages[1], middle, 'sender');
      expect(messages[0]).toMatchObject({ text: 'first' });
      expect(messages[0]!.deletedAt).toBeUndefined();
    }
    // From the old cursor: the tombstone only (never the words), once; from before everything: the same.
    const caughtUp = await drain(b.agent, seenAll);
    expect(caughtUp.direct).toHaveLength(1);
    expectTombstone(caughtUp.direct[0], middle, 'sender');
    const fromStart = await drain(b.agent, early);
    expect(ids(fromStart.direct).sort()).toEqual([first._id, middle._id, last._id].sort());
    expectTombstone(fromStart.direct.find((m) => m._id === middle._id), middle, 'sender');
    expect(JSON.stringify(fromStart)).not.toContain('words I regret');
    // The image went with the message.
    expect((await b.agent.get(image)).status).toBe(404);

    // Again: the same tombstone, nothing announced, nothing new to catch up.
    const silent = [...aTabs, bSocket].map((s) => quiet(s, 'messageChanged', 500));
    const again = await takeBack(a.agent, middle._id);
    expect(again.status).toBe(200);
    await Promise.all(silent);
    expect((await drain(b.agent, caughtUp.cursor)).direct).toEqual([]);
    expect((await thread(b.agent, a.id))[1]!.deletedAt).toBe(caughtUp.direct[0]!.deletedAt);
  });

  it('counts the tombstone once in a reader\'s catch-up paged one message at a time', async () => {
    const [a, b] = [await person(), await person()];
    const { cursor } = await drain(b.agent);
    const sent = [await send(a, b, 'one'), await send(a, b, 'two'), await send(a, b, 'three')];
    expect((await takeBack(a.agent, sent[0]!._id)).status).toBe(200);
    const paged = await drain(b.agent, cursor, 1);
    expect(ids(paged.direct).sort()).toEqual(ids(sent).sort());
    expect(paged.direct.filter((m) => m.deletedAt).map((m) => m._id)).toEqual([sent[0]!._id]);
  });
});

describe('the author takes back a group message', () => {
  it('tells every member live, and the group thread and catch-up carry the tombstone in place', async () => {
    const [a, b, c, outsider] = [await person(), await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    const before = await sendGroup(b, groupId, 'before');
    const target = await sendGroup(a, groupId, 'a group message to take back');
    const after = await sendGroup(c, groupId, 'after');
    const { cursor: cSeen } = await drain(c.agent);

    const sockets = [await ready(a), await ready(b), await ready(c)];
    const changed = sockets.map((s) => nextEvent(s, 'messageChanged'));
    const outside = quiet(await ready(outsider), 'messageChanged', 600);
    expect((await takeBack(a.agent, target._id)).status).toBe(200);
    for (const event of await Promise.all(changed)) {
      expectTombstone(event as GroupMessage, target, 'sender');
      expect((event as GroupMessage).sender).toEqual(target.sender);
    }
    await outside;

    const messages = await groupThread(b.agent, groupId);
    expect(ids(messages)).toEqual([before._id, target._id, after._id]);
    expectTombstone(messages[1], target, 'sender');
    const caughtUp = await drain(c.agent, cSeen);
    expect(caughtUp.group).toHaveLength(1);
    expectTombstone(caughtUp.group[0], target, 'sender');
    expect(caughtUp.group[0]!.sender).toEqual(target.sender);
  });
});

describe('someone else\'s message', () => {
  it('is refused with 403 to someone who can see it and 404 to someone who cannot, and stays as it was', async () => {
    const [a, b, c, outsider] = [await person(), await person(), await person(), await person()];
    const direct = await send(a, b, 'direct, intact');
    const groupId = await newGroup(a, c);
    const group = await sendGroup(a, groupId, 'group, intact');
    const socket = await ready(a);
    const silent = quiet(socket, 'messageChanged', 800);

    expect((await takeBack(b.agent, direct._id)).status).toBe(403);
    expect((await takeBack(c.agent, direct._id)).status).toBe(404);
    expect((await takeBack(c.agent, group._id)).status).toBe(403);
    expect((await takeBack(outsider.agent, group._id)).status).toBe(404);
    expect((await takeBack(b.agent, group._id)).status).toBe(404);
    expect((await takeBack(a.agent, 'c'.repeat(24))).status).toBe(404);
    expect((await takeBack(a.agent, 'not-an-id')).status).toBe(400);
    expect((await takeBack(server.agent(), direct._id)).status).toBe(401);
    await silent;
    expect(await thread(b.agent, a.id)).toEqual([expect.objectContaining({ _id: direct._id, text: 'direct, intact' })]);
    expect((await groupThread(c.agent, groupId))[0]).toMatchObject({ _id: group._id, text: 'group, intact' });
    expect((await thread(b.agent, a.id))[0]!.deletedAt).toBeUndefined();
  });

  it('is removed by the admin as a moderator, direct and group, and both sides are told', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const direct = await send(a, b, 'something a moderator removes');
    const groupId = await newGroup(a, c);
    const group = await sendGroup(a, groupId, 'group post a moderator removes');
    const [aSocket, bSocket, cSocket] = [await ready(a), await ready(b), await ready(c)];

    const directChanged = [aSocket, bSocket].map((s) => nextEvent(s, 'messageChanged', 5000, (m) => m._id === direct._id));
    expect((await takeBack(admin, direct._id)).status).toBe(200);
    for (const event of await Promise.all(directChanged)) expectTombstone(event, direct, 'moderator');
    expectTombstone((await thread(b.agent, a.id))[0], direct, 'moderator');

    const groupChanged = [aSocket, cSocket].map((s) => nextEvent(s, 'messageChanged', 5000, (m) => m._id === group._id));
    expect((await takeBack(admin, group._id)).status).toBe(200);
    for (const event of await Promise.all(groupChanged)) expectTombstone(event, group, 'moderator');
    expectTombstone((await groupThread(c.agent, groupId))[0], group, 'moderator');
    // The author cannot turn a moderator's removal into their own.
    expect((await takeBack(a.agent, direct._id)).status).toBe(200);
    expectTombstone((await thread(b.agent, a.id))[0], direct, 'moderator');
  });
});

describe('the moderation log of removals', () => {
  it('records one removal for a message the admin removes twice, and none for one its author had already taken back', async () => {
    const [a, b] = [await person(), await person()];
    const removed = await send(a, b, 'removed by the admin, twice');
    const ownDelete = await send(a, b, 'taken back by its author first');
    expect((await takeBack(admin, removed._id)).status).toBe(200);
    expect((await takeBack(admin, removed._id)).status).toBe(200);
    expect((await takeBack(a.agent, ownDelete._id)).status).toBe(200);
    expect((await takeBack(admin, ownDelete._id)).status).toBe(200);
    expectTombstone((await thread(b.agent, a.id))[1], ownDelete, 'sender');

    const log = await admin.get<ModerationEntry[]>('/api/admin/moderation-log');
    expect(log.status).toBe(200);
    const removals = (id: string) => log.body.filter((e) => e.action === 'remove-message' && e.messageId === id);
    expect(removals(removed._id)).toHaveLength(1);
    expect(removals(removed._id)[0]).toMatchObject({ subjectUserId: a.id, actor: { _id: expect.any(String) } });
    expect(removals(ownDelete._id)).toEqual([]);
  });
});

describe('a withheld message taken back', () => {
  it('is never announced to the person who blocked its sender', async () => {
    const [a, b] = [await person(), await person()];
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    const withheld = await send(b, a, 'sent while blocked');
    const [aSocket, bSocket] = [await ready(a), await ready(b)];
    const bTold = nextEvent(bSocket, 'messageChanged', 5000, isTombstone(withheld._id));
    const aQuiet = quiet(aSocket, 'messageChanged', 800);
    expect((await takeBack(b.agent, withheld._id)).status).toBe(200);
    expectTombstone(await bTold, withheld, 'sender');
    await aQuiet;
    expect(await thread(a.agent, b.id)).toEqual([]);
  });

  it('answers 404, not 403, to the person it was withheld from: they cannot see it', async () => {
    const [a, b] = [await person(), await person()];
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    const withheld = await send(b, a, 'never delivered');
    expect((await a.agent.delete(`/api/blocks/${b.id}`)).status).toBe(200);
    const res = await takeBack(a.agent, withheld._id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    // A message that did reach them answers 403.
    const delivered = await send(b, a, 'delivered');
    expect((await takeBack(a.agent, delivered._id)).status).toBe(403);
  });

  it('a group message by someone a member blocks, taken back, is announced to the others but not to that member', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    const post = await sendGroup(b, groupId, 'a post the blocker never got');
    const [aSocket, cSocket] = [await ready(a), await ready(c)];
    const cTold = nextEvent(cSocket, 'messageChanged', 5000, isTombstone(post._id));
    const aQuiet = quiet(aSocket, 'messageChanged', 800);
    expect((await takeBack(b.agent, post._id)).status).toBe(200);
    expectTombstone(await cTold, post, 'sender');
    await aQuiet;
  });
});

describe('deleting an account', () => {
  it('by the admin turns its messages into "Deleted account" tombstones in other people\'s group threads and catch-up', async () => {
    const [doomed, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(doomed, b, c);
    const kept = await sendGroup(b, groupId, 'kept');
    const posts = [await sendGroup(doomed, groupId, 'post one'), await sendGroup(doomed, groupId, 'post two')];
    const direct = await send(doomed, c, 'a direct word');
    const { cursor: cSeen } = await drain(c.agent);

    expect((await admin.delete(`/api/admin/delete-user/${doomed.id}`)).status).toBe(200);

    const messages = await groupThread(b.agent, groupId);
    expect(ids(messages)).toEqual([kept._id, ...ids(posts)]);
    for (const [i, post] of posts.entries()) {
      expectTombstone(messages[i + 1], post, 'account');
      expect(messages[i + 1]!.sender).toMatchObject({ _id: doomed.id, fullName: 'Deleted account' });
    }
    expect(messages[0]).toMatchObject({ text: 'kept' });
    const caughtUp = await drain(c.agent, cSeen);
    expect(ids(caughtUp.group).sort()).toEqual(ids(posts).sort());
    for (const m of caughtUp.group) {
      expectTombstone(m, posts.find((p) => p._id === m._id)!, 'account');
      expect(m.sender.fullName).toBe('Deleted account');
    }
    expect(caughtUp.direct).toHaveLength(1);
    expectTombstone(caughtUp.direct[0], direct, 'account');
    expect(JSON.stringify(caughtUp)).not.toMatch(/post one|post two|a direct word/);
  });

  it('by the person themselves does the same', async () => {
    const [leaving, b] = [await person(), await person()];
    const groupId = await newGroup(leaving, b);
    const post = await sendGroup(leaving, groupId, 'my last post');
    const { cursor } = await drain(b.agent);
    expect((await leaving.agent.request('DELETE', '/api/me', { password: PASSWORD })).status).toBe(200);
    const caughtUp = await drain(b.agent, cursor);
    expect(caughtUp.group).toHaveLength(1);
    expectTombstone(caughtUp.group[0], post, 'account');
    expect(caughtUp.group[0]!.sender.fullName).toBe('Deleted account');
  });
});

describe('at the same time', () => {
  it('many deletes of one message make one tombstone and one messageChanged', async () => {
    const [a, b] = [await person(), await person()];
    const message = await send(a, b, 'deleted many times at once');
    const { cursor } = await drain(b.agent);
    const bSocket: ClientSocket = await ready(b);
    const events: (DirectMessage | GroupMessage)[] = [];
    bSocket.on('messageChanged', (m) => events.push(m));

    const phone = await login(a);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => takeBack(i % 2 ? phone : a.agent, message._id)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await new Promise((r) => setTimeout(r, 600));
    bSocket.off('messageChanged');

    expect(events).toHaveLength(1);
    const stored = (await thread(b.agent, a.id))[0]!;
    expectTombstone(stored, message, 'sender');
    expect(events[0]!.deletedAt).toBe(stored.deletedAt);
    const caughtUp = await drain(b.agent, cursor);
    expect(caughtUp.direct).toEqual([stored]);
  });

  it('the author and the admin deleting at once leave one tombstone, told once', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const groupId = await newGroup(a, b, c);
    const post = await sendGroup(a, groupId, 'author and moderator at once');
    const socket = await ready(c);
    const events: (DirectMessage | GroupMessage)[] = [];
    socket.on('messageChanged', (m) => events.push(m));
    const answers = await Promise.all([takeBack(a.agent, post._id), takeBack(admin, post._id), takeBack(a.agent, post._id), takeBack(admin, post._id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await new Promise((r) => setTimeout(r, 600));
    socket.off('messageChanged');
    expect(events).toHaveLength(1);
    const stored = (await groupThread(c.agent, groupId))[0]!;
    expect(events[0]).toEqual(stored);
  });
});

async function login(p: Person): Promise<Agent> {
  const agent = server.agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}
