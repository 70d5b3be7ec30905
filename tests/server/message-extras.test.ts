/**
 * Replies, written-at times, edits and reactions (docs/decisions/replies-edits-reactions.md),
 * through POST /api/messages/batch: what is stored, what each answer, page, catch-up and live
 * event carries, and that every refused item leaves the database as it was.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GroupMessage } from '../../src/shared/api';
import { WRITTEN_AT_MAX_AGE_MS } from '../../src/shared/message-rules';
import { directMessages, reactions } from '../../src/server/db/schema';
import { direct, edit, extras, inGroup, reaction, type Extras } from './extras-helpers';
import { startServer, type TestServer } from './harness';
import { PASSWORD } from './people';
import { drain, groupThread, thread } from './reading';
import { closeAllSockets, nextEvent, quiet, readySocket } from './socket-client';

let server: TestServer;
let x: Extras;
beforeAll(async () => {
  server = await startServer();
  x = await extras(server);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const db = () => server.database.db;
const rowOf = async (id: string) => (await db().select().from(directMessages).where(eq(directMessages.id, id)))[0]!;
const reactionRows = (messageId: string) => db().select().from(reactions).where(eq(reactions.messageId, messageId));
const dm = (id: string) => ({ kind: 'direct' as const, id });

describe('replies', () => {
  it('store replyTo and carry it in the answer, the thread, catch-up and the live event', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const first = await x.one(a.agent, direct(b.id, 'how was today?'));
    const socket = await readySocket(server, a.agent, a.id);
    const live = nextEvent(socket, 'newMessage', 5000, (m) => m.text === 'better than yesterday');
    const reply = await x.one(b.agent, direct(a.id, 'better than yesterday', { replyTo: first._id }));
    expect(reply).toMatchObject({ replyTo: first._id, editedAt: null, reactions: [] });
    expect(await live).toMatchObject({ replyTo: first._id });
    expect((await thread(a.agent, b.id)).map((m) => m.replyTo)).toEqual([null, first._id]);
    expect((await drain(a.agent)).direct.find((m) => m._id === reply._id)).toMatchObject({ replyTo: first._id });
    expect((await rowOf(reply._id)).replyTo).toBe(first._id);
  });

  it('refuse a reply to another conversation, or to a message withheld from the sender, and store nothing', async () => {
    const [a, b, c] = [await x.person(), await x.person(), await x.person()];
    const elsewhere = await x.one(a.agent, direct(c.id, 'for c only'));
    const groupId = await x.group(a, b);
    const inTheGroup = await x.one(a.agent, inGroup(groupId, 'group words'));
    for (const replyTo of [elsewhere._id, inTheGroup._id, 'f'.repeat(24)]) {
      const item = direct(a.id, 'a reply', { replyTo });
      expect(await x.refused(b.agent, item)).toEqual({ code: 'VALIDATION_FAILED', message: 'You can only reply to a message in this conversation' });
    }
    const mine = await x.one(b.agent, direct(a.id, 'in our thread'));
    expect((await x.refused(b.agent, inGroup(groupId, 'group reply', { replyTo: mine._id }))).code).toBe('VALIDATION_FAILED');
    // Withheld: b blocks a, a writes, b unblocks; b never had that message, so cannot answer it.
    expect((await b.agent.put(`/api/blocks/${a.id}`)).status).toBe(200);
    const withheld = await x.one(a.agent, direct(b.id, 'sent while blocked'));
    expect((await b.agent.delete(`/api/blocks/${a.id}`)).status).toBe(200);
    expect((await x.refused(b.agent, direct(a.id, 'answering it', { replyTo: withheld._id }))).code).toBe('VALIDATION_FAILED');
    expect((await thread(b.agent, a.id)).map((m) => m.text)).toEqual(['in our thread']);
    expect((await groupThread(b.agent, groupId)).map((m) => m.text)).toEqual(['group words']);
  });
});

describe('writtenAt', () => {
  it('is kept when it is in the past, clamped to the time stored and to the oldest allowed, and null when absent', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const [kept, future, ancient, none] = await x.batch(a.agent, [
      direct(b.id, 'typed offline', { writtenAt: hourAgo }),
      direct(b.id, 'clock ahead', { writtenAt: new Date(Date.now() + 86_400_000).toISOString() }),
      direct(b.id, 'clock far behind', { writtenAt: '2001-01-01T00:00:00.000Z' }),
      direct(b.id, 'no time'),
    ]);
    const [k, f, o, z] = [kept, future, ancient, none].map((r) => (r!.ok ? r!.message : null)!);
    expect(Date.parse(k!.writtenAt!)).toBe(Date.parse(hourAgo));
    expect(f!.writtenAt).toBe(f!.createdAt);
    expect(Date.parse(o!.createdAt) - Date.parse(o!.writtenAt!)).toBe(WRITTEN_AT_MAX_AGE_MS);
    expect(z!.writtenAt).toBeNull();
    // The order stays the order stored.
    expect((await thread(b.agent, a.id)).map((m) => m.text)).toEqual(['typed offline', 'clock ahead', 'clock far behind', 'no time']);
  });
});

describe('edits', () => {
  it('change the words, mark editedAt, move rev, tell both people once, and reach an offline device once', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const original = await x.one(a.agent, direct(b.id, 'see you at 5'));
    const { cursor } = await drain(b.agent);
    const sockets = [await readySocket(server, a.agent, a.id), await readySocket(server, b.agent, b.id)];
    const told = sockets.map((s) => nextEvent(s, 'messageChanged'));
    const changed = await x.one(a.agent, edit(dm(b.id), original._id, '  see you at 6  '));
    expect(changed).toMatchObject({ _id: original._id, seq: original.seq, text: 'see you at 6' });
    expect(Date.parse(changed.editedAt!)).toBeGreaterThanOrEqual(Date.parse(original.createdAt));
    for (const event of await Promise.all(told)) expect(event).toMatchObject({ _id: original._id, text: 'see you at 6' });
    const caughtUp = await drain(b.agent, cursor);
    expect(caughtUp.direct).toEqual([expect.objectContaining({ _id: original._id, text: 'see you at 6', editedAt: changed.editedAt })]);
    expect((await rowOf(original._id)).rev).toBeGreaterThan(original.seq);

    // The same words again: the same message, no event, nothing new to catch up.
    const silent = sockets.map((s) => quiet(s, 'messageChanged', 500));
    expect(await x.one(a.agent, edit(dm(b.id), original._id, 'see you at 6'))).toMatchObject({ text: 'see you at 6', editedAt: changed.editedAt });
    await Promise.all(silent);
    expect((await drain(b.agent, caughtUp.cursor)).direct).toEqual([]);
  });

  it('of a group message reach its members; the words are judged for help as a send is', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const groupId = await x.group(a, b);
    const post = await x.one(a.agent, inGroup(groupId, 'fine thanks'));
    const told = nextEvent(await readySocket(server, b.agent, b.id), 'messageChanged');
    const changed = await x.one(a.agent, edit({ kind: 'group', id: groupId }, post._id, "i've been giving my stuff away, won't need it after friday"));
    expect(changed.help).toEqual({ subject: 'self', category: expect.any(String) });
    const event = await told;
    expect(event).toMatchObject({ _id: post._id, text: expect.stringContaining('giving my stuff away') });
    expect(event).not.toHaveProperty('help');
  });

  it('are refused to anyone but the author, in another conversation, after the window, on a tombstone, and empty; nothing changes', async () => {
    const [a, b, c] = [await x.person(), await x.person(), await x.person()];
    const target = await x.one(a.agent, direct(b.id, 'original words'));
    const before = await rowOf(target._id);
    const expectRefused = async (agent: typeof a.agent, item: unknown, code: string) => expect((await x.refused(agent, item)).code).toBe(code);
    await expectRefused(b.agent, edit(dm(a.id), target._id, 'not mine'), 'FORBIDDEN');
    await expectRefused(c.agent, edit(dm(a.id), target._id, 'not my thread'), 'NOT_FOUND');
    await expectRefused(a.agent, edit(dm(c.id), target._id, 'wrong conversation'), 'NOT_FOUND');
    await expectRefused(a.agent, edit({ kind: 'group', id: b.id }, target._id, 'wrong kind'), 'NOT_FOUND');
    await expectRefused(a.agent, edit(dm(b.id), target._id, '   '), 'VALIDATION_FAILED');
    await db().execute(sql`update direct_messages set created_at = now() - interval '25 hours' where id = ${target._id}`);
    expect(await x.refused(a.agent, edit(dm(b.id), target._id, 'too late'))).toEqual({ code: 'FORBIDDEN', message: 'Messages can only be edited within 24 hours of sending' });
    expect(await rowOf(target._id)).toEqual({ ...before, createdAt: expect.any(Date) });

    const gone = await x.one(a.agent, direct(b.id, 'to take back'));
    expect((await a.agent.delete(`/api/messages/${gone._id}`)).status).toBe(200);
    const tombstone = await rowOf(gone._id);
    await expectRefused(a.agent, edit(dm(b.id), gone._id, 'bring it back'), 'CONFLICT');
    expect(await rowOf(gone._id)).toEqual(tombstone);
  });
});

describe('reactions', () => {
  it('add one row per person per emoji, move rev only on a change, and reach an offline device once', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const message = await x.one(a.agent, direct(b.id, 'I got the job'));
    const { cursor } = await drain(a.agent);
    const aSocket = await readySocket(server, a.agent, a.id);
    const told = nextEvent(aSocket, 'messageChanged');
    const reacted = await x.one(b.agent, reaction(dm(a.id), message._id, '💪'));
    expect(reacted.reactions).toEqual([{ emoji: '💪', userIds: [b.id] }]);
    expect((await told).reactions).toEqual([{ emoji: '💪', userIds: [b.id] }]);
    await x.one(a.agent, reaction(dm(b.id), message._id, '❤️'));
    await x.one(b.agent, reaction(dm(a.id), message._id, '❤️'));
    const caughtUp = await drain(a.agent, cursor);
    expect(caughtUp.direct).toHaveLength(1);
    expect(caughtUp.direct[0]!.reactions).toEqual([{ emoji: '❤️', userIds: [a.id, b.id] }, { emoji: '💪', userIds: [b.id] }]);
    expect((await thread(b.agent, a.id))[0]!.reactions).toEqual(caughtUp.direct[0]!.reactions);

    const rev = (await rowOf(message._id)).rev;
    const silent = quiet(aSocket, 'messageChanged', 500);
    await x.one(b.agent, reaction(dm(a.id), message._id, '💪'));
    await silent;
    expect((await rowOf(message._id)).rev).toBe(rev);
    expect(await reactionRows(message._id)).toHaveLength(3);

    const removed = await x.one(b.agent, reaction(dm(a.id), message._id, '💪', false));
    expect(removed.reactions).toEqual([{ emoji: '❤️', userIds: [a.id, b.id] }]);
    expect((await rowOf(message._id)).rev).toBeGreaterThan(rev);
    await x.one(b.agent, reaction(dm(a.id), message._id, '💪', false));
    expect(await reactionRows(message._id)).toHaveLength(2);
  });

  it('are refused with a bad emoji, on a tombstone, to a blocker and to an outsider; a take-back removes them', async () => {
    const [a, b, c] = [await x.person(), await x.person(), await x.person()];
    const message = await x.one(a.agent, direct(b.id, 'react to me'));
    expect((await x.refused(b.agent, reaction(dm(a.id), message._id, '😂'))).code).toBe('VALIDATION_FAILED');
    expect((await x.refused(c.agent, reaction(dm(a.id), message._id, '❤️'))).code).toBe('NOT_FOUND');
    await x.one(b.agent, reaction(dm(a.id), message._id, '🤗'));
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    expect((await x.refused(a.agent, reaction(dm(b.id), message._id, '❤️'))).code).toBe('FORBIDDEN');
    // The blocked person is answered as if taken, and nothing is stored: they are not told of the block.
    const answered = await x.one(b.agent, reaction(dm(a.id), message._id, '🙏'));
    expect(answered.reactions).toEqual([{ emoji: '🤗', userIds: [b.id] }]);
    expect(await reactionRows(message._id)).toHaveLength(1);
    expect((await a.agent.delete(`/api/blocks/${b.id}`)).status).toBe(200);

    expect((await a.agent.delete(`/api/messages/${message._id}`)).status).toBe(200);
    expect(await reactionRows(message._id)).toEqual([]);
    expect((await x.refused(b.agent, reaction(dm(a.id), message._id, '❤️'))).code).toBe('CONFLICT');
    expect(await reactionRows(message._id)).toEqual([]);
    expect((await thread(b.agent, a.id))[0]).toMatchObject({ text: '', reactions: [] });
  });

  it('in a group never show a viewer the people they block or who block them, in pages or catch-up', async () => {
    const [a, b, c] = [await x.person(), await x.person(), await x.person()];
    const groupId = await x.group(a, b, c);
    const post = await x.one(c.agent, inGroup(groupId, 'a small win today'));
    const { cursor } = await drain(b.agent);
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    const bSocket = await readySocket(server, b.agent, b.id);
    const notToB = quiet(bSocket, 'messageChanged', 800);
    const cSocket = await readySocket(server, c.agent, c.id);
    const toC = nextEvent(cSocket, 'messageChanged');
    await x.one(a.agent, reaction({ kind: 'group', id: groupId }, post._id, '❤️'));
    await notToB;
    expect((await toC).reactions).toEqual([{ emoji: '❤️', userIds: [a.id] }]);
    await x.one(c.agent, reaction({ kind: 'group', id: groupId }, post._id, '❤️'));
    const seenByB = (await drain(b.agent, cursor)).group as GroupMessage[];
    expect(seenByB).toHaveLength(1);
    expect(seenByB[0]!.reactions).toEqual([{ emoji: '❤️', userIds: [c.id] }]);
    expect((await groupThread(a.agent, groupId))[0]!.reactions).toEqual([{ emoji: '❤️', userIds: [a.id, c.id] }]);
    expect((await groupThread(b.agent, groupId))[0]!.reactions).toEqual([{ emoji: '❤️', userIds: [c.id] }]);
  });

  it('of a deleted account go, and the messages they were on reach other devices again without them', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const groupId = await x.group(a, b);
    const post = await x.one(a.agent, inGroup(groupId, 'thank you for listening'));
    await x.one(b.agent, reaction({ kind: 'group', id: groupId }, post._id, '🙏'));
    const { cursor } = await drain(a.agent);
    expect((await b.agent.request('DELETE', '/api/me', { password: PASSWORD })).status).toBe(200);
    expect(await reactionRows(post._id)).toEqual([]);
    expect((await drain(a.agent, cursor)).group).toEqual([expect.objectContaining({ _id: post._id, reactions: [] })]);
  });
});
