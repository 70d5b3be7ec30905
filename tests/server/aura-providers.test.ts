/** Aura against fake Gemini and OpenAI-compatible servers on 127.0.0.1: requests, fallbacks and safety. */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANNED_REPLIES } from '../../src/server/ai/fallback';
import { SYSTEM_PROMPT } from '../../src/server/ai/provider';
import { crisisMessage, DEFAULT_CRISIS_RESOURCES } from '../../src/server/ai/safety';
import type { AiChat, AiReply } from '../../src/shared/api';
import type { Agent } from './agent';
import { createChat } from './aura-chat';
import { startFakeModel, type FakeMode, type FakeModel, type FakeShape, type RecordedRequest } from './fake-model';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional } from './people';

let n = 0;
const clientId = () => `aura-prov-${(n += 1).toString().padStart(6, '0')}`;
const CRISIS_TEXT = "I've decided. I'm going to end my life tonight.";

interface Turn { role: 'user' | 'model'; text: string; image?: { mime: string; data: string } }

/** What the model received, read back in one shape whichever API it was. */
function received(shape: FakeShape, req: RecordedRequest): { system: string; turns: Turn[]; key: string | undefined } {
  if (shape === 'gemini') {
    return {
      system: req.body.systemInstruction.parts[0].text,
      key: req.headers['x-goog-api-key'] as string | undefined,
      turns: req.body.contents.map((c: { role: 'user' | 'model'; parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }) => {
        const inline = c.parts.find((p) => p.inlineData)?.inlineData;
        return { role: c.role, text: c.parts.map((p) => p.text ?? '').join(''), ...(inline ? { image: { mime: inline.mimeType, data: inline.data } } : {}) };
      }),
    };
  }
  const [system, ...rest] = req.body.messages as { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  return {
    system: typeof system?.content === 'string' && system.role === 'system' ? system.content : '',
    key: req.headers.authorization,
    turns: rest.map((m) => {
      const role = m.role === 'assistant' ? 'model' : 'user';
      if (typeof m.content === 'string') return { role, text: m.content };
      const url = m.content.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
      const [, mime = '', data = ''] = /^data:([^;]+);base64,(.*)$/.exec(url) ?? [];
      return { role, text: m.content.find((p) => p.type === 'text')?.text ?? '', image: { mime, data } };
    }),
  };
}

async function uploadImage(server: TestServer, agent: Agent, format: 'png' | 'gif' = 'png'): Promise<string> {
  const auth = (await agent.get('/api/upload')).body;
  const form = new FormData();
  const image = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#2a6' } }).toFormat(format).toBuffer();
  form.append('file', new Blob([new Uint8Array(image)]), `pic.${format}`);
  for (const k of ['publicKey', 'signature', 'token'] as const) form.append(k, auth[k]);
  form.append('expire', String(auth.expire));
  const res = await server.agent().request('POST', '/api/uploads', form);
  expect(res.status).toBe(200);
  return res.body.url as string;
}

async function setup(shape: FakeShape, env: (fake: FakeModel) => Record<string, string>) {
  const fake = await startFakeModel(shape);
  // The risk check (a second request per question) has its own suite: crisis-second-opinion.test.ts.
  const server = await startServer({ env: { AI_TIMEOUT_SECONDS: '1', AI_RISK_CHECK: 'off', ...env(fake) } });
  const { code } = await verifiedProfessional(server);
  return { fake, server, person: async () => (await referredUser(server, code)).agent };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const PROVIDERS: { shape: FakeShape; env: (f: FakeModel) => Record<string, string>; key: string; path: RegExp }[] = [
  { shape: 'gemini', env: (f) => ({ GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: f.url }), key: 'test-key',
    path: /^\/v1beta\/models\/gemini-2\.5-flash:generateContent$/ },
  { shape: 'openai', env: (f) => ({ OPENAI_BASE_URL: `${f.url}/v1`, OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm' }), key: 'Bearer k',
    path: /^\/v1\/chat\/completions$/ },
];

describe.each(PROVIDERS)('with the $shape provider', ({ shape, env, key, path }) => {
  let s: Setup;
  beforeAll(async () => { s = await setup(shape, env); });
  afterAll(async () => { await s?.server.close(); await s?.fake.close(); });
  beforeEach(() => s.fake.reset());

  /** A question to an existing chat (PUT answers aiResponse), or a new chat (POST answers its id; the answer is in the history). */
  const send = async (me: Agent, text: string, chatId?: string, img?: string): Promise<AiReply & { _id: string }> => {
    if (!chatId) return createChat(me, { text, img, clientId: clientId() });
    const res = await me.put<AiReply>(`/api/chats/${chatId}`, { question: text, img, clientId: clientId() });
    expect(res.status).toBe(200);
    return { ...res.body, _id: chatId };
  };

  it('answers with the model\'s text, sending the system prompt, the key and the whole history', async () => {
    const me = await s.person();
    s.fake.text = 'First answer from the model.';
    const made = await send(me, 'I had a rough week');
    expect(made).toMatchObject({ aiResponse: 'First answer from the model.', crisis: false });
    const first = s.fake.last();
    expect(first.method).toBe('POST');
    expect(first.path).toMatch(path);
    const seen = received(shape, first);
    expect(seen.system).toBe(SYSTEM_PROMPT);
    expect(seen.key).toBe(key);
    expect(seen.turns).toEqual([{ role: 'user', text: 'I had a rough week' }]);
    if (shape === 'openai') expect(first.body.model).toBe('m');

    s.fake.text = 'Second answer.';
    expect((await send(me, 'mostly at work', made._id)).aiResponse).toBe('Second answer.');
    s.fake.text = 'Third answer.';
    expect((await send(me, 'and at home too', made._id)).aiResponse).toBe('Third answer.');
    expect(received(shape, s.fake.last()).turns).toEqual([
      { role: 'user', text: 'I had a rough week' }, { role: 'model', text: 'First answer from the model.' },
      { role: 'user', text: 'mostly at work' }, { role: 'model', text: 'Second answer.' },
      { role: 'user', text: 'and at home too' },
    ]);
    const stored = (await me.get<AiChat>(`/api/chats/${made._id}`)).body.history;
    expect(stored.map((h) => h.parts[0]!.text)).toEqual([
      'I had a rough week', 'First answer from the model.', 'mostly at work', 'Second answer.', 'and at home too', 'Third answer.',
    ]);
  });

  it('sends an uploaded image with the question', async () => {
    const me = await s.person();
    const img = await uploadImage(s.server, me);
    const made = await send(me, 'what do you see?', undefined, img);
    expect(made.aiResponse).toBe(s.fake.text);
    const bytes = Buffer.from(await (await fetch(s.server.baseUrl + img, { headers: { cookie: me.cookieHeader } })).arrayBuffer());
    expect(received(shape, s.fake.last()).turns).toEqual([
      { role: 'user', text: 'what do you see?', image: { mime: 'image/png', data: bytes.toString('base64') } },
    ]);
  });

  it('still gives the model a non-empty turn for an earlier image-only message', async () => {
    const me = await s.person();
    s.fake.text = 'What a lovely picture.';
    const made = await send(me, '', undefined, await uploadImage(s.server, me));
    expect(made.aiResponse).toBe('What a lovely picture.');
    s.fake.text = 'Tell me more about that day.';
    expect((await send(me, 'it reminds me of home', made._id)).aiResponse).toBe('Tell me more about that day.');
    const turns = received(shape, s.fake.last()).turns;
    expect(turns).toHaveLength(3);
    expect(turns.filter((t) => t.text.trim() === '' && !t.image)).toEqual([]);
  });

  it('sends a GIF in a form the model takes', async () => {
    const me = await s.person();
    s.fake.text = 'A small green square.';
    const made = await send(me, 'what is this?', undefined, await uploadImage(s.server, me, 'gif'));
    expect(made.aiResponse).toBe('A small green square.');
    const image = received(shape, s.fake.last()).turns.at(-1)!.image!;
    expect(['image/png', 'image/jpeg', 'image/webp', ...(shape === 'openai' ? ['image/gif'] : [])]).toContain(image.mime);
    const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
    expect(`image/${meta.format === 'jpeg' ? 'jpeg' : meta.format}`).toBe(image.mime);
  });

  it('asks the model for a chat title', async () => {
    s.fake.text = '"Finding Calm After Work."';
    const res = await (await s.person()).post('/api/gemini/generate', { prompt: 'I cannot switch off after work' });
    expect(res.body.response).toBe('Finding Calm After Work');
    expect(received(shape, s.fake.last()).turns.at(-1)!.text).toContain('I cannot switch off after work');
  });

  it.each<FakeMode>(['error', 'slow', 'blocked', 'blank'])('gives a canned reply when the model is %s', async (mode) => {
    s.fake.mode = mode;
    const made = await send(await s.person(), 'I just need to vent a little');
    expect(s.fake.requests).toHaveLength(1);
    expect(CANNED_REPLIES).toContain(made.aiResponse);
    expect(made.crisis).toBe(false);
  });

  it('puts the crisis resources first and keeps the model\'s answer', async () => {
    const me = await s.person();
    s.fake.text = 'I am so sorry you are hurting. Please stay safe.';
    const made = await send(me, CRISIS_TEXT);
    expect(made.crisis).toBe(true);
    expect(made.aiResponse.startsWith(crisisMessage(DEFAULT_CRISIS_RESOURCES))).toBe(true);
    expect(made.aiResponse).toContain('I am so sorry you are hurting. Please stay safe.');
    const stored = (await me.get<AiChat>(`/api/chats/${made._id}`)).body.history;
    expect(stored[1]).toMatchObject({ role: 'model', crisis: true, parts: [{ text: made.aiResponse }] });
  });

  it.each<FakeMode>(['error', 'slow', 'blocked', 'blank'])('keeps the crisis resources when the model is %s', async (mode) => {
    const me = await s.person();
    const made = await send(me, 'hello');
    s.fake.mode = mode;
    const res = await me.put(`/api/chats/${made._id}`, { question: 'everyone would be better off without me', clientId: clientId() });
    expect(res.body.crisis).toBe(true);
    expect(res.body.aiResponse.startsWith(crisisMessage(DEFAULT_CRISIS_RESOURCES))).toBe(true);
    for (const r of DEFAULT_CRISIS_RESOURCES) expect(res.body.aiResponse).toContain(r.contact);
    expect(CANNED_REPLIES).not.toContain(res.body.aiResponse);
  });
});

describe('tuned settings: CRISIS_RESOURCES and AI_HISTORY_CHARS', () => {
  const RESOURCES = [{ name: 'Haven Test Line', contact: 'Call 000 111 222', region: 'Testland' }];
  let s: Setup;
  beforeAll(async () => {
    s = await setup('gemini', (f) => ({
      GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: f.url, AI_HISTORY_CHARS: '200', CRISIS_RESOURCES: JSON.stringify(RESOURCES),
    }));
  });
  afterAll(async () => { await s?.server.close(); await s?.fake.close(); });
  beforeEach(() => s.fake.reset());

  it('replaces the default crisis list with the configured one', async () => {
    s.fake.text = 'Please reach out to someone now.';
    const made = await createChat(await s.person(), { text: 'I want to die', clientId: clientId() });
    expect(made.crisis).toBe(true);
    expect(made.aiResponse.startsWith(crisisMessage(RESOURCES))).toBe(true);
    expect(made.aiResponse).toContain('Call 000 111 222');
    expect(made.aiResponse).not.toContain('findahelpline.com');
    expect(made.aiResponse).toContain('Please reach out to someone now.');
  });

  it('drops the oldest turns beyond the budget but always sends the newest question', async () => {
    const me = await s.person();
    const oldest = `OLDEST ${'a'.repeat(110)}`;
    const newer = `NEWER ${'b'.repeat(110)}`;
    const made = await createChat(me, { text: oldest, clientId: clientId() });
    expect(received('gemini', s.fake.last()).turns.map((t) => t.text)).toEqual([oldest]);
    await me.put(`/api/chats/${made._id}`, { question: newer, clientId: clientId() });
    const turns = received('gemini', s.fake.last()).turns;
    expect(JSON.stringify(turns)).not.toContain('OLDEST');
    expect(turns.at(-1)).toEqual({ role: 'user', text: newer });
    expect(turns[0]!.role).toBe('user');

    const huge = `HUGE ${'c'.repeat(600)}`;
    await me.put(`/api/chats/${made._id}`, { question: huge, clientId: clientId() });
    expect(received('gemini', s.fake.last()).turns).toEqual([{ role: 'user', text: huge }]);
  });
});
