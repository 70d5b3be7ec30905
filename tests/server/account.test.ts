/**
 * Account controls (docs/security.md, Accounts): password change, the sessions list and sign-outs,
 * idle expiry and the common-password rule. Sockets are real socket.io clients. The export and
 * self-deletion are in account-data.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { sessionIdOf } from '../../src/server/auth/sessions';
import { accountPeople, IPHONE, ANDROID } from './account-helpers';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, openSocket, readySocket, refusal, serverDisconnect } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  ({ code } = await verifiedProfessional(server));
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const { person, device, listOf, login } = accountPeople(() => ({ server, code }));

describe('PUT /api/auth/password', () => {
  it('refuses a wrong current password with 400 on that field, and changes nothing', async () => {
    const me = await person();
    const res = await me.agent.put('/api/auth/password', { currentPassword: 'not-my-password', newPassword: 'a-brand-new-one-42' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Your current password is not correct.' });
    expect(res.body.fields).toEqual({ currentPassword: 'Your current password is not correct.' });
    expect((await login(me.email, PASSWORD)).status).toBe(200);
    expect((await login(me.email, 'a-brand-new-one-42')).status).toBe(401);
  });

  it('keeps the spec minimum and refuses a common password with the exact message', async () => {
    const me = await person();
    const short = await me.agent.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword).toBe('Password must be at least 6 characters');
    for (const common of ['password', 'qwerty123', 'iloveyou', 'Letmein']) {
      const res = await me.agent.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: common });
      expect(res.status, common).toBe(400);
      expect(res.body.message).toBe('This password is too common. Please choose another.');
      expect(res.body.fields).toEqual({ newPassword: 'This password is too common. Please choose another.' });
    }
    expect((await me.agent.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: PASSWORD })).body.fields.newPassword)
      .toBe('Your new password must be different from the current one');
    expect((await login(me.email, PASSWORD)).status).toBe(200);
  });

  it('ends every other session (their sockets close) and keeps this one', async () => {
    const me = await person();
    const phone = await device(me);
    const laptop = await device(me, IPHONE);
    const [phoneSocket, laptopSocket] = [await readySocket(server, phone, me.id), await readySocket(server, laptop, me.id)];
    const here = await readySocket(server, me.agent, me.id);
    const ends = [phoneSocket, laptopSocket].map((s) => serverDisconnect(s));

    const res = await me.agent.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'quiet-harbour-71' });
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(here.connected).toBe(true);
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    expect((await laptop.get('/api/auth/check')).status).toBe(401);
    expect((await me.agent.get('/api/auth/check')).status).toBe(200);
    expect(await refusal(openSocket(server, phone))).toBe('UNAUTHENTICATED');
    expect((await login(me.email, PASSWORD)).status).toBe(401);
    expect((await login(me.email, 'quiet-harbour-71')).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await server.agent().put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'quiet-harbour-71' })).status).toBe(401);
  });
});

describe('the admin\'s password', () => {
  it('cannot be changed in the app while ADMIN_PASSWORD sets it at every boot', async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.put('/api/auth/password', { currentPassword: ADMIN.password, newPassword: 'quiet-harbour-33' });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('ADMIN_PASSWORD');
    expect((await server.agent().post('/api/auth/login', ADMIN)).status).toBe(200);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists the person\'s own sessions with a browser label, this one first and marked current, and no token', async () => {
    const signedUp = await person();
    // The label comes from the browser that signs in: sign in from an iPhone, leave the signup's session.
    const me = { ...signedUp, agent: await device(signedUp, IPHONE) };
    expect((await signedUp.agent.post('/api/auth/logout')).status).toBe(200);
    const phone = await device(me, ANDROID);
    const stranger = await person();

    const list = await listOf(me.agent);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: 'Safari on iOS' });
    expect(list[1]).toMatchObject({ current: false, browser: 'Chrome on Android' });
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['_id', 'browser', 'createdAt', 'current', 'lastSeenAt']);
      expect(s._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
    // The handle shown is not the stored id (the token's hash), nor any part of it.
    const token = me.agent.cookies.get('haven_session')!;
    const phoneToken = phone.cookies.get('haven_session')!;
    const shown = JSON.stringify(list);
    for (const secret of [token, phoneToken, sessionIdOf(token), sessionIdOf(phoneToken)]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain(secret.slice(0, 24));
    }
    expect((await listOf(stranger.agent)).map((s) => s._id)).not.toContain(list[1]!._id);
    expect((await server.agent().get('/api/auth/sessions')).status).toBe(401);
  });

  it('moves lastSeenAt at most every few minutes, not on every request', async () => {
    const me = await person();
    const { db } = server.database;
    const before = (await listOf(me.agent))[0]!.lastSeenAt;
    await me.agent.get('/api/auth/check');
    expect((await listOf(me.agent))[0]!.lastSeenAt).toBe(before);
    const id = sessionIdOf(me.agent.cookies.get('haven_session')!);
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) }).where(eq(sessions.id, id));
    await me.agent.get('/api/auth/check');
    const after = (await listOf(me.agent))[0]!.lastSeenAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('ending sessions', () => {
  it('DELETE /api/auth/sessions/:id ends one of the person\'s own, and closes its sockets', async () => {
    const me = await person();
    const phone = await device(me);
    const phoneSocket = await readySocket(server, phone, me.id);
    const here = await readySocket(server, me.agent, me.id);
    const target = (await listOf(me.agent)).find((s) => !s.current)!;
    const end = serverDisconnect(phoneSocket);
    const res = await me.agent.delete(`/api/auth/sessions/${target._id}`);
    expect(res.status).toBe(200);
    expect(await end).toBe('io server disconnect');
    expect(here.connected).toBe(true);
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    expect((await listOf(me.agent)).map((s) => s._id)).not.toContain(target._id);
    expect((await me.agent.delete(`/api/auth/sessions/${target._id}`)).status).toBe(404);
  });

  it('answers 404 for anyone else\'s session and leaves it alone', async () => {
    const [me, other] = [await person(), await person()];
    const theirs = (await listOf(other.agent))[0]!;
    const res = await me.agent.delete(`/api/auth/sessions/${theirs._id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await other.agent.get('/api/auth/check')).status).toBe(200);
    expect((await me.agent.delete('/api/auth/sessions/ffffffffffffffffffffffff')).status).toBe(404);
    expect((await me.agent.delete('/api/auth/sessions/not-an-id')).status).toBe(400);
  });

  it('ending this very session signs this browser out', async () => {
    const me = await person();
    const mine = (await listOf(me.agent))[0]!;
    expect((await me.agent.delete(`/api/auth/sessions/${mine._id}`)).status).toBe(200);
    expect(me.agent.cookies.has('haven_session')).toBe(false);
  });

  it('DELETE /api/auth/sessions signs out everywhere else', async () => {
    const me = await person();
    const devices = [await device(me), await device(me, IPHONE)];
    const sockets = await Promise.all(devices.map((d) => readySocket(server, d, me.id)));
    const ends = sockets.map((s) => serverDisconnect(s));
    const res = await me.agent.delete('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ended: 2, message: 'Signed out everywhere else.' });
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const d of devices) expect((await d.get('/api/auth/check')).status).toBe(401);
    expect(await listOf(me.agent)).toHaveLength(1);
    expect((await me.agent.delete('/api/auth/sessions')).body.ended).toBe(0);
  });

  it('a session idle for longer than SESSION_IDLE_DAYS no longer signs in, and is not listed', async () => {
    const me = await person();
    const phone = await device(me);
    const id = sessionIdOf(phone.cookies.get('haven_session')!);
    const idle = new Date(Date.now() - (server.config.SESSION_IDLE_DAYS + 1) * 24 * 3600_000);
    await server.database.db.update(sessions).set({ lastSeenAt: idle }).where(eq(sessions.id, id));
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    expect(await refusal(openSocket(server, phone))).toBe('UNAUTHENTICATED');
    expect(await listOf(me.agent)).toHaveLength(1);
    // Just inside the idle time it still works (and counts as being seen).
    const other = await device(me);
    const otherId = sessionIdOf(other.cookies.get('haven_session')!);
    const almost = new Date(Date.now() - (server.config.SESSION_IDLE_DAYS - 1) * 24 * 3600_000);
    await server.database.db.update(sessions).set({ lastSeenAt: almost }).where(eq(sessions.id, otherId));
    expect((await other.get('/api/auth/check')).status).toBe(200);
  });
});
