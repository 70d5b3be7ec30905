/** People with several devices, for the account-control suites (account.test.ts, account-data.test.ts). */
import { expect } from 'vitest';
import type { AccountSession } from '../../src/shared/api';
import type { Agent } from './agent';
import type { TestServer } from './harness';
import { PASSWORD, referredUser } from './people';

export const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface Person { agent: Agent; id: string; email: string }

/** `server` and `code` are read when called: the suites make them in beforeAll. */
export function accountPeople(context: () => { server: TestServer; code: string }) {
  const person = async (): Promise<Person> => {
    const { server, code } = context();
    const made = await referredUser(server, code);
    return { agent: made.agent, id: made.user._id, email: made.email };
  };

  /** Another device of the same person, a browser with `userAgent` signing in with `password`. */
  const device = async (p: Person, userAgent = ANDROID, password = PASSWORD): Promise<Agent> => {
    const agent = context().server.agent();
    expect((await agent.request('POST', '/api/auth/login', { email: p.email, password }, { 'user-agent': userAgent })).status).toBe(200);
    expect((await agent.request('GET', '/api/auth/check', undefined, { 'user-agent': userAgent })).status).toBe(200);
    return agent;
  };

  const listOf = async (agent: Agent): Promise<AccountSession[]> => {
    const res = await agent.get<AccountSession[]>('/api/auth/sessions');
    expect(res.status).toBe(200);
    return res.body;
  };

  const login = (email: string, password: string) => context().server.agent().post('/api/auth/login', { email, password });

  return { person, device, listOf, login };
}
