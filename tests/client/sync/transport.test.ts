/**
 * The outbox's Aura transport against a scripted server: a new chat's POST answers only the chat id
 * (spec section 7), so the answer and the title are read from the chat's history; the flusher then
 * stores them beside the question.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the fake installs itself as the global indexedDB
import 'fake-indexeddb/auto';
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiChat, AiHistoryEntry } from '../../../src/shared/api';
import { HavenDb, type OutboxRow } from '../../../src/client/db/database';
import { Flusher } from '../../../src/client/sync/flusher';
import { queueAura, queueDirect } from '../../../src/client/sync/outbox';
import { CHAT_UPLOAD } from '../../../src/client/features/chat/upload';
import { kyTransport } from '../../../src/client/sync/transport';
import { noLock } from './fixtures';
import { requestClientId, requestConversation } from '../../../src/shared/outgoing';

const chatOf = (row: OutboxRow) => requestConversation(row.request).id;

const CHAT = '0123456789abcdef01234567';
let db: HavenDb;
let n = 0;
beforeEach(async () => {
  n += 1;
  db = new HavenDb(`transport-${n}-${Date.now()}`);
  await db.open();
});
afterEach(() => db.close());

interface Call { method: string; path: string; body: unknown }

/** A ky instance whose server is one function of method and path; records every call. */
function server(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const api = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.clone().text();
      const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      return answer(call);
    },
  });
  return { api, calls };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

const entry = (e: Partial<AiHistoryEntry> & Pick<AiHistoryEntry, 'role' | 'clientId'>, text: string): AiHistoryEntry => ({
  _id: 'e'.repeat(24), parts: [{ text }], crisis: false, createdAt: '2025-01-01T00:00:00.000Z', ...e,
});
const chat = (history: AiHistoryEntry[], title = 'Could not sleep'): AiChat => ({
  _id: CHAT, title, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', history,
});

async function newChatRow(text = 'I could not sleep'): Promise<OutboxRow> {
  await queueAura(db, null, text, null);
  return (await db.outbox.toArray())[0]!;
}

describe('a new Aura chat', () => {
  it('POSTs the question, then reads the answer, its crisis help and the title from the history', async () => {
    const row = await newChatRow();
    const key = requestClientId(row.request);
    const { api, calls } = server(({ method, path }) => {
      if (method === 'POST' && path === '/api/chats') return json(chatOf(row), 201);
      if (method === 'GET' && path === `/api/chats/${chatOf(row)}`) {
        return json(chat([
          entry({ role: 'user', clientId: key }, 'I could not sleep'),
          entry({ role: 'model', clientId: `${key}:reply`, crisis: true, help: { subject: 'self', category: null } }, 'I am glad you told me.'),
        ]));
      }
      return json({ message: 'no', code: 'NOT_FOUND' }, 404);
    });
    const outcome = await kyTransport(api, 0).send(row);
    expect(outcome).toEqual({ ok: true, data: { aiResponse: 'I am glad you told me.', crisis: true, help: { subject: 'self', category: null }, title: 'Could not sleep' } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/chats', `GET /api/chats/${chatOf(row)}`]);
    expect(calls[0]!.body).toEqual({ chatId: chatOf(row), text: 'I could not sleep', img: null, clientId: key });
  });

  it('picks this question\'s answer by its clientId, not just the newest answer', async () => {
    const row = await newChatRow();
    const key = requestClientId(row.request);
    const { api } = server(({ method }) => (method === 'POST' ? json(chatOf(row), 200) : json(chat([
      entry({ role: 'user', clientId: key }, 'I could not sleep'),
      entry({ role: 'model', clientId: `${key}:reply` }, 'the answer to this question'),
      entry({ role: 'user', clientId: 'another-tab-0001' }, 'later, from another tab'),
      entry({ role: 'model', clientId: 'another-tab-0001:reply' }, 'a later answer'),
    ]))));
    const outcome = await kyTransport(api, 0).send(row);
    expect(outcome.ok && outcome.data.aiResponse).toBe('the answer to this question');
  });

  it('tries again later when the answer is not a chat id, or the history lacks the answer', async () => {
    const row = await newChatRow();
    const oldShape = server(() => json({ _id: CHAT, title: 't', aiResponse: 'hi', crisis: false }, 201));
    expect(await kyTransport(oldShape.api, 0).send(row)).toMatchObject({ ok: false, kind: 'retry' });
    const noAnswer = server(({ method }) => (method === 'POST' ? json(chatOf(row), 201) : json(chat([]))));
    expect(await kyTransport(noAnswer.api, 0).send(row)).toMatchObject({ ok: false, kind: 'retry' });
  });

  it('a send lost between the POST and the history read is sent again with the same clientId, then stored once', async () => {
    const row = await newChatRow('hello Aura');
    const key = requestClientId(row.request);
    let reads = 0;
    const { api, calls } = server(({ method }) => {
      if (method === 'POST') return json(chatOf(row), calls.filter((c) => c.method === 'POST').length === 1 ? 201 : 200);
      reads += 1;
      if (reads === 1) return json({ message: 'busy', code: 'UNAVAILABLE' }, 503);
      return json(chat([entry({ role: 'user', clientId: key }, 'hello Aura'), entry({ role: 'model', clientId: `${key}:reply` }, 'Hello!')], 'Hello aura'));
    });
    let now = 1_000;
    const flusher = new Flusher(db, kyTransport(api, 0), { lock: noLock, now: () => now, isOnline: () => true });
    await flusher.flush();
    expect(await db.outbox.count()).toBe(1);
    now += 10 * 60_000;
    await flusher.flush();
    flusher.stop();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { clientId: string }).clientId)).toEqual([key, key]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.aiMessages.where('chatId').equals(chatOf(row)).toArray()).map((m) => [m.role, m.text, m.status]))
      .toEqual([['user', 'hello Aura', 'sent'], ['model', 'Hello!', 'sent']]);
    expect(await db.aiChats.get(chatOf(row))).toMatchObject({ title: 'Hello aura', local: false });
  });
});

describe('a question to an existing chat', () => {
  it('PUTs it and takes aiResponse from the answer, with no history read', async () => {
    await queueAura(db, CHAT, 'and today?', null);
    const row = (await db.outbox.toArray())[0]!;
    const { api, calls } = server(() => json({ aiResponse: 'Today is a new day.', crisis: false }));
    expect(await kyTransport(api, 0).send(row)).toEqual({ ok: true, data: { aiResponse: 'Today is a new day.', crisis: false } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /api/chats/${CHAT}`]);
  });
});

describe('a refusal', () => {
  it('of one item reads as calm words for its code; the server\'s own words go to the console only', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await queueDirect(db, db.userId, CHAT, 'hello', null);
    const row = (await db.outbox.toArray())[0]!;
    const { api } = server(() => json({ results: [{ clientId: requestClientId(row.request), ok: false, code: 'VALIDATION_FAILED', message: 'Bad' }] }));
    const outcome = await kyTransport(api, 0).sendBatch([row]);
    expect(outcome).toEqual({ ok: true, results: [{ ok: false, code: 'VALIDATION_FAILED', message: 'This message could not be sent as it is.' }] });
    expect(errors.mock.calls.flat().join(' ')).toContain('Bad');
    errors.mockRestore();
  });

  it('of the whole request reads as calm words too', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await queueDirect(db, db.userId, CHAT, 'hello', null);
    const row = (await db.outbox.toArray())[0]!;
    const { api } = server(() => json({ message: 'Bad', code: 'FORBIDDEN' }, 403));
    expect(await kyTransport(api, 0).sendBatch([row])).toEqual({ ok: false, kind: 'rejected', code: 'FORBIDDEN', message: 'You can no longer send messages here.' });
    errors.mockRestore();
  });
});

describe('uploading a kept photo', () => {
  const auth = { publicKey: 'k', signature: 's', expire: 1, token: 't', uploadUrl: 'http://haven.test/api/upload/files' };
  const kept = { ref: 'device-image:x', blob: new Blob([new Uint8Array([1])], { type: 'image/png' }), place: CHAT_UPLOAD, createdAt: 0 };
  afterEach(() => vi.unstubAllGlobals());

  it('answers the URL, and sorts failures into try again later or refused for good', async () => {
    const { api } = server(() => json(auth));
    const answers = [json({ url: '/uploads/a.png', fileId: 'a', name: 'a', size: 1, fileType: 'image' }), json({ message: 'busy' }, 503), json({ message: 'Not an image' }, 415)];
    const sentForms: FormData[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      sentForms.push(init.body as FormData);
      return answers.shift()!;
    }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const transport = kyTransport(api, 0);
    expect(await transport.upload(kept)).toEqual({ ok: true, url: '/uploads/a.png' });
    expect(sentForms[0]!.get('folder')).toBe('/chat');
    expect(await transport.upload(kept)).toMatchObject({ ok: false, kind: 'retry' });
    expect(await transport.upload(kept)).toMatchObject({ ok: false, kind: 'rejected', message: 'Failed to upload image' });
    errors.mockRestore();
  });
});
