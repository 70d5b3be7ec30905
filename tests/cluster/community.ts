/**
 * The people of a scenario, made through HAProxy with the real API (tests/server/people.ts): a
 * verified therapist, users signed up with the therapist's code, all in one group.
 */
import { expect } from 'vitest';
import { Agent } from '../server/agent';
import type { TestServer } from '../server/harness';
import { referredUser, verifiedProfessional, type Person } from '../server/people';

export interface Community {
  people: Person[];
  groupId: string;
}

/**
 * people.ts asks its server for nothing but agents: these talk to `url` (HAProxy) with it as
 * their Origin, as the app's pages do. Each agent is new, so HAProxy deals them round-robin to
 * the instances, and its SERVERID cookie then keeps each on its own.
 */
export function agentsOf(url: string): TestServer {
  return { agent: (origin = url) => new Agent(url, origin) } as unknown as TestServer;
}

export async function makeCommunity(url: string, count: number): Promise<Community> {
  const server = agentsOf(url);
  const professional = await verifiedProfessional(server);
  const people = await Promise.all(Array.from({ length: count }, () => referredUser(server, professional.code)));
  const made = await professional.admin.post('/api/admin/create-group', { name: 'Evening circle', type: 'mental', description: 'Everyone here' });
  expect(made.status).toBe(201);
  const groupId = made.body.group._id as string;
  for (const person of people) expect((await person.agent.post(`/api/messages/join-group/${groupId}`)).status).toBe(200);
  return { people, groupId };
}

/** The same person's session on another address (one instance itself): the session cookie only, not HAProxy's. */
export function sameSessionOn(agent: Agent, url: string): Agent {
  const other = new Agent(url, url);
  for (const [name, value] of agent.cookies) if (name !== 'SERVERID') other.cookies.set(name, value);
  return other;
}
