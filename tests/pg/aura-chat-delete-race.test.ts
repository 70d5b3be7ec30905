/**
 * Deleting an Aura chat while a question to it is on its way, on real PostgreSQL (several
 * connections at once): the question is either stored before the delete (and goes with the chat)
 * or refused with 404 after it; never a server error, never a message left in a deleted chat, and
 * an answer finished after the delete has nowhere to land.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteChat, storeAnswer, storeQuestion } from '../../src/server/ai/chats-store';
import { aiChats, aiMessages } from '../../src/server/db/schema';
import { AppError } from '../../src/server/http/errors';
import type { AiChatSummary, CreateChatResponse } from '../../src/shared/api';
import type { Agent } from '../server/agent';
import { startServer, type TestServer } from '../server/harness';
import { referredUser, verifiedProfessional } from '../server/people';

if (!process.env.TEST_DATABASE_URL) throw new Error('tests/pg needs TEST_DATABASE_URL');

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `race-${(n += 1).toString().padStart(6, '0')}`;
const messagesOf = (chatId: string) => server.database.db.select().from(aiMessages).where(eq(aiMessages.chatId, chatId));

async function newChat(agent: Agent): Promise<string> {
  const res = await agent.post<CreateChatResponse>('/api/chats', { text: 'something to talk about', clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

describe('DELETE /api/chats/:id racing PUT /api/chats/:id', () => {
  it('ends with the chat and all its messages gone, the question stored first or refused with 404', async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 3; round += 1) {
      const me = (await referredUser(server, code)).agent;
      const ids = await Promise.all(Array.from({ length: 8 }, () => newChat(me)));
      const results = await Promise.all(ids.map(async (id, i) => {
        // Alternate which request leaves first, so both orders are tried.
        const ask = () => me.put(`/api/chats/${id}`, { question: 'are you still there?', clientId: clientId() });
        const remove = () => me.delete(`/api/chats/${id}`);
        const [a, d] = i % 2 ? await Promise.all([ask(), remove()]).then(([x, y]) => [x, y] as const)
          : await Promise.all([remove(), ask()]).then(([y, x]) => [x, y] as const);
        return { ask: a.status, remove: d.status };
      }));
      for (const r of results) {
        expect(r.remove).toBe(200);
        expect([200, 404]).toContain(r.ask);
        statuses.add(r.ask);
      }
      for (const id of ids) expect(await messagesOf(id)).toEqual([]);
      expect((await me.get<AiChatSummary[]>('/api/chats/userchats')).body).toEqual([]);
    }
    expect(statuses.size).toBeGreaterThan(0);
  });
});

describe('the chats store on PostgreSQL', () => {
  it('refuses a question or an answer for a chat deleted first, and a delete waits for a question being stored', async () => {
    const { id: userId } = await referredUser(server, code);
    const { db } = server.database;
    const made = await storeQuestion(db, { userId, title: 'race', text: 'first', img: null, clientId: clientId() });
    const chatId = made!.chatId;

    // Many questions and one delete at once: whatever committed before the delete went with it.
    const asks = Array.from({ length: 10 }, () => storeQuestion(db, { userId, chatId, text: 'more', img: null, clientId: clientId() })
      .then(() => 'stored', (e: unknown) => (e instanceof AppError && e.code === 'NOT_FOUND' ? 'refused' : e)));
    const [outcomes] = await Promise.all([Promise.all(asks), deleteChat(db, userId, chatId)]);
    for (const outcome of outcomes) expect(['stored', 'refused']).toContain(outcome);
    expect(await messagesOf(chatId)).toEqual([]);
    expect(await db.select().from(aiChats).where(eq(aiChats.id, chatId))).toEqual([]);

    // Aura's answer, finished after the chat was deleted, is refused rather than stored in nothing.
    await expect(storeAnswer(db, { userId, chatId, questionClientId: made!.question.clientId!, text: 'hello', crisis: false }))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storeQuestion(db, { userId, chatId, text: 'late', img: null, clientId: clientId() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await messagesOf(chatId)).toEqual([]);
  });
});
