/**
 * With a real model configured, Aura also asks it to judge risk
 * (docs/decisions/message-context-and-second-opinion.md). The model's judgment can only raise the
 * local detector's tier; a model that says NONE, answers nonsense, fails or is too slow leaves the
 * local decision alone. Against a fake OpenAI-compatible server on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChat } from './aura-chat';
import { startFakeModel, type FakeModel } from './fake-model';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional } from './people';

let fake: FakeModel;
let server: TestServer;
let code: string;
beforeAll(async () => {
  fake = await startFakeModel('openai');
  server = await startServer({ env: { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'm', AI_TIMEOUT_SECONDS: '3', AI_RISK_TIMEOUT_SECONDS: '1' } });
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); await fake?.close(); });
beforeEach(() => fake.reset());

let n = 0;
const ask = async (text: string) => {
  const { agent } = await referredUser(server, code);
  return createChat(agent, { text, clientId: `opinion-${(n += 1)}` });
};
const riskRequests = () => fake.requests.filter((r) => JSON.stringify(r.body).includes('safety reviewer'));

describe("the model's second opinion", () => {
  it('is asked beside the answer, with the person\'s words and nothing else of the chat', async () => {
    await ask('had a long day at work');
    expect(riskRequests()).toHaveLength(1);
    expect(JSON.stringify(riskRequests()[0]!.body)).toContain('had a long day at work');
  });

  it('raises a message the local detector let pass to a crisis, with the card', async () => {
    fake.risk.text = 'CRISIS';
    const chat = await ask('honestly i think i am done with all of it');
    expect(chat.crisis).toBe(true);
    expect(chat.help).toMatchObject({ subject: 'self' });
    expect(chat.aiResponse.indexOf('Hello from the fake model.')).toBeGreaterThan(0);
  });

  it('raises a crisis to imminent: the emergency number comes first', async () => {
    fake.risk.text = 'IMMINENT';
    const chat = await ask('i want to die');
    expect(chat.help).toMatchObject({ imminent: true });
    expect(chat.aiResponse.startsWith('**Please call 112 or your local emergency number now.**')).toBe(true);
  });

  it('never lowers the local decision: NONE, nonsense, an error or a timeout leave the crisis standing', async () => {
    for (const risk of [{ mode: 'answer', text: 'NONE' }, { mode: 'answer', text: 'I cannot help with that.' }, { mode: 'error', text: '' }, { mode: 'slow', text: '' }] as const) {
      fake.risk = { ...risk };
      const chat = await ask('i want to kill myself');
      expect(chat.crisis, risk.mode + risk.text).toBe(true);
      expect(chat.aiResponse).toContain('Hello from the fake model.');
    }
  });

  it('an ordinary message stays ordinary when the model agrees', async () => {
    const chat = await ask('this exam is killing me lol');
    expect(chat.crisis).toBe(false);
  });
});
