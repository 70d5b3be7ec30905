import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, signUp, signedInAdmin, uniqueEmail, verifiedProfessional } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

describe('signup', () => {
  it('signs a professional up as pending with a request made, and signs them in', async () => {
    const { agent, res } = await signUp(server, { role: 'therapist' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'therapist', status: 'pending', verificationRequest: true, referralCode: null });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    const check = await agent.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body._id).toBe(res.body._id);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const { res } = await signUp(server, { role: 'ngo' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('haven_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; COOKIE_SECURE=auto
  });

  it('sets the readable session hint with it, holding nothing but "1", for the same time', async () => {
    const { res } = await signUp(server, { role: 'ngo' });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('haven_session='))!;
    const hint = cookies.find((c) => c.startsWith('haven_signed_in='));
    expect(hint).toMatch(/^haven_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    const expires = (c: string) => /Expires=([^;]+)/i.exec(c)?.[1];
    expect(expires(hint!)).toBe(expires(session));
  });

  it('refuses role admin with 403', async () => {
    const { res } = await signUp(server, { role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('needs a referral code of a verified professional for role user', async () => {
    const missing = await signUp(server, { role: 'user' });
    expect(missing.res.status).toBe(400);
    expect(missing.res.body.fields.referralCode).toBe('Referral code is required');

    const wrong = await signUp(server, { role: 'user', referralCode: 'HAVEN-AAAA-BBBB' });
    expect(wrong.res.status).toBe(400);
    expect(wrong.res.body).toEqual({ message: 'Invalid referral code', code: 'INVALID_REFERRAL_CODE' });

    const { code, user: therapist } = await verifiedProfessional(server);
    const ok = await signUp(server, { role: 'user', referralCode: code.toLowerCase() });
    expect(ok.res.status).toBe(201);
    expect(ok.res.body).toMatchObject({ role: 'user', status: 'verified', referredBy: therapist._id });
  });

  it('checks every field with the spec messages and changes nothing on bad input', async () => {
    const agent = server.agent();
    const email = uniqueEmail();
    const res = await agent.post('/api/auth/signup', { fullName: '  ', email, password: '12345', role: 'therapist' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toMatchObject({ fullName: 'Full name is required', password: 'Password must be at least 6 characters' });
    const badEmail = await agent.post('/api/auth/signup', { fullName: 'A', email: 'not-an-email', password: PASSWORD, role: 'ngo' });
    expect(badEmail.body.fields.email).toBe('Invalid email format');
    const badRole = await agent.post('/api/auth/signup', { fullName: 'A', email, password: PASSWORD, role: 'wizard' });
    expect(badRole.status).toBe(400);
    // Nothing was created: the same email still signs up fine.
    const later = await signUp(server, { role: 'therapist', email });
    expect(later.res.status).toBe(201);
  });

  it('answers 409 for a duplicate email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp(server, { role: 'ngo', email })).res.status).toBe(201);
    const again = await signUp(server, { role: 'volunteer', email: email.toUpperCase() });
    expect(again.res.status).toBe(409);
    expect(again.res.body.code).toBe('EMAIL_TAKEN');
  });

  it('refuses one of the most common passwords, whatever its case, and makes no account', async () => {
    const email = uniqueEmail('common');
    for (const password of ['123456', 'Password', 'qwerty123']) {
      const res = await server.agent().post('/api/auth/signup', { fullName: 'Common', email, password, role: 'ngo' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This password is too common. Please choose another.',
        fields: { password: 'This password is too common. Please choose another.' } });
    }
    // The email is still free: nothing was stored.
    expect((await signUp(server, { role: 'ngo', email })).res.status).toBe(201);
  });
});

describe('login, sessions and logout', () => {
  it('gives the same 401 for a wrong email and a wrong password', async () => {
    const { email } = await signUp(server, { role: 'therapist' });
    const wrongPassword = await server.agent().post('/api/auth/login', { email, password: 'nope-nope' });
    const wrongEmail = await server.agent().post('/api/auth/login', { email: uniqueEmail('ghost'), password: PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(wrongEmail.body);
    expect(wrongEmail.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('signs in case-insensitively and issues a new session id on each login (rotation)', async () => {
    const { email, agent: first } = await signUp(server, { role: 'therapist' });
    const before = first.cookies.get('haven_session');
    const login = await first.post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    const after = first.cookies.get('haven_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The old session ended with the rotation.
    const stale = server.agent();
    stale.cookies.set('haven_session', before!);
    expect((await stale.get('/api/auth/check')).status).toBe(401);
    expect((await first.get('/api/auth/check')).status).toBe(200);
  });

  it('ends the session on the server at logout', async () => {
    const { agent } = await signUp(server, { role: 'volunteer' });
    const token = agent.cookies.get('haven_session')!;
    const out = await agent.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully');
    expect(agent.cookies.has('haven_session')).toBe(false);
    expect(agent.cookies.has('haven_signed_in')).toBe(false);
    const replay = server.agent();
    replay.cookies.set('haven_session', token);
    expect((await replay.get('/api/auth/check')).status).toBe(401);
  });

  it('answers 401 to check without a session, and for a forged cookie', async () => {
    expect((await server.agent().get('/api/auth/check')).status).toBe(401);
    const forged = server.agent();
    forged.cookies.set('haven_session', 'x'.repeat(43));
    const res = await forged.get('/api/auth/check');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('lets the admin from ADMIN_EMAIL sign in', async () => {
    const admin = await signedInAdmin(server);
    const me = await admin.get('/api/auth/check');
    expect(me.body).toMatchObject({ email: ADMIN.email, role: 'admin', status: 'verified' });
  });
});

describe('verification requests and referral codes', () => {
  it('needs a non-blank message and only works for unverified or rejected professionals', async () => {
    const { agent, user } = await signUp(server, { role: 'therapist' });
    const admin = await signedInAdmin(server);
    const blank = await agent.post('/api/auth/request-verification', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide a verification message');
    const whilePending = await agent.post('/api/auth/request-verification', { message: 'Please' });
    expect(whilePending.status).toBe(409);

    const rejected = await admin.post(`/api/admin/reject-user/${user._id}`, { reason: 'Licence number missing' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.user).toMatchObject({ status: 'rejected', rejectionReason: 'Licence number missing', verificationRequest: false });

    const again = await agent.post('/api/auth/request-verification', { message: 'Licence 12345 attached' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'pending', verificationRequest: true, verificationMessage: 'Licence 12345 attached' });
    const pending = await admin.get('/api/admin/pending-users');
    expect(pending.body.map((u: { _id: string }) => u._id)).toContain(user._id);
  });

  it('refuses a verification request from a regular user', async () => {
    const { code } = await verifiedProfessional(server);
    const { agent } = await signUp(server, { role: 'user', referralCode: code });
    const res = await agent.post('/api/auth/request-verification', { message: 'me too' });
    expect(res.status).toBe(403);
  });

  it('validates referral codes without saying whose they are', async () => {
    const { code } = await verifiedProfessional(server, 'volunteer');
    const anon = server.agent();
    expect((await anon.post('/api/auth/validate-referral', { referralCode: code })).body).toEqual({ valid: true });
    expect((await anon.post('/api/auth/validate-referral', { referralCode: 'HAVEN-ZZZZ-ZZZZ' })).body).toEqual({ valid: false });
    expect((await anon.post('/api/auth/validate-referral', { referralCode: '' })).body).toEqual({ valid: false });
  });

  it('issues a code on generate-referral only to a verified professional without one', async () => {
    const pending = await signUp(server, { role: 'ngo' });
    expect((await pending.agent.post('/api/auth/generate-referral')).status).toBe(403);
    const { agent, code } = await verifiedProfessional(server, 'ngo');
    const res = await agent.post('/api/auth/generate-referral');
    expect(res.status).toBe(200);
    expect(res.body.referralCode).toBe(code); // already had one: kept, not replaced
    expect(code).toMatch(/^HAVEN-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });
});
