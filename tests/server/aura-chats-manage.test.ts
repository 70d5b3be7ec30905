/** Renaming and deleting Aura chats (PUT /api/chats/:id/title, DELETE /api/chats/:id): only the owner's, with clear refusals. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiChat, AiChatSummary } from '../../src/shared/api';
import { aiMessages } from '../../src/server/db/schema';
import type { Agent } from './agent';
import { createChat } from './aura-chat';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `manage-test-${(n += 1).toString().padStart(6, '0')}`;
const person = async (): Promise<Agent> => (await referredUser(server, code)).agent;
const newChat = (agent: Agent, text: string) => createChat(agent, { clientId: clientId(), text });
const list = async (agent: Agent) => (await agent.get<AiChatSummary[]>('/api/chats/userchats')).body;

describe('PUT /api/chats/:id/title', () => {
  it('renames the person\'s own chat, trimmed, and keeps its place in the list', async () => {
    const me = await person();
    const older = await newChat(me, 'the first thing on my mind');
    const newer = await newChat(me, 'the second thing on my mind');
    const res = await me.put<AiChatSummary>(`/api/chats/${older._id}/title`, { title: '  Exams, week one  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: older._id, title: 'Exams, week one' });
    expect((await list(me)).map((c) => [c._id, c.title])).toEqual([[newer._id, newer.title], [older._id, 'Exams, week one']]);
    expect((await me.get<AiChat>(`/api/chats/${older._id}`)).body.title).toBe('Exams, week one');
  });

  it('refuses a blank or too long title with a clear message and changes nothing', async () => {
    const me = await person();
    const chat = await newChat(me, 'keep my title please');
    for (const [body, message] of [
      [{ title: '   ' }, 'Please enter a title'],
      [{ title: 'x'.repeat(101) }, 'A title can be at most 100 characters'],
      [{}, undefined],
    ] as const) {
      const res = await me.put(`/api/chats/${chat._id}/title`, body);
      expect(res.status).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await me.put(`/api/chats/${chat._id}/title`, { title: 'y'.repeat(100) })).status).toBe(200);
    expect((await me.put('/api/chats/not-an-id/title', { title: 'fine' })).body.message).toBe('Invalid chat ID format');
  });

  it('answers 404 for someone else\'s chat or an unknown one, and leaves the other\'s chat as it was', async () => {
    const owner = await person();
    const chat = await newChat(owner, 'this one is mine');
    const other = await person();
    for (const id of [chat._id, UNKNOWN_ID]) {
      const res = await other.put(`/api/chats/${id}/title`, { title: 'taken over' });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
    expect((await list(owner))[0]!.title).toBe(chat.title);
  });

  it('is refused to a signed-out visitor', async () => {
    const me = await person();
    const chat = await newChat(me, 'private thoughts');
    const res = await server.agent().put(`/api/chats/${chat._id}/title`, { title: 'hello' });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/chats/:id', () => {
  it('deletes the person\'s own chat with its messages; the list and the chat then know nothing of it', async () => {
    const me = await person();
    const gone = await newChat(me, 'a chat I regret starting');
    const kept = await newChat(me, 'a chat I keep');
    const put = await me.put(`/api/chats/${gone._id}`, { question: 'and one more thing', clientId: clientId() });
    expect(put.status).toBe(200);

    const res = await me.delete(`/api/chats/${gone._id}`);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message: 'Chat deleted' });
    expect((await list(me)).map((c) => c._id)).toEqual([kept._id]);
    expect((await me.get(`/api/chats/${gone._id}`)).status).toBe(404);
    expect((await me.put(`/api/chats/${gone._id}`, { question: 'still there?', clientId: clientId() })).status).toBe(404);
    expect((await me.delete(`/api/chats/${gone._id}`)).status).toBe(404);
    expect(await server.database.db.select().from(aiMessages).where(eq(aiMessages.chatId, gone._id))).toEqual([]);
    expect((await me.get<AiChat>(`/api/chats/${kept._id}`)).body.history).toHaveLength(2);
  });

  it('answers 404 for someone else\'s chat and deletes nothing', async () => {
    const owner = await person();
    const chat = await newChat(owner, 'not yours to delete');
    const res = await (await person()).delete(`/api/chats/${chat._id}`);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await owner.get<AiChat>(`/api/chats/${chat._id}`)).body.history).toHaveLength(2);
    expect((await (await person()).delete(`/api/chats/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await server.agent().delete(`/api/chats/${chat._id}`)).status).toBe(401);
  });
});
