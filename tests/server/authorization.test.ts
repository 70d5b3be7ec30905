import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

/** Exactly the fields a person's own account may show; anything else (a hash, a session) is a leak. */
const AUTH_USER_KEYS = ['_id', 'createdAt', 'crisisAlerts', 'displayName', 'email', 'fullName', 'profilePic', 'readReceipts', 'referralCode', 'referredBy', 'role', 'status', 'suspended',
  'verificationMessage', 'verificationRequest'].sort();
// The admin's view leaves out the person's crisis-alert choice (docs/decisions/crisis-alerts.md): it is between them and their
// professional; and their read-receipts choice (docs/decisions/receipts-and-typing.md), between them and the people they write to.
const ADMIN_USER_KEYS = [...AUTH_USER_KEYS.filter((k) => k !== 'crisisAlerts' && k !== 'readReceipts'), 'rejectionReason'].sort();

function expectNoSecrets(user: Record<string, unknown>, keys: string[]) {
  expect(Object.keys(user).sort()).toEqual(keys);
  expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash|session/i);
}

/** Every admin route, each with a real target id and with a malformed one. */
async function adminRoutes(): Promise<[string, string][]> {
  const target = await signUp(server, { role: 'therapist' });
  const id = target.user._id;
  const routes: [string, string][] = [['GET', '/api/admin/pending-users'], ['GET', '/api/admin/all-users'], ['GET', '/api/admin/all-users?role=user'], ['GET', '/api/admin/stats']];
  for (const each of [id, 'not-an-id']) {
    routes.push(['POST', `/api/admin/verify-user/${each}`], ['POST', `/api/admin/reject-user/${each}`], ['DELETE', `/api/admin/delete-user/${each}`]);
  }
  return routes;
}

async function expectRefused(agent: Agent, status: number, code: string) {
  for (const [method, path] of await adminRoutes()) {
    const res = await agent.request(method, path, method === 'POST' ? {} : undefined);
    expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status, code });
  }
}

describe('the admin routes', () => {
  it('are refused with 401 to anonymous visitors, even with a malformed id', async () => {
    await expectRefused(server.agent(), 401, 'UNAUTHENTICATED');
  });

  it('are refused with 403 to a regular user', async () => {
    const { code } = await verifiedProfessional(server);
    await expectRefused((await referredUser(server, code)).agent, 403, 'FORBIDDEN');
  });

  it('are refused with 403 to a verified therapist', async () => {
    await expectRefused((await verifiedProfessional(server, 'therapist')).agent, 403, 'FORBIDDEN');
  });

  it('are refused with 403 to a pending ngo', async () => {
    await expectRefused((await signUp(server, { role: 'ngo' })).agent, 403, 'FORBIDDEN');
  });

  it('are refused with 403 to a volunteer', async () => {
    await expectRefused((await verifiedProfessional(server, 'volunteer')).agent, 403, 'FORBIDDEN');
  });

  it('changed nothing while refusing: the target is still pending', async () => {
    const target = await signUp(server, { role: 'volunteer' });
    const therapist = (await verifiedProfessional(server)).agent;
    await therapist.post(`/api/admin/verify-user/${target.user._id}`);
    await therapist.delete(`/api/admin/delete-user/${target.user._id}`);
    const check = await target.agent.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body.status).toBe('pending');
  });
});

describe('pending professionals', () => {
  it('get 403 VERIFICATION_REQUIRED on GET /api/upload, while verified people get upload parameters', async () => {
    const pending = await signUp(server, { role: 'therapist' });
    const res = await pending.agent.get('/api/upload');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Your account is pending verification', code: 'VERIFICATION_REQUIRED' });
    const verified = await verifiedProfessional(server);
    const ok = await verified.agent.get('/api/upload');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), signature: expect.any(String), expire: expect.any(Number) });
    expect((await server.agent().get('/api/upload')).status).toBe(401);
  });

  it('may still check their session, request verification again after a rejection, and log out', async () => {
    const admin = await signedInAdmin(server);
    const pending = await signUp(server, { role: 'ngo' });
    const check = await pending.agent.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body.status).toBe('pending');
    // While pending the request is already made (409, not 403); after a rejection it goes through.
    expect((await pending.agent.post('/api/auth/request-verification', { message: 'Registered NGO 42' })).status).toBe(409);
    await admin.post(`/api/admin/reject-user/${pending.user._id}`, { reason: 'Unclear' });
    const again = await pending.agent.post('/api/auth/request-verification', { message: 'Registered NGO 42' });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('pending');
    expect((await pending.agent.post('/api/auth/logout')).status).toBe(200);
    expect((await pending.agent.get('/api/auth/check')).status).toBe(401);
  });
});

describe('what a user object shows', () => {
  it('never carries a password hash or session data: signup, login, check, profile', async () => {
    const { res, agent, email } = await signUp(server, { role: 'therapist' });
    expectNoSecrets(res.body, AUTH_USER_KEYS);
    const login = await agent.post('/api/auth/login', { email, password: PASSWORD });
    expectNoSecrets(login.body, AUTH_USER_KEYS);
    expectNoSecrets((await agent.get('/api/auth/check')).body, AUTH_USER_KEYS);
    const request = await signUp(server, { role: 'volunteer' });
    await (await signedInAdmin(server)).post(`/api/admin/reject-user/${request.user._id}`);
    expectNoSecrets((await request.agent.post('/api/auth/request-verification', { message: 'again' })).body, AUTH_USER_KEYS);
  });

  it('never carries them in the admin answers either, which do show emails to the admin', async () => {
    const admin = await signedInAdmin(server);
    const pending = await signUp(server, { role: 'ngo' });
    const pendingList = await admin.get('/api/admin/pending-users');
    for (const u of pendingList.body) expectNoSecrets(u, ADMIN_USER_KEYS);
    expect(pendingList.body.find((u: { _id: string }) => u._id === pending.user._id)?.email).toBe(pending.email);

    const all = await admin.get('/api/admin/all-users');
    expect(all.body.length).toBeGreaterThan(0);
    for (const u of all.body) expectNoSecrets(u, ADMIN_USER_KEYS);
    expect(all.body.find((u: { _id: string }) => u._id === pending.user._id)?.email).toBe(pending.email);

    const verified = await admin.post(`/api/admin/verify-user/${pending.user._id}`);
    expectNoSecrets(verified.body.user, ADMIN_USER_KEYS);
    const other = await signUp(server, { role: 'therapist' });
    expectNoSecrets((await admin.post(`/api/admin/reject-user/${other.user._id}`)).body.user, ADMIN_USER_KEYS);
  });
});
