/**
 * The messaging routes and Aura run the shared crisis detector: the author's own answer carries
 * `help` when their message shows crisis risk, worded for them or for someone they worry about;
 * nobody else's copy (the receiver's socket event, the thread) ever carries it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AiChat, BatchResponse, DirectMessage } from '../../src/shared/api';
import { createChat } from './aura-chat';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, readySocket } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `help-test-${(n += 1)}`;
const person = (): Promise<Person> => referredUser(server, code);

describe('help on the author\'s own answer', () => {
  it('a direct message showing crisis risk answers help to its author only', async () => {
    const [a, b] = [await person(), await person()];
    const socket = await readySocket(server, b.agent, b.id);
    const received = nextEvent(socket, 'newMessage');
    const res = await a.agent.post<DirectMessage & { help?: unknown }>(`/api/messages/send/${b.id}`,
      { text: "i've been giving my stuff away, won't need it after friday", clientId: clientId() });
    expect(res.status).toBe(201);
    expect(res.body.help).toEqual({ subject: 'self', category: expect.any(String) });
    const event = await received;
    expect(event.text).toContain('giving my stuff away');
    expect(event).not.toHaveProperty('help');
    const thread = await b.agent.get<Record<string, unknown>[]>(`/api/messages/${a.id}`);
    expect(thread.body.every((m) => !('help' in m))).toBe(true);
  });

  it('an ordinary message and an idiom carry no help', async () => {
    const [a, b] = [await person(), await person()];
    for (const text of ['see you at group tonight!', 'this essay is killing me lol']) {
      const res = await a.agent.post<Record<string, unknown>>(`/api/messages/send/${b.id}`, { text, clientId: clientId() });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('help');
    }
  });

  it('someone else at risk is worded for a helper', async () => {
    const [a, b] = [await person(), await person()];
    const res = await a.agent.post<{ help?: { subject: string } }>(`/api/messages/send/${b.id}`,
      { text: 'my brother texted me that he wants to kill himself, what do i do', clientId: clientId() });
    expect(res.body.help?.subject).toBe('other');
  });

  it('a batch marks only the items that show risk', async () => {
    const [a, b] = [await person(), await person()];
    const items = [
      { kind: 'direct', to: b.id, text: 'morning!', clientId: clientId() },
      { kind: 'direct', to: b.id, text: 'i want to die', clientId: clientId() },
      { kind: 'direct', to: b.id, text: 'not really hungry today', clientId: clientId() },
    ];
    const res = await a.agent.post<BatchResponse>('/api/messages/batch', { items });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => 'help' in r)).toEqual([false, true, false]);
  });
});

describe('Aura', () => {
  it('a crisis question puts the resources first and says whose risk it is', async () => {
    const me = await person();
    const made = await createChat(me.agent, { text: 'how many of my sleeping pills would it take to not wake up', clientId: clientId() });
    expect(made.crisis).toBe(true);
    expect(made.help?.subject).toBe('self');
    expect(made.aiResponse.split('\n')[0]).toMatch(/glad you told me/i);
  });

  it('a friend at risk gets resources worded for a helper', async () => {
    const me = await person();
    const made = await createChat(me.agent, { text: 'my best friend posted a goodbye note on insta and wont answer her phone', clientId: clientId() });
    expect(made.crisis).toBe(true);
    expect(made.help?.subject).toBe('other');
    expect(made.aiResponse).toMatch(/someone you care about/i);
  });

  it("the chat's history says whose risk each crisis answer was, so a reload words the card the same", async () => {
    const me = await person();
    const made = await createChat(me.agent, { text: 'my roommate said she wants to end her life tonight', clientId: clientId() });
    await me.agent.put(`/api/chats/${made._id}`, { question: 'and honestly i want to die too', clientId: clientId() });
    await me.agent.put(`/api/chats/${made._id}`, { question: 'thanks, that helps a bit', clientId: clientId() });
    const chat = await me.agent.get<AiChat>(`/api/chats/${made._id}`);
    const answers = chat.body.history.filter((e) => e.role === 'model');
    expect(answers.map((e) => [e.crisis, e.help?.subject])).toEqual([[true, 'other'], [true, 'self'], [false, undefined]]);
    expect(chat.body.history.filter((e) => e.role === 'user').every((e) => e.help === undefined)).toBe(true);
  });

  it('talk about the topic is not a crisis', async () => {
    const me = await person();
    const made = await createChat(me.agent, { text: 'we covered suicide prevention in my psychology lecture today, it was interesting', clientId: clientId() });
    expect(made.crisis).toBe(false);
    expect(made).not.toHaveProperty('help');
    expect(made.history.at(-1)).not.toHaveProperty('help');
  });
});
