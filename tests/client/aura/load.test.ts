// oxlint-disable-next-line import/no-unassigned-import -- the fake installs itself as the global indexedDB
import 'fake-indexeddb/auto';
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiChat, AiChatSummary } from '../../../src/shared/api';
import { HavenDb } from '../../../src/client/db/database';
import { loadChatHistory, loadChatList } from '../../../src/client/features/aura/load';
import { queueAura } from '../../../src/client/sync/outbox';

const CHAT = '0123456789abcdef01234567';
let db: HavenDb;
let n = 0;
beforeEach(async () => {
  n += 1;
  db = new HavenDb(`aura-load-${n}-${Date.now()}`);
  await db.open();
});
afterEach(() => db.close());

/** A ky instance whose server is one function of the path. */
function server(answer: (path: string) => Response | Error) {
  return ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input) => {
      const result = answer(new URL(input instanceof Request ? input.url : String(input)).pathname);
      if (result instanceof Error) throw result;
      return result;
    },
  });
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const summary = (id: string, title: string): AiChatSummary => ({ _id: id, title, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z' });

describe('the chat list', () => {
  it('stores the server chats as server-known and keeps chats started offline', async () => {
    await db.aiChats.add({ ...summary('f'.repeat(24), ''), local: true });
    const outcome = await loadChatList(db, server((p) => (p === '/api/chats/userchats' ? json([summary(CHAT, 'Sleep')]) : json({}, 404))));
    expect(outcome).toBe('ok');
    expect(await db.aiChats.get(CHAT)).toEqual({ ...summary(CHAT, 'Sleep'), local: false });
    expect((await db.aiChats.get('f'.repeat(24)))?.local).toBe(true);
  });
  it('tells no network apart from a refusal', async () => {
    expect(await loadChatList(db, server(() => new TypeError('Failed to fetch')))).toBe('offline');
    expect(await loadChatList(db, server(() => json({ message: 'boom' }, 500)))).toBe('failed');
    expect(await db.aiChats.count()).toBe(0);
  });
});

describe('a chat\'s history', () => {
  it('replaces the optimistic question instead of doubling it, and stores the answer with its crisis flag', async () => {
    const { question } = await queueAura(db, CHAT, 'hello', null);
    const chat: AiChat = {
      ...summary(CHAT, 'Hello'),
      history: [
        { _id: 'a'.repeat(24), role: 'user', parts: [{ text: 'hello' }], crisis: false, clientId: question.key, createdAt: '2025-01-01T10:00:00.000Z' },
        { _id: 'b'.repeat(24), role: 'model', parts: [{ text: 'Hi **there**' }], crisis: true, clientId: `${question.key}:reply`, createdAt: '2025-01-01T10:00:01.000Z' },
      ],
    };
    const outcome = await loadChatHistory(db, server((p) => (p === `/api/chats/${CHAT}` ? json(chat) : json({}, 404))), CHAT);
    expect(outcome).toBe('ok');
    const rows = await db.aiMessages.where('chatId').equals(CHAT).sortBy('sortKey');
    expect(rows.map((r) => [r.key, r.role, r.status, r.crisis])).toEqual([
      [question.key, 'user', 'sent', false],
      [`${question.key}:reply`, 'model', 'sent', true],
    ]);
    expect((await db.aiChats.get(CHAT))?.title).toBe('Hello');
  });
  it('answers missing for another person\'s chat, offline for no network', async () => {
    expect(await loadChatHistory(db, server(() => json({ message: 'Chat not found', code: 'NOT_FOUND' }, 404)), CHAT)).toBe('missing');
    expect(await loadChatHistory(db, server(() => new TypeError('Failed to fetch')), CHAT)).toBe('offline');
    expect(await loadChatHistory(db, server(() => json({ message: 'boom' }, 500)), CHAT)).toBe('failed');
    expect(await db.aiMessages.count()).toBe(0);
  });
});
