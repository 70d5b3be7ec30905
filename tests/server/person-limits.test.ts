/**
 * Per-person budgets (src/server/limits/person-limits.ts): a real person's heaviest use passes,
 * a 1,000-message offline backlog included; a flood from one account gets 429 with Retry-After;
 * and one person's flood never spends another person's budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_BUDGETS } from '../../src/server/limits/person-limits';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, verifiedProfessional } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `limit-test-${(n += 1).toString().padStart(6, '0')}`;

function items(to: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({ kind: 'direct', to, text: `backlog ${i}`, clientId: clientId() }));
}

async function replay(agent: Agent, to: string, total: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < total; sent += 100) {
    statuses.push((await agent.post('/api/messages/batch', { items: items(to, Math.min(100, total - sent)) })).status);
  }
  return statuses;
}

describe('per-person budgets', () => {
  it('lets a 1,000-message backlog through, stops a flood with 429 and Retry-After, and leaves others alone', async () => {
    const pro = await verifiedProfessional(server);
    const person = await referredUser(server, pro.code);
    expect(new Set(await replay(person.agent, pro.user._id, 1_000))).toEqual(new Set([200]));

    // The rest of the ten-minute budget, then one more batch.
    expect(new Set(await replay(person.agent, pro.user._id, PERSON_BUDGETS.messages - 1_000))).toEqual(new Set([200]));
    const flood = await person.agent.post('/api/messages/batch', { items: items(pro.user._id, 1) });
    expect(flood.status).toBe(429);
    expect(flood.body.code).toBe('RATE_LIMITED');
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0);
    const single = await person.agent.post(`/api/messages/send/${pro.user._id}`, { text: 'one more', clientId: clientId() });
    expect(single.status).toBe(429);

    // The professional's own budget is untouched.
    expect((await pro.agent.post(`/api/messages/send/${person.id}`, { text: 'hello', clientId: clientId() })).status).toBe(201);
  }, 120_000);

  it('limits upload signatures per person', async () => {
    const pro = await verifiedProfessional(server);
    const other = await verifiedProfessional(server);
    for (let i = 0; i < PERSON_BUDGETS.uploadSignatures; i += 1) expect((await pro.agent.get('/api/upload')).status).toBe(200);
    const refused = await pro.agent.get('/api/upload');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/faster than Haven can take them\. Please try again in \d+ minutes?\./);
    expect((await other.agent.get('/api/upload')).status).toBe(200);
  });

  it('limits Aura model calls per person (titles count too)', async () => {
    const pro = await verifiedProfessional(server);
    for (let i = 0; i < PERSON_BUDGETS.auraQuestions; i += 1) {
      expect((await pro.agent.post('/api/gemini/generate', { prompt: `a chat about ${i}` })).status).toBe(200);
    }
    expect((await pro.agent.post('/api/gemini/generate', { prompt: 'one more' })).status).toBe(429);
    expect((await pro.agent.post('/api/chats', { text: 'hello Aura', clientId: clientId() })).status).toBe(429);
  });
});
