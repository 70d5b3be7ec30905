/**
 * A person who leaves while Aura is still thinking (a slow model): a graceful stop does not wait on
 * their connection, what they asked and Aura's answer are kept as if they had stayed, and the
 * answer reaches them by push (with no words), which it never does for a person who stayed.
 */
import { connect, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNED_REPLIES } from '../../src/server/ai/fallback';
import { aiMessages } from '../../src/server/db/schema';
import { auraReplyKey } from '../../src/shared/conversation';
import type { Agent } from './agent';
import { createChat, readChat } from './aura-chat';
import { startFakeModel, type FakeModel } from './fake-model';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional } from './people';
import { startFakePush, type FakePush } from '../support/fake-push';

let n = 0;
const clientId = () => `aura-closed-${(n += 1).toString().padStart(6, '0')}`;

async function setup(fake: FakeModel, env: Record<string, string> = {}) {
  // A model timeout of 2 s: long enough to leave while Aura thinks, short enough for a test.
  const server = await startServer({ env: { AI_TIMEOUT_SECONDS: '2', GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: fake.url, ...env } });
  const { code } = await verifiedProfessional(server);
  const person = async () => referredUser(server, code);
  return { server, person };
}

/**
 * Sends a question as `agent` and leaves (the request is cancelled) once the model is asked, the
 * way a person closes Haven while Aura thinks.
 */
async function askAndLeave(server: TestServer, fake: FakeModel, agent: Agent, method: 'POST' | 'PUT', path: string, body: { question?: string; text?: string; clientId: string }) {
  const text = body.question ?? body.text ?? '';
  const leaving = new AbortController();
  const sent = fetch(server.baseUrl + path, {
    method, body: JSON.stringify(body), signal: leaving.signal,
    headers: { 'content-type': 'application/json', cookie: agent.cookieHeader },
  });
  await expect.poll(() => fake.requests.some((r) => JSON.stringify(r.body).includes(text)), { timeout: 10_000 }).toBe(true);
  leaving.abort();
  await expect(sent).rejects.toThrow();
}

/** The stored question and Aura's answer to it, read from the database. */
async function stored(server: TestServer, userId: string, questionId: string) {
  const row = async (key: string) => (await server.database.db.select().from(aiMessages)
    .where(and(eq(aiMessages.userId, userId), eq(aiMessages.clientId, key))).limit(1))[0];
  return { question: await row(questionId), answer: await row(auraReplyKey(questionId)) };
}

describe('a graceful stop while a person who left waits on Aura', () => {
  let fake: FakeModel;
  let s: Awaited<ReturnType<typeof setup>>;
  const preconnects: Socket[] = [];
  beforeAll(async () => {
    fake = await startFakeModel('gemini');
    s = await setup(fake);
  });
  afterAll(async () => {
    for (const socket of preconnects) socket.destroy();
    await s?.server.close();
    await fake?.close();
  });

  it('resolves, and the question and its answer are stored', { timeout: 60_000 }, async () => {
    const { agent, id: userId } = await s.person();
    const chat = await createChat(agent, { text: 'hello Aura', clientId: clientId() });
    // A connection that never sends a request, as a browser's preconnect (or a client's pool after
    // a cancelled request) leaves: Node does not count it as idle.
    const idle = connect(Number(new URL(s.server.baseUrl).port), '127.0.0.1');
    idle.on('error', () => {});
    preconnects.push(idle);
    await new Promise((resolve) => idle.once('connect', resolve));

    fake.mode = 'slow';
    const key = clientId();
    await askAndLeave(s.server, fake, agent, 'PUT', `/api/chats/${chat._id}`, { question: 'are you still there?', clientId: key });
    await expect(s.server.app.close()).resolves.toBeUndefined();

    const { question, answer } = await stored(s.server, userId, key);
    expect(question).toMatchObject({ chatId: chat._id, role: 'user', text: 'are you still there?' });
    // What a person who stayed would have got from a model this slow.
    expect(answer).toMatchObject({ chatId: chat._id, role: 'model', crisis: false });
    expect(CANNED_REPLIES).toContain(answer!.text);
    expect(answer!.seq).toBeGreaterThan(question!.seq);
  });
});

describe('Aura\'s answer to a person who left', () => {
  let fake: FakeModel;
  let pushService: FakePush;
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    fake = await startFakeModel('gemini');
    pushService = await startFakePush();
    s = await setup(fake, { PUSH_ENDPOINT_ALLOW: pushService.origin });
  });
  afterAll(async () => {
    await s?.server.close();
    await fake?.close();
    await pushService?.close();
  });

  /** A person with a chat (answered while they stayed) and a device subscribed to pushes. */
  async function subscribed() {
    fake.reset();
    const person = await s.person();
    const device = pushService.device();
    const res = await person.agent.post('/api/push/subscriptions', device.subscription);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const chat = await createChat(person.agent, { text: 'a first question', clientId: clientId() });
    return { ...person, device, chat };
  }

  it.each(['PUT', 'POST'] as const)('is stored and pushed once, with no words (%s)', { timeout: 60_000 }, async (method) => {
    const me = await subscribed();
    await s.server.app.push.notifier.idle();
    expect(me.device.received).toHaveLength(0);

    fake.mode = 'slow';
    const key = clientId();
    const text = `my private worry number ${key}`;
    const [path, body] = method === 'PUT'
      ? [`/api/chats/${me.chat._id}`, { question: text, clientId: key }]
      : ['/api/chats', { text, clientId: key }];
    await askAndLeave(s.server, fake, me.agent, method, path, body);

    await expect.poll(() => me.device.received.length, { timeout: 15_000, interval: 50 }).toBe(1);
    await s.server.app.push.notifier.idle();
    expect(me.device.received).toHaveLength(1);
    const { question, answer } = await stored(s.server, me.id, key);
    expect(question).toMatchObject({ role: 'user', text });
    expect(answer).toMatchObject({ role: 'model', chatId: question!.chatId });
    const [got] = me.device.received;
    expect(got!.payload).toEqual({ v: 1, kind: 'aura', url: `/aura-ai/chats/${question!.chatId}`, tag: `aura:${question!.chatId}` });
    expect(got!.text).not.toContain('worry');
    expect(got!.text).not.toContain(answer!.text.slice(0, 20));
    // The same answer, read back by its person when they come back.
    expect((await readChat(me.agent, question!.chatId)).aiResponse).toBe(answer!.text);
  });

  it('is not pushed to a person who stayed for it', { timeout: 60_000 }, async () => {
    const me = await subscribed();
    fake.text = 'An answer given while you waited.';
    const res = await me.agent.put(`/api/chats/${me.chat._id}`, { question: 'and another', clientId: clientId() });
    expect(res.body).toMatchObject({ aiResponse: 'An answer given while you waited.' });
    // Slow, and still waited for.
    fake.mode = 'slow';
    expect((await me.agent.put(`/api/chats/${me.chat._id}`, { question: 'one more', clientId: clientId() })).status).toBe(200);
    await s.server.app.push.notifier.idle();
    expect(me.device.received).toHaveLength(0);
  });
});
