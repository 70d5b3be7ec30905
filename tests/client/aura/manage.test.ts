// oxlint-disable-next-line import/no-unassigned-import -- the fake installs itself as the global indexedDB
import 'fake-indexeddb/auto';
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiChatSummary } from '../../../src/shared/api';
import { HavenDb, type LocalAiChat, type LocalAiMessage } from '../../../src/client/db/database';
import { loadChatList } from '../../../src/client/features/aura/load';
import { chatLabels, collidingIds, snippetOf } from '../../../src/client/features/aura/list-labels';
import { deleteChat, NEEDS_CONNECTION, renameChat, WAIT_FOR_ANSWER } from '../../../src/client/features/aura/manage';
import { failureText } from '../../../src/client/features/aura/useSendFailures';
import { readErrorBody } from '../../../src/client/net/errors';
import { queueAura } from '../../../src/client/sync/outbox';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
let db: HavenDb;
let n = 0;
beforeEach(async () => {
  n += 1;
  db = new HavenDb(`aura-manage-${n}-${Date.now()}`);
  await db.open();
});
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

/** A ky instance whose server is one function of the method and path; records what was asked. */
function server(answer: (method: string, path: string) => Response | Error) {
  const asked: string[] = [];
  const http = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0, hooks: { beforeError: [readErrorBody] },
    fetch: async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      asked.push(`${request.method} ${path}`);
      const result = answer(request.method, path);
      if (result instanceof Error) throw result;
      return result;
    },
  });
  return { http, asked };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const summary = (id: string, title: string, at = '2025-01-02T00:00:00.000Z'): AiChatSummary => ({ _id: id, title, createdAt: at, updatedAt: at });
const serverChat = (id: string, title: string): LocalAiChat => ({ ...summary(id, title), local: false });
const answered = async (chatId: string, text: string): Promise<LocalAiMessage> => {
  const row: LocalAiMessage = { key: `${chatId}-${text}`, chatId, role: 'user', text, img: null, crisis: false, status: 'sent', error: null, createdAt: '2025-01-02T00:00:00.000Z', sortKey: 1 };
  await db.aiMessages.add(row);
  return row;
};

describe('deleting a chat', () => {
  it('asks the server, then forgets the chat and its messages here', async () => {
    await db.aiChats.bulkAdd([serverChat(A, 'Exams'), serverChat(B, 'Sleep')]);
    await answered(A, 'about exams');
    await answered(B, 'about sleep');
    const { http, asked } = server(() => json({ message: 'Chat deleted' }));
    expect(await deleteChat(db, serverChat(A, 'Exams'), http)).toEqual({ ok: true });
    expect(asked).toEqual([`DELETE /api/chats/${A}`]);
    expect(await db.aiChats.toCollection().primaryKeys()).toEqual([B]);
    expect((await db.aiMessages.toArray()).map((m) => m.chatId)).toEqual([B]);
  });

  it('forgets a chat the server no longer has (deleted on another device)', async () => {
    await db.aiChats.add(serverChat(A, 'Exams'));
    const { http } = server(() => json({ message: 'Chat not found', code: 'NOT_FOUND' }, 404));
    expect(await deleteChat(db, serverChat(A, 'Exams'), http)).toEqual({ ok: true });
    expect(await db.aiChats.count()).toBe(0);
  });

  it('says it needs a connection offline and changes nothing', async () => {
    await db.aiChats.add(serverChat(A, 'Exams'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { http, asked } = server(() => json({ message: 'Chat deleted' }));
    expect(await deleteChat(db, serverChat(A, 'Exams'), http)).toEqual({ ok: false, message: NEEDS_CONNECTION.delete });
    expect(asked).toEqual([]);
    expect(await db.aiChats.count()).toBe(1);
  });

  it('waits for a question on its way; a chat only on this device goes with its queued questions, offline too', async () => {
    await db.aiChats.add(serverChat(A, 'Exams'));
    await queueAura(db, A, 'one more thing', null);
    const { http, asked } = server(() => json({ message: 'Chat deleted' }));
    expect(await deleteChat(db, serverChat(A, 'Exams'), http)).toEqual({ ok: false, message: WAIT_FOR_ANSWER });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { chatId } = await queueAura(db, null, 'started on the train', null);
    const local = (await db.aiChats.get(chatId))!;
    expect(await deleteChat(db, local, http)).toEqual({ ok: true });
    expect(asked).toEqual([]);
    expect(await db.aiChats.get(chatId)).toBeUndefined();
    expect(await db.aiMessages.where('chatId').equals(chatId).count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('renaming a chat', () => {
  it('stores the server\'s answer here', async () => {
    await db.aiChats.add(serverChat(A, 'Exams'));
    const { http, asked } = server(() => json(summary(A, 'Exam week')));
    expect(await renameChat(db, serverChat(A, 'Exams'), 'Exam week', http)).toEqual({ ok: true });
    expect(asked).toEqual([`PUT /api/chats/${A}/title`]);
    expect((await db.aiChats.get(A))?.title).toBe('Exam week');
  });

  it('shows the server\'s refusal, and says it needs a connection when nothing answers', async () => {
    await db.aiChats.add(serverChat(A, 'Exams'));
    const refused = server(() => json({ message: 'Please enter a title', code: 'VALIDATION' }, 400));
    expect(await renameChat(db, serverChat(A, 'Exams'), 'x', refused.http)).toEqual({ ok: false, message: 'Please enter a title' });
    const down = server(() => new TypeError('Failed to fetch'));
    expect(await renameChat(db, serverChat(A, 'Exams'), 'x', down.http)).toEqual({ ok: false, message: NEEDS_CONNECTION.rename });
    expect((await db.aiChats.get(A))?.title).toBe('Exams');
  });
});

describe('the chat list load', () => {
  it('forgets chats deleted on another device, with their queued questions, and keeps chats not sent yet', async () => {
    await db.aiChats.bulkAdd([serverChat(A, 'Exams'), serverChat(B, 'Sleep')]);
    await queueAura(db, A, 'queued for a chat deleted elsewhere', null);
    const { chatId: local } = await queueAura(db, null, 'not sent yet', null);
    const { http } = server(() => json([summary(B, 'Sleep')]));
    expect(await loadChatList(db, http)).toBe('ok');
    expect((await db.aiChats.toCollection().primaryKeys()).sort()).toEqual([local, B].sort());
    expect(await db.aiMessages.where('chatId').equals(A).count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => (r.request as { chatId?: string }).chatId)).toEqual([local]);
  });
});

describe('the list\'s words', () => {
  const now = new Date(2026, 10, 27, 18, 0);
  const at = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m).toISOString();
  it('show when each chat was last used, and when chats share a title, when each began', () => {
    const chats: LocalAiChat[] = [
      { _id: A, title: 'Feeling low today', createdAt: at(27, 9, 5), updatedAt: at(27, 9, 30), local: false },
      { _id: B, title: 'feeling low today', createdAt: at(20, 21, 40), updatedAt: at(26, 8, 0), local: false },
      { _id: 'c'.repeat(24), title: 'Sleep', createdAt: at(3, 7, 0), updatedAt: at(3, 7, 0), local: false },
    ];
    expect(collidingIds(chats)).toEqual(new Set([A, B]));
    const labels = chatLabels(chats, now, 'en-GB');
    expect(labels.get(A)).toEqual({ when: '09:30', started: 'Started Today, 09:05' });
    expect(labels.get(B)).toEqual({ when: 'Yesterday', started: 'Started 20 November, 21:40' });
    expect(labels.get('c'.repeat(24))).toEqual({ when: '3 Nov', started: null });
  });
  it('a snippet is the newest question, shortened, unless it only repeats the title', () => {
    expect(snippetOf('  what   about my exams?  ', 'Feeling low')).toBe('what about my exams?');
    expect(snippetOf('Feeling low', 'feeling low')).toBeNull();
    expect(snippetOf('x'.repeat(80), 'T', 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('a refused question', () => {
  it('that was to open a chat says the spec\'s "Failed to create new chat"; otherwise "Failed to send message"', () => {
    expect(failureText({ local: true })).toBe('Failed to create new chat');
    expect(failureText({ local: false })).toBe('Failed to send message');
    expect(failureText(undefined)).toBe('Failed to send message');
  });
});
