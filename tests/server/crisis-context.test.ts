/**
 * The server judges a direct, group or Aura message with the same person's previous few lines in
 * the same place, so a plan told in pieces brings help on the line that completes it; and an
 * imminent message puts the emergency number first in Aura's answer. See
 * docs/decisions/message-context-and-second-opinion.md and docs/decisions/imminent-tier.md.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiReply } from '../../src/shared/api';
import type { AuthorHelp } from '../../src/shared/safety/help';
import { createChat } from './aura-chat';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional, type Person } from './people';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `crisis-context-${(n += 1)}`;
const person = (): Promise<Person> => referredUser(server, code);
const PLAN = ['my mind is made up', 'its gonna be sunday', 'everything is ready'];

async function send(from: Person, to: Person, text: string): Promise<AuthorHelp | undefined> {
  const res = await from.agent.post<{ help?: AuthorHelp }>(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body.help;
}

describe('a message judged with the writer\'s previous lines', () => {
  it('a plan told over three direct messages brings help on the third', async () => {
    const [a, b] = [await person(), await person()];
    expect(await send(a, b, PLAN[0]!)).toBeUndefined();
    expect(await send(a, b, PLAN[1]!)).toBeUndefined();
    expect(await send(a, b, PLAN[2]!)).toMatchObject({ subject: 'self' });
  });

  it('only the writer\'s own lines in that same conversation count', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await send(a, c, PLAN[0]!);
    await send(b, a, PLAN[1]!);
    expect(await send(a, b, PLAN[2]!)).toBeUndefined();
  });

  it('lines older than the window do not count', async () => {
    const [a, b] = [await person(), await person()];
    await send(a, b, PLAN[0]!);
    await send(a, b, PLAN[1]!);
    await server.database.db.execute(sql`update direct_messages set created_at = now() - interval '2 hours' where sender_id = ${a.id}`);
    expect(await send(a, b, PLAN[2]!)).toBeUndefined();
  });

  it('a batch sent after a time offline is judged in item order, each line with the ones before it', async () => {
    const [a, b] = [await person(), await person()];
    const items = PLAN.map((text) => ({ kind: 'direct', to: b.id, text, clientId: clientId() }));
    const res = await a.agent.post<{ results: { help?: AuthorHelp }[] }>('/api/messages/batch', { items });
    expect(res.body.results.map((r) => r.help !== undefined)).toEqual([false, false, true]);
  });

  it('Aura judges the question with the person\'s previous questions in that chat', async () => {
    const a = await person();
    const chat = await createChat(a.agent, { text: PLAN[0], clientId: clientId() });
    expect(chat.crisis).toBe(false);
    await a.agent.put(`/api/chats/${chat._id}`, { question: PLAN[1], clientId: clientId() });
    const last = await a.agent.put<AiReply>(`/api/chats/${chat._id}`, { question: PLAN[2], clientId: clientId() });
    expect(last.body.crisis).toBe(true);
  });
});

describe('the imminent tier on the server', () => {
  it('Aura\'s answer to an attempt under way starts with the emergency number, and says so in its help', async () => {
    const a = await person();
    const chat = await createChat(a.agent, { text: 'i already took them all, 40 of my sertraline', clientId: clientId() });
    expect(chat.help).toMatchObject({ subject: 'self', imminent: true });
    expect(chat.aiResponse.split('\n')[0]).toBe('**Please call 112 or your local emergency number now.** If you have taken something or hurt yourself, emergency services can help right away, and you deserve that help.');
    // Read again later (another device): still imminent.
    const again = await a.agent.get<{ history: { help?: AuthorHelp }[] }>(`/api/chats/${chat._id}`);
    expect(again.body.history.at(-1)?.help?.imminent).toBe(true);
  });

  it('a crisis that is not imminent keeps the ordinary answer, with no imminent flag', async () => {
    const a = await person();
    const chat = await createChat(a.agent, { text: 'i keep thinking everyone would be better off without me', clientId: clientId() });
    expect(chat.crisis).toBe(true);
    expect(chat.help?.imminent).toBeUndefined();
    expect(chat.aiResponse.startsWith("I'm really glad you told me")).toBe(true);
  });

  it('a direct message about an attempt under way answers imminent help to its author', async () => {
    const [a, b] = [await person(), await person()];
    expect(await send(a, b, 'took 30 of my sertraline 20 min ago')).toMatchObject({ imminent: true });
  });
});
