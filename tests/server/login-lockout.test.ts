/**
 * Failed-login limits must not let a stranger lock someone out (OWASP device cookies): guesses
 * from many addresses stop untrusted browsers, never the browser the owner signed in with before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/bootstrap-admin';
import { users } from '../../src/server/db/schema';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, signUp } from './people';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PAIR_MAX: '5', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '20' } });
});
afterAll(async () => { await server?.close(); });

const at = (ip: string) => ({ 'x-forwarded-for': ip });

describe('failed-login limits and the device cookie', () => {
  it("20 wrong guesses from 20 addresses stop strangers but not the admin's own browser", async () => {
    const adminBrowser = server.agent();
    expect((await adminBrowser.request('POST', '/api/auth/login', ADMIN, at('192.0.2.10'))).status).toBe(200);
    expect(adminBrowser.cookies.get('haven_device')).toBeTruthy();

    for (let i = 0; i < 20; i += 1) {
      const stranger = server.agent();
      const res = await stranger.request('POST', '/api/auth/login', { ...ADMIN, password: 'wrong-guess' }, at(`203.0.113.${i + 1}`));
      expect(res.status).toBe(401);
    }
    // A new browser, even with the right password, now waits...
    const fresh = await server.agent().request('POST', '/api/auth/login', ADMIN, at('192.0.2.99'));
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...but the admin's own browser signs in at once, from anywhere.
    expect((await adminBrowser.request('POST', '/api/auth/login', ADMIN, at('198.51.100.77'))).status).toBe(200);
  });

  it('a device cookie issued for one account does not help with another', async () => {
    // Signing up signs in, so the new person's browser carries a device cookie for their account.
    const { agent: browser } = await signUp(server, { role: 'therapist' });
    const device = browser.cookies.get('haven_device')!;
    expect(device).toBeTruthy();
    const other = server.agent();
    other.cookies.set('haven_device', device);
    // Five failures for another email from this browser lock that pair like any untrusted one.
    for (let i = 0; i < 5; i += 1) {
      expect((await other.request('POST', '/api/auth/login', { email: 'someone@else.test', password: 'x-wrong' }, at('192.0.2.21'))).status).toBe(401);
    }
    expect((await other.request('POST', '/api/auth/login', { email: 'someone@else.test', password: 'x-wrong' }, at('192.0.2.21'))).status).toBe(429);
  });

  it('a password change voids the device cookies issued before it', async () => {
    const { agent: browser, email } = await signUp(server, { role: 'ngo' });
    expect(browser.cookies.get('haven_device')).toBeTruthy();
    expect((await browser.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'quiet-harbour-92' })).status).toBe(200);
    for (let i = 0; i < 20; i += 1) {
      expect((await server.agent().request('POST', '/api/auth/login', { email, password: 'wrong-guess' }, at(`203.0.114.${i + 1}`))).status).toBe(401);
    }
    // Trusted for the old password only: now a stranger like any other browser.
    expect((await browser.request('POST', '/api/auth/login', { email, password: 'quiet-harbour-92' }, at('192.0.2.40'))).status).toBe(429);
  });

  it('a forged device cookie is ignored', async () => {
    const forged = server.agent();
    forged.cookies.set('haven_device', 'abc.def');
    // The account is locked for untrusted browsers by the first test; a made-up cookie does not get past it.
    expect((await forged.request('POST', '/api/auth/login', ADMIN, at('192.0.2.30'))).status).toBe(429);
  });
});

describe("the admin's trusted browser and a restart", () => {
  it('stays trusted after a boot with the same ADMIN_PASSWORD, so strangers still cannot lock the admin out', async () => {
    const own = await startServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PAIR_MAX: '5', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '20' } });
    try {
      const adminBrowser = own.agent();
      expect((await adminBrowser.request('POST', '/api/auth/login', ADMIN, at('192.0.2.10'))).status).toBe(200);
      const before = await adminRow(own);
      // What every boot does (main.ts): make sure the admin exists with ADMIN_PASSWORD.
      await own.database.once((db) => ensureAdmin(db, own.config));
      expect((await adminRow(own)).passwordHash).toBe(before.passwordHash);
      for (let i = 0; i < 20; i += 1) {
        const res = await own.agent().request('POST', '/api/auth/login', { ...ADMIN, password: 'wrong-guess' }, at(`203.0.113.${i + 1}`));
        expect(res.status).toBe(401);
      }
      expect((await adminBrowser.request('POST', '/api/auth/login', ADMIN, at('198.51.100.77'))).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('takes a new ADMIN_PASSWORD at boot', async () => {
    const own = await startServer();
    try {
      const before = await adminRow(own);
      await own.database.once((db) => ensureAdmin(db, { ...own.config, ADMIN_PASSWORD: 'a-new-admin-password-7' }));
      expect((await adminRow(own)).passwordHash).not.toBe(before.passwordHash);
      expect((await own.agent().post('/api/auth/login', { ...ADMIN, password: 'a-new-admin-password-7' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

async function adminRow(target: TestServer) {
  const [row] = await target.database.db.select().from(users).where(eq(users.email, ADMIN.email));
  return row!;
}
