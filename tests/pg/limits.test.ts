/**
 * Limits and failed-login counts are one budget however many instances there are
 * (docs/decisions/shared-state.md): counted in PostgreSQL, with an in-memory stand-in while the
 * database does not answer.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Limiters } from '../../src/server/limits/limiters';
import { ADMIN } from '../server/harness';
import { PASSWORD, uniqueEmail } from '../server/people';
import { tcpProxy } from '../support/tcp-proxy';
import { freshDatabase, startInstance } from './instances';

const env = { TRUST_PROXY: 'true', RATE_LIMIT_SIGNUP_MAX: '3', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '4', RATE_LIMIT_LOGIN_PAIR_MAX: '100' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('limits across instances', () => {
  it('count signups per address and failed logins per account once, whichever instance is asked', async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = [await startInstance(databaseUrl, { env }), await startInstance(databaseUrl, { env })];
    const signup = (server: typeof a) => server.agent().request('POST', '/api/auth/signup',
      { fullName: 'Proxy Person', email: uniqueEmail('ngo'), password: PASSWORD, role: 'ngo' }, from('198.51.100.5'));
    const statuses = [];
    for (const server of [a, b, a, b]) statuses.push((await signup(server)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);

    for (const [i, server] of [a, b, a, b].entries()) {
      const res = await server.agent().request('POST', '/api/auth/login', { ...ADMIN, password: 'wrong-guess' }, from(`203.0.113.${i + 1}`));
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      expect((await server.agent().request('POST', '/api/auth/login', ADMIN, from('192.0.2.50'))).status).toBe(429);
    }
  });

  it('let through at most the limit of guesses sent all at once to both instances', async () => {
    const databaseUrl = await freshDatabase();
    const strict = { ...env, RATE_LIMIT_LOGIN_PAIR_MAX: '3', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '100' };
    const [a, b] = [await startInstance(databaseUrl, { env: strict }), await startInstance(databaseUrl, { env: strict })];
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).agent()
      .request('POST', '/api/auth/login', { ...ADMIN, password: `wrong-${i}` }, from('203.0.113.77'))));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('go on counting in memory while PostgreSQL does not answer, neither refusing everyone nor lifting the limit', async () => {
    const proxy = await tcpProxy(await freshDatabase());
    // The table comes with the migrations; a server opening this database would have made it.
    await startInstance(new URL(proxy.url).toString());
    const pool = new pg.Pool({ connectionString: proxy.url, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    try {
      const limiter = new Limiters({ pool }, 'test secret').make({ name: 'hiccup', points: 2, seconds: 60 });
      await proxy.cut();
      await expect(limiter.consume('someone')).resolves.toBeDefined();
      await expect(limiter.consume('someone')).resolves.toBeDefined();
      await expect(limiter.consume('someone')).rejects.toMatchObject({ remainingPoints: 0 });
      await expect(limiter.consume('someone else')).resolves.toBeDefined();
    } finally {
      await proxy.restore();
      await pool.end();
      await proxy.close();
    }
  });
});
