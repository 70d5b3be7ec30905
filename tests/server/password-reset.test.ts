/**
 * Reset without email (docs/security.md, Accounts): an admin's one-time code, one hour, single use,
 * stored hashed; spending it sets the password and ends every session. Racing resets: exactly one
 * wins.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResetCodeResponse } from '../../src/shared/api';
import { passwordResets } from '../../src/server/db/schema';
import type { Agent } from './agent';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, readySocket, serverDisconnect } from './socket-client';

let server: TestServer;
let code: string;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  ({ code } = await verifiedProfessional(server));
  admin = await signedInAdmin(server);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const BAD = 'That email and reset code do not match a valid code. Please check them, or ask an admin for a new code.';
const NEW = 'tidal-lantern-58';

async function person() {
  const made = await referredUser(server, code);
  return { agent: made.agent, id: made.user._id, email: made.email };
}

async function resetCodeFor(id: string): Promise<ResetCodeResponse> {
  const res = await admin.post<ResetCodeResponse>(`/api/admin/reset-password/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

const reset = (email: string, resetCode: string, newPassword = NEW) =>
  server.agent().post('/api/auth/reset-password', { email, resetCode, newPassword });
const login = (email: string, password: string) => server.agent().post('/api/auth/login', { email, password });

describe('POST /api/admin/reset-password/:id', () => {
  it('answers a readable code valid for one hour, and stores only its hash', async () => {
    const me = await person();
    const { resetCode, expiresAt } = await resetCodeFor(me.id);
    expect(resetCode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    const [row] = await server.database.db.select().from(passwordResets).where(eq(passwordResets.userId, me.id));
    expect(JSON.stringify(row)).not.toContain(resetCode);
    expect(JSON.stringify(row)).not.toContain(resetCode.replaceAll('-', ''));
  });

  it('is for admins only, refuses admin accounts and unknown ids', async () => {
    const me = await person();
    expect((await me.agent.post(`/api/admin/reset-password/${me.id}`)).status).toBe(403);
    expect((await server.agent().post(`/api/admin/reset-password/${me.id}`)).status).toBe(401);
    const self = (await admin.get('/api/auth/check')).body._id as string;
    expect((await admin.post(`/api/admin/reset-password/${self}`)).status).toBe(403);
    expect((await admin.post('/api/admin/reset-password/ffffffffffffffffffffffff')).status).toBe(404);
    expect((await admin.post('/api/admin/reset-password/nope')).status).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session (sockets too), and the code works once', async () => {
    const me = await person();
    const phone = server.agent();
    expect((await phone.post('/api/auth/login', { email: me.email, password: PASSWORD })).status).toBe(200);
    const sockets = [await readySocket(server, me.agent, me.id), await readySocket(server, phone, me.id)];
    const ends = sockets.map((s) => serverDisconnect(s));
    const { resetCode } = await resetCodeFor(me.id);

    // Read out over the phone: case, spaces and dashes do not matter.
    const spoken = resetCode.toLowerCase().replaceAll('-', ' ');
    const res = await reset(me.email.toUpperCase(), spoken);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your password has been reset. Please log in with your new password.');
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const a of [me.agent, phone]) expect((await a.get('/api/auth/check')).status).toBe(401);
    expect((await login(me.email, PASSWORD)).status).toBe(401);
    expect((await login(me.email, NEW)).status).toBe(200);

    const again = await reset(me.email, resetCode, 'another-fresh-one-9');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BAD);
    expect((await login(me.email, NEW)).status).toBe(200);
  });

  it('answers the same vague message for a wrong email, a wrong code and an expired code', async () => {
    const [me, other] = [await person(), await person()];
    const { resetCode } = await resetCodeFor(me.id);
    const answers = [
      await reset('nobody@test.haven', resetCode),
      await reset(other.email, resetCode),
      await reset(me.email, 'AAAA-BBBB-CCCC'),
    ];
    await server.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, me.id));
    answers.push(await reset(me.email, resetCode));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: BAD, fields: { resetCode: BAD } });
    }
    expect((await login(me.email, PASSWORD)).status).toBe(200);
    expect((await login(other.email, PASSWORD)).status).toBe(200);
  });

  it('a password change by the person cancels a code waiting for them', async () => {
    const me = await person();
    const { resetCode } = await resetCodeFor(me.id);
    expect((await me.agent.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'remembered-it-after-all-3' })).status).toBe(200);
    expect((await reset(me.email, resetCode)).status).toBe(400);
  });

  it('a new code replaces the old one', async () => {
    const me = await person();
    const first = await resetCodeFor(me.id);
    const second = await resetCodeFor(me.id);
    expect((await reset(me.email, first.resetCode)).status).toBe(400);
    expect((await reset(me.email, second.resetCode)).status).toBe(200);
  });

  it('refuses a common or short password without spending the code', async () => {
    const me = await person();
    const { resetCode } = await resetCodeFor(me.id);
    const common = await reset(me.email, resetCode, 'password1');
    expect(common.status).toBe(400);
    expect(common.body.fields).toEqual({ newPassword: 'This password is too common. Please choose another.' });
    expect((await reset(me.email, resetCode, '12345')).body.fields.newPassword).toBe('Password must be at least 6 characters');
    expect((await reset(me.email, resetCode)).status).toBe(200);
  });

  it('two racing resets with the same code: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await person();
      const { resetCode } = await resetCodeFor(me.id);
      const passwords = Array.from({ length: 6 }, (_, i) => `racing-password-${round}-${i}`);
      const answers = await Promise.all(passwords.map((p) => reset(me.email, resetCode, p)));
      const winners = answers.flatMap((res, i) => (res.status === 200 ? [passwords[i]!] : []));
      expect(winners, `round ${round} on ${server.database.kind}`).toHaveLength(1);
      for (const res of answers) if (res.status !== 200) expect(res.body.message).toBe(BAD);
      expect((await login(me.email, winners[0]!)).status).toBe(200);
      for (const loser of passwords.filter((p) => p !== winners[0])) expect((await login(me.email, loser)).status).toBe(401);
    }
  });

  it('is rate-limited per address', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_REFERRAL_MAX: '3' } });
    try {
      const agent = limited.agent();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await agent.post('/api/auth/reset-password', { email: ADMIN.email, resetCode: 'AAAA-BBBB-CCCC', newPassword: NEW })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('a sign-in racing a reset', () => {
  it('never leaves a session made with the old password alive after the reset', async () => {
    // The login checks the old password (an Argon2 hash, tens of ms), then stores its session; a
    // reset committing in between used to leave that session alive. Both orders are fine; that one is not.
    for (let round = 0; round < 8; round += 1) {
      const me = await person();
      const { resetCode } = await resetCodeFor(me.id);
      const browser = server.agent();
      const [signedIn, wasReset] = await Promise.all([
        browser.post('/api/auth/login', { email: me.email, password: PASSWORD }),
        reset(me.email, resetCode),
      ]);
      expect(wasReset.status).toBe(200);
      if (signedIn.status === 200) expect((await browser.get('/api/auth/check')).status).toBe(401);
      else expect(signedIn.status).toBe(401);
    }
  }, 60_000);
});
