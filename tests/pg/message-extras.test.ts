/**
 * Edits and reactions with several writers at once, on PostgreSQL (many connections, the
 * message-order lock for real): one row per person per emoji however the requests interleave, the
 * last stored edit wins and moves rev, and an edit or a reaction racing a take-back never brings
 * anything back to the tombstone. Each ends with what an offline device's catch-up receives.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResult } from '../../src/shared/api';
import { directMessages, groupMessages, reactions } from '../../src/server/db/schema';
import { direct, edit, extras, inGroup, reaction, type Extras } from '../server/extras-helpers';
import { startServer, type TestServer } from '../server/harness';
import { drain } from '../server/reading';

if (!process.env.TEST_DATABASE_URL) throw new Error('tests/pg needs TEST_DATABASE_URL');

let server: TestServer;
let x: Extras;
beforeAll(async () => {
  server = await startServer();
  x = await extras(server);
});
afterAll(async () => { await server?.close(); });

const db = () => server.database.db;
const directRow = async (id: string) => (await db().select().from(directMessages).where(eq(directMessages.id, id)))[0]!;
const reactionRows = (messageId: string) => db().select().from(reactions).where(eq(reactions.messageId, messageId));
const dm = (id: string) => ({ kind: 'direct' as const, id });
const only = (results: BatchResult[]) => results[0]!;

describe('several writers at once', () => {
  it('two people reacting with the same emoji, each several times at once, make one row each and one change each', async () => {
    const [a, b, c] = [await x.person(), await x.person(), await x.person()];
    const groupId = await x.group(a, b, c);
    const post = await x.one(a.agent, inGroup(groupId, 'we made it through the week'));
    const { cursor } = await drain(a.agent);
    const conversation = { kind: 'group' as const, id: groupId };
    const results = await Promise.all([b, c, b, c, b, c].map((p) => x.batch(p.agent, [reaction(conversation, post._id, '🤗')])));
    expect(results.every((r) => only(r).ok)).toBe(true);
    const rows = await reactionRows(post._id);
    expect(rows.map((r) => r.userId).sort()).toEqual([b.id, c.id].sort());
    const [row] = await db().select().from(groupMessages).where(eq(groupMessages.id, post._id));
    // Two changes took two values of the sequence; the four repeats took none.
    const caughtUp = await drain(a.agent, cursor);
    expect(caughtUp.group).toHaveLength(1);
    // Oldest first, in the database's own order: its timestamps hold microseconds, which a Date
    // read back here rounds to milliseconds (two reactions in one millisecond would look tied).
    const oldestFirst = await db().select({ userId: reactions.userId }).from(reactions).where(eq(reactions.messageId, post._id))
      .orderBy(asc(reactions.createdAt), asc(reactions.userId));
    expect(caughtUp.group[0]!.reactions).toEqual([{ emoji: '🤗', userIds: oldestFirst.map((r) => r.userId) }]);
    expect(caughtUp.cursor).toBe(row!.rev);

    // Taking them away at once, twice each: no rows left, nothing below zero.
    await Promise.all([b, c, b, c].map((p) => x.batch(p.agent, [reaction(conversation, post._id, '🤗', false)])));
    expect(await reactionRows(post._id)).toEqual([]);
    const after = await drain(a.agent, caughtUp.cursor);
    expect(after.group).toEqual([expect.objectContaining({ _id: post._id, reactions: [] })]);
  });

  it('concurrent edits: the last stored wins, every change moves rev, and catch-up carries the message once', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const message = await x.one(a.agent, direct(b.id, 'draft words'));
    const { cursor } = await drain(b.agent);
    const texts = Array.from({ length: 8 }, (_, i) => `version ${i}`);
    const results = await Promise.all(texts.map((text) => x.batch(a.agent, [edit(dm(b.id), message._id, text)])));
    const answers = results.map((r) => only(r)).map((r) => (r.ok ? r.message : null));
    expect(answers.every((m) => m !== null)).toBe(true);
    const row = await directRow(message._id);
    expect(texts).toContain(row.text);
    expect(row.rev).toBeGreaterThan(message.seq);
    expect(row.editedAt).not.toBeNull();
    const caughtUp = await drain(b.agent, cursor);
    expect(caughtUp.direct).toEqual([expect.objectContaining({ _id: message._id, text: row.text })]);
    expect(caughtUp.cursor).toBe(row.rev);
  });

  it('an edit racing a take-back leaves the tombstone erased, every time', async () => {
    const [a, b] = [await x.person(), await x.person()];
    for (let round = 0; round < 6; round += 1) {
      const message = await x.one(a.agent, direct(b.id, `regret ${round}`));
      const [edited, deleted] = await Promise.all([
        x.batch(a.agent, [edit(dm(b.id), message._id, `second thoughts ${round}`)]),
        a.agent.delete(`/api/messages/${message._id}`),
      ]);
      expect(deleted.status).toBe(200);
      const result = only(edited);
      if (!result.ok) expect(result.code).toBe('CONFLICT');
      expect(await directRow(message._id)).toMatchObject({ text: '', deletedBy: 'sender' });
    }
    const seen = await drain(b.agent);
    expect(seen.direct.every((m) => m.text === '' && m.deletedAt)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('second thoughts');
  });

  it('a reaction racing a take-back leaves no reaction on the tombstone, every time', async () => {
    const [a, b] = [await x.person(), await x.person()];
    for (let round = 0; round < 6; round += 1) {
      const message = await x.one(a.agent, direct(b.id, `take back ${round}`));
      const [reacted, deleted] = await Promise.all([
        x.batch(b.agent, [reaction(dm(a.id), message._id, '❤️')]),
        a.agent.delete(`/api/messages/${message._id}`),
      ]);
      expect(deleted.status).toBe(200);
      const result = only(reacted);
      if (!result.ok) expect(result.code).toBe('CONFLICT');
      expect(await reactionRows(message._id)).toEqual([]);
    }
    expect((await drain(a.agent)).direct.every((m) => m.reactions?.length === 0)).toBe(true);
  });
});
