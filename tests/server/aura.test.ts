/** Aura over real HTTP with the built-in companion (no model configured): every chats route and rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiChat, AiChatSummary, CreateChatResponse } from '../../src/shared/api';
import type { Agent } from './agent';
import { createChat } from './aura-chat';
import { startServer, type TestServer } from './harness';
import { referredUser, signUp, verifiedProfessional, uploadImage } from './people';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `aura-test-${(n += 1).toString().padStart(6, '0')}`;
const person = async (): Promise<Agent> => (await referredUser(server, code)).agent;


const newChat = (agent: Agent, body: Record<string, unknown>) => createChat(agent, { clientId: clientId(), ...body });
const history = async (agent: Agent, id: string) => (await agent.get<AiChat>(`/api/chats/${id}`)).body.history;

describe('POST /api/chats and GET /api/chats/:id', () => {
  it('creates a chat titled from the first message, answers its id as a JSON string, and keeps Aura\'s answer in the history', async () => {
    const me = await person();
    const res = await me.post<CreateChatResponse>('/api/chats', { text: 'feeling a bit lost about my exams lately', clientId: clientId() });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(/^[0-9a-f]{24}$/);

    const chat = await me.get<AiChat>(`/api/chats/${res.body}`);
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ _id: res.body, title: 'Feeling a bit lost about my' });
    expect(chat.body.history.map((h) => h.role)).toEqual(['user', 'model']);
    expect(chat.body.history[0]!.parts[0]).toEqual({ text: 'feeling a bit lost about my exams lately' });
    expect(chat.body.history[1]!.crisis).toBe(false);
    expect(chat.body.history[1]!.parts[0]!.text.trim().length).toBeGreaterThan(10);
    expect((await me.get<AiChatSummary[]>('/api/chats/userchats')).body.map((c) => c._id)).toEqual([res.body]);
  });

  it('takes the id a client offers for the new chat (an app that started the chat offline)', async () => {
    const me = await person();
    const offered = '6650aa00bb11cc22dd33ee44';
    const made = await newChat(me, { text: 'started on the train', chatId: offered });
    expect(made._id).toBe(offered);
    const taken = await (await person()).post('/api/chats', { text: 'same id, someone else', chatId: offered, clientId: clientId() });
    expect(taken.status).toBe(409);
  });

  it('keeps an uploaded image on the message as parts[0].img, and an image-only chat is untitled', async () => {
    const me = await person();
    const url = await uploadImage(server, me);
    const made = await newChat(me, { text: '', img: url });
    expect(made.title).toBe('');
    expect(made.aiResponse.trim()).not.toBe('');
    const [question, answer] = await history(me, made._id);
    expect(question).toMatchObject({ role: 'user', parts: [{ text: '', img: url }] });
    expect(answer!.parts[0]).not.toHaveProperty('img');

    const put = await me.put(`/api/chats/${made._id}`, { question: 'what do you think of it?', img: url, clientId: clientId() });
    expect(put.status).toBe(200);
    expect((await history(me, made._id))[2]).toMatchObject({ role: 'user', parts: [{ text: 'what do you think of it?', img: url }] });
  });

  it('refuses a message with neither text nor image', async () => {
    const me = await person();
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: '', img: null }]) {
      const res = await me.post('/api/chats', { ...body, clientId: clientId() });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Please enter a message or upload an image' });
    }
    expect((await me.get('/api/chats/userchats')).body).toEqual([]);
  });

  it('refuses an image the person did not upload', async () => {
    const me = await person();
    const othersImage = await uploadImage(server, await person());
    for (const img of [othersImage, `/uploads/${'a'.repeat(32)}.png`, 'https://elsewhere.example/cat.png']) {
      const res = await me.post('/api/chats', { text: 'look', img, clientId: clientId() });
      expect({ img, status: res.status }).toEqual({ img, status: 400 });
    }
    expect((await me.get('/api/chats/userchats')).body).toEqual([]);
  });

  it('is idempotent by clientId: a repeat answers the same chat and reply and stores nothing more', async () => {
    const me = await person();
    const body = { text: 'I had a long day at work', clientId: clientId() };
    const first = await me.post<CreateChatResponse>('/api/chats', body);
    const again = await me.post<CreateChatResponse>('/api/chats', body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await history(me, first.body)).map((h) => h.role)).toEqual(['user', 'model']);
    expect((await me.get<AiChatSummary[]>('/api/chats/userchats')).body.map((c) => c._id)).toEqual([first.body]);
  });

  it('is idempotent when the same send arrives twice at once', async () => {
    const me = await person();
    const body = { text: 'retrying from the outbox', clientId: clientId() };
    const [a, b] = await Promise.all([me.post<CreateChatResponse>('/api/chats', body), me.post<CreateChatResponse>('/api/chats', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(b.body).toBe(a.body);
    expect((await me.get<AiChatSummary[]>('/api/chats/userchats')).body).toHaveLength(1);
    expect(await history(me, a.body)).toHaveLength(2);
  });
});

describe('PUT /api/chats/:id', () => {
  it('appends the question and Aura\'s answer and answers aiResponse', async () => {
    const me = await person();
    const made = await newChat(me, { text: 'hello' });
    const res = await me.put(`/api/chats/${made._id}`, { question: 'I feel anxious about tomorrow', clientId: clientId() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ aiResponse: expect.any(String), crisis: false });
    const h = await history(me, made._id);
    expect(h.map((e) => e.role)).toEqual(['user', 'model', 'user', 'model']);
    expect(h[2]!.parts[0]!.text).toBe('I feel anxious about tomorrow');
    expect(h[3]!.parts[0]!.text).toBe(res.body.aiResponse);
  });

  it('is idempotent by clientId', async () => {
    const me = await person();
    const made = await newChat(me, { text: 'hello' });
    const body = { question: 'a question sent twice', clientId: clientId() };
    const first = await me.put(`/api/chats/${made._id}`, body);
    const again = await me.put(`/api/chats/${made._id}`, body);
    expect(again.status).toBe(200);
    expect(again.body.aiResponse).toBe(first.body.aiResponse);
    const h = await history(me, made._id);
    expect(h.filter((e) => e.parts[0]!.text === 'a question sent twice')).toHaveLength(1);
    expect(h).toHaveLength(4);
  });

  it('refuses a question with neither text nor image', async () => {
    const me = await person();
    const made = await newChat(me, { text: 'hello' });
    const res = await me.put(`/api/chats/${made._id}`, { question: '  ', clientId: clientId() });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Please enter a message or upload an image' });
    expect(await history(me, made._id)).toHaveLength(2);
  });

  it('refuses an image the person did not upload', async () => {
    const me = await person();
    const made = await newChat(me, { text: 'hello' });
    const res = await me.put(`/api/chats/${made._id}`, { question: 'see', img: await uploadImage(server, await person()), clientId: clientId() });
    expect(res.status).toBe(400);
    expect(await history(me, made._id)).toHaveLength(2);
  });
});

describe('chat ids and ownership', () => {
  it('answers 400 "Invalid chat ID format" for an id that is not 24 hex characters', async () => {
    const me = await person();
    for (const id of ['abc', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${UNKNOWN_ID}0`, 'FFFFFFFFFFFFFFFFFFFFFFF']) {
      for (const res of [await me.get(`/api/chats/${id}`), await me.put(`/api/chats/${id}`, { question: 'hi', clientId: clientId() })]) {
        expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 400, message: 'Invalid chat ID format' });
      }
    }
    const gen = await me.post('/api/gemini/generate', { prompt: 'hello', chatId: 'nope' });
    expect({ status: gen.status, message: gen.body.message }).toEqual({ status: 400, message: 'Invalid chat ID format' });
  });

  it('answers 404 for another person\'s chat and for an unknown one, and changes nothing', async () => {
    const owner = await person();
    const made = await newChat(owner, { text: 'my private thoughts' });
    const stranger = await person();
    expect((await stranger.get(`/api/chats/${made._id}`)).status).toBe(404);
    expect((await stranger.put(`/api/chats/${made._id}`, { question: 'sneaking in', clientId: clientId() })).status).toBe(404);
    expect((await stranger.get(`/api/chats/${UNKNOWN_ID}`)).status).toBe(404);
    expect(await history(owner, made._id)).toHaveLength(2);
    expect((await stranger.get('/api/chats/userchats')).body).toEqual([]);
  });
});

describe('GET /api/chats/userchats', () => {
  it('lists the caller\'s chats only, newest first, with _id and title', async () => {
    const me = await person();
    const first = await newChat(me, { text: 'first chat about sleep' });
    const second = await newChat(me, { text: 'second chat about work' });
    await newChat(await person(), { text: 'someone else' });
    const res = await me.get<AiChatSummary[]>('/api/chats/userchats');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => ({ _id: c._id, title: c.title }))).toEqual([
      { _id: second._id, title: 'Second chat about work' }, { _id: first._id, title: 'First chat about sleep' },
    ]);
  });
});

describe('POST /api/gemini/generate', () => {
  it('answers a short, non-empty title for a prompt', async () => {
    const res = await (await person()).post('/api/gemini/generate', { prompt: 'I keep worrying about my sister and her new job in another city' });
    expect(res.status).toBe(200);
    expect(res.body.response.trim()).not.toBe('');
    expect(res.body.response.length).toBeLessThanOrEqual(60);
    expect(res.body.response.split(/\s+/).length).toBeLessThanOrEqual(6);
  });

  it('titles the given chat only while it has no title', async () => {
    const me = await person();
    const untitled = await newChat(me, { img: await uploadImage(server, me) });
    const named = await me.post('/api/gemini/generate', { prompt: 'a photo of my garden', chatId: untitled._id });
    expect(named.status).toBe(200);
    expect((await me.get<AiChat>(`/api/chats/${untitled._id}`)).body.title).toBe(named.body.response);

    const again = await me.post('/api/gemini/generate', { prompt: 'something else entirely', chatId: untitled._id });
    expect(again.status).toBe(200);
    expect((await me.get<AiChat>(`/api/chats/${untitled._id}`)).body.title).toBe(named.body.response);

    const titled = await newChat(me, { text: 'talking about my weekend' });
    await me.post('/api/gemini/generate', { prompt: 'renamed', chatId: titled._id });
    expect((await me.get<AiChat>(`/api/chats/${titled._id}`)).body.title).toBe('Talking about my weekend');
  });

  it('never titles another person\'s chat', async () => {
    const owner = await person();
    const untitled = await newChat(owner, { img: await uploadImage(server, owner) });
    const res = await (await person()).post('/api/gemini/generate', { prompt: 'hijacked title', chatId: untitled._id });
    expect(res.status).toBe(404);
    expect((await owner.get<AiChat>(`/api/chats/${untitled._id}`)).body.title).toBe('');
  });

  it('refuses an empty prompt', async () => {
    expect((await (await person()).post('/api/gemini/generate', { prompt: '  ' })).status).toBe(400);
  });
});

describe('access', () => {
  const routes = (id: string): [string, string, unknown][] => [
    ['GET', '/api/chats/userchats', undefined], ['GET', `/api/chats/${id}`, undefined],
    ['POST', '/api/chats', { text: 'hello', clientId: clientId() }], ['PUT', `/api/chats/${id}`, { question: 'hello', clientId: clientId() }],
    ['POST', '/api/gemini/generate', { prompt: 'hello' }],
  ];

  it('refuses a pending professional with 403 VERIFICATION_REQUIRED on every route', async () => {
    const pending = await signUp(server, { role: 'volunteer' });
    for (const [method, path, body] of routes(UNKNOWN_ID)) {
      const res = await pending.agent.request(method, path, body);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'VERIFICATION_REQUIRED' });
    }
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    const made = await newChat(await person(), { text: 'hello' });
    for (const [method, path, body] of routes(made._id)) {
      const res = await server.agent().request(method, path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });
});

describe('the built-in companion', () => {
  const turns = ['I feel anxious about my exams', 'I still feel anxious and I cannot focus', 'I did not sleep well last night',
    'my friend has not answered my messages', 'I feel so low today', 'I keep overthinking everything'];

  it('varies its replies and offers a grounding or breathing exercise over a few turns', async () => {
    const me = await person();
    const made = await newChat(me, { text: turns[0] });
    const replies = [made.aiResponse];
    for (const question of turns.slice(1)) {
      replies.push((await me.put(`/api/chats/${made._id}`, { question, clientId: clientId() })).body.aiResponse);
    }
    expect(new Set(replies).size).toBe(replies.length);
    expect(replies.some((r) => /grounding|breath|feet flat/i.test(r))).toBe(true);
    for (const r of replies) expect(r).not.toMatch(/\bI(?:'m| am) (?:a )?(?:human|real person|person|therapist|doctor)\b/i);
  });

  it('says it is an AI, not a person or a therapist, when asked', async () => {
    const me = await person();
    const made = await newChat(me, { text: 'are you human?' });
    expect(made.aiResponse).toMatch(/\bAI\b/);
    expect(made.aiResponse).toMatch(/not a (person|human)/i);
    for (const question of ['Are you a real person?', 'are you a therapist?']) {
      const res = await me.put(`/api/chats/${made._id}`, { question, clientId: clientId() });
      expect(res.body.aiResponse).toMatch(/\bAI\b/);
      expect(res.body.aiResponse).toMatch(/not a therapist/i);
    }
  });

  it('puts crisis resources first when a message shows risk', async () => {
    const made = await newChat(await person(), { text: 'I want to kill myself' });
    expect(made.crisis).toBe(true);
    expect(made.aiResponse).toMatch(/^I'm really glad you told me/);
    expect(made.aiResponse).toContain('findahelpline.com');
  });
});
