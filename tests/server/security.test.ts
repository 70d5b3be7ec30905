import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, signUp, uniqueEmail } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

const EVIL = 'http://evil.example';
const hasSessionCookie = (res: Reply) => res.headers.getSetCookie().some((c) => c.startsWith('haven_session='));

function expectRateLimited(res: Reply) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(/try again in \d+ (second|minute)s?/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Requests as if from a client address, as a load balancer reports it in X-Forwarded-For. */
function from(target: TestServer, ip: string) {
  const agent = target.agent();
  const xff = { 'x-forwarded-for': ip };
  return {
    agent,
    signup: (role = 'ngo', email = uniqueEmail(role)) =>
      agent.request('POST', '/api/auth/signup', { fullName: 'Proxy Person', email, password: PASSWORD, role }, xff),
    login: (email: string, password = PASSWORD) => agent.request('POST', '/api/auth/login', { email, password }, xff),
    validate: (referralCode: string) => agent.request('POST', '/api/auth/validate-referral', { referralCode }, xff),
  };
}

describe('the Origin check', () => {
  it('refuses a login from another site with 403 ORIGIN_REJECTED and sets no session cookie', async () => {
    const { email } = await signUp(server, { role: 'therapist' });
    const res = await server.agent(EVIL).post('/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String), code: 'ORIGIN_REJECTED' });
    expect(hasSessionCookie(res)).toBe(false);
  });

  it('refuses a cross-site signup and logout and changes nothing', async () => {
    const email = uniqueEmail('csrf');
    const signup = await server.agent(EVIL).post('/api/auth/signup', { fullName: 'X', email, password: PASSWORD, role: 'ngo' });
    expect(signup.status).toBe(403);
    expect((await signUp(server, { role: 'ngo', email })).res.status).toBe(201); // the email was never taken

    const { agent } = await signUp(server, { role: 'volunteer' });
    const forged = server.agent(EVIL);
    forged.cookies.set('haven_session', agent.cookies.get('haven_session')!); // the browser sends the cookie along
    expect((await forged.post('/api/auth/logout')).status).toBe(403);
    expect((await agent.get('/api/auth/check')).status).toBe(200);
  });

  it('lets safe methods through whatever the Origin', async () => {
    const { agent } = await signUp(server, { role: 'ngo' });
    const evil = server.agent(EVIL);
    evil.cookies.set('haven_session', agent.cookies.get('haven_session')!);
    expect((await evil.get('/api/auth/check')).status).toBe(200);
  });

  it('allows the same origin', async () => {
    const { email } = await signUp(server, { role: 'therapist' });
    const res = await server.agent(server.baseUrl).post('/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(hasSessionCookie(res)).toBe(true);
  });

  it('refuses a request without Origin that the browser marks cross-site, and allows same-origin ones', async () => {
    const { email } = await signUp(server, { role: 'therapist' });
    const cross = await server.agent().request('POST', '/api/auth/login', { email, password: PASSWORD }, { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('ORIGIN_REJECTED');
    expect(hasSessionCookie(cross)).toBe(false);
    const same = await server.agent().request('POST', '/api/auth/login', { email, password: PASSWORD }, { 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
  });

  it('allows the origins in TRUSTED_ORIGINS and still refuses others', async () => {
    const trusting = await startServer({ env: { TRUSTED_ORIGINS: 'http://app.example, https://other.example:8443' } });
    try {
      const { email } = await signUp(trusting, { role: 'therapist' });
      for (const origin of ['http://app.example', 'https://other.example:8443']) {
        expect((await trusting.agent(origin).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      }
      for (const origin of [EVIL, 'https://app.example', 'http://app.example.evil.example', 'null']) {
        expect((await trusting.agent(origin).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(403);
      }
    } finally {
      await trusting.close();
    }
  });
});

describe('behind a proxy (TRUST_PROXY=true)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGNUP_MAX: '2', RATE_LIMIT_REFERRAL_MAX: '3', RATE_LIMIT_LOGIN_PAIR_MAX: '3' } });
  });
  afterAll(async () => { await proxied?.close(); });

  it('gives each client address its own signup allowance', async () => {
    const a = from(proxied, '203.0.113.1');
    expect((await a.signup()).status).toBe(201);
    expect((await a.signup()).status).toBe(201);
    const third = await a.signup();
    expectRateLimited(third);
    expect(hasSessionCookie(third)).toBe(false);
    expect((await from(proxied, '203.0.113.2').signup()).status).toBe(201);
  });

  it('limits referral checks per address so codes cannot be guessed', async () => {
    const a = from(proxied, '203.0.113.3');
    for (const guess of ['HAVEN-AAAA-AAAA', 'HAVEN-AAAA-AAAB', 'HAVEN-AAAA-AAAC']) {
      expect((await a.validate(guess)).body).toEqual({ valid: false });
    }
    expectRateLimited(await a.validate('HAVEN-AAAA-AAAD'));
    expect((await from(proxied, '203.0.113.4').validate('HAVEN-AAAA-AAAD')).status).toBe(200);
  });

  it('stops one account at one address after the failed logins, even with the right password, and only there', async () => {
    const email = uniqueEmail('locked');
    expect((await from(proxied, '198.51.100.1').signup('therapist', email)).status).toBe(201);
    const other = uniqueEmail('colleague');
    expect((await from(proxied, '198.51.100.2').signup('therapist', other)).status).toBe(201);

    const clinic = from(proxied, '198.51.100.10');
    for (let i = 0; i < 3; i += 1) expect((await clinic.login(email, 'wrong-password')).status).toBe(401);
    const locked = await clinic.login(email);
    expectRateLimited(locked);
    expect(locked.body.retryAfter).toBe(Number(locked.headers.get('retry-after')));
    expect(hasSessionCookie(locked)).toBe(false);

    // The same person from home, and a colleague at the same clinic address, still sign in.
    expect((await from(proxied, '198.51.100.11').login(email)).status).toBe(200);
    expect((await from(proxied, '198.51.100.10').login(other)).status).toBe(200);
  });

  it('resets the pair count on a successful login', async () => {
    const email = uniqueEmail('forgetful');
    expect((await from(proxied, '198.51.100.20').signup('ngo', email)).status).toBe(201);
    const me = from(proxied, '198.51.100.21');
    for (let i = 0; i < 2; i += 1) expect((await me.login(email, 'wrong-password')).status).toBe(401);
    expect((await me.login(email)).status).toBe(200);
    // Three fresh failures are allowed again (without the reset the second would be refused).
    for (let i = 0; i < 3; i += 1) expect((await me.login(email, 'wrong-password')).status).toBe(401);
    expectRateLimited(await me.login(email));
  });

  it('checks the Origin against the host the proxy reports', async () => {
    const email = uniqueEmail('proxied');
    expect((await from(proxied, '198.51.100.30').signup('ngo', email)).status).toBe(201);
    const headers = { 'x-forwarded-for': '198.51.100.31', 'x-forwarded-host': 'haven.example', 'x-forwarded-proto': 'https' };
    const ok = await proxied.agent('https://haven.example').request('POST', '/api/auth/login', { email, password: PASSWORD }, headers);
    expect(ok.status).toBe(200);
    const evil = await proxied.agent(EVIL).request('POST', '/api/auth/login', { email, password: PASSWORD }, headers);
    expect(evil.status).toBe(403);
  });
});

describe('not behind a proxy (TRUST_PROXY=false)', () => {
  it('ignores X-Forwarded-For: changing it does not buy more signups', async () => {
    const direct = await startServer({ env: { TRUST_PROXY: 'false', RATE_LIMIT_SIGNUP_MAX: '2' } });
    try {
      expect((await from(direct, '203.0.113.50').signup()).status).toBe(201);
      expect((await from(direct, '203.0.113.51').signup()).status).toBe(201);
      expectRateLimited(await from(direct, '203.0.113.52').signup());
    } finally {
      await direct.close();
    }
  });
});
