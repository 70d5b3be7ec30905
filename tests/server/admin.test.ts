import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, AdminUser } from '../../src/shared/api';
import { PROFESSIONAL_ROLES, ROLE_FILTERS } from '../../src/shared/limits';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const ids = (list: { _id: string }[]) => list.map((u) => u._id);

async function allUsers(role?: string) {
  const admin = await signedInAdmin(server);
  return admin.get<AdminUser[]>(`/api/admin/all-users${role ? `?role=${role}` : ''}`);
}

async function stats() {
  const admin = await signedInAdmin(server);
  const res = await admin.get<AdminStats>('/api/admin/stats');
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/admin/pending-users', () => {
  it('lists pending professionals only, with their emails', async () => {
    const admin = await signedInAdmin(server);
    const pending = await signUp(server, { role: 'ngo' });
    const { user: verified, code } = await verifiedProfessional(server, 'therapist');
    const user = await referredUser(server, code);
    const rejected = await signUp(server, { role: 'volunteer' });
    await admin.post(`/api/admin/reject-user/${rejected.user._id}`);

    const res = await admin.get<AdminUser[]>('/api/admin/pending-users');
    expect(res.status).toBe(200);
    const listed = ids(res.body);
    expect(listed).toContain(pending.user._id);
    expect(listed).not.toContain(verified._id);
    expect(listed).not.toContain(user.user._id);
    expect(listed).not.toContain(rejected.user._id);
    for (const u of res.body) {
      expect(u.status).toBe('pending');
      expect(PROFESSIONAL_ROLES).toContain(u.role);
    }
    expect(res.body.find((u) => u._id === pending.user._id)).toMatchObject({ email: pending.email, verificationRequest: true });
  });
});

describe('GET /api/admin/stats', () => {
  it('counts exactly the accounts created, by role and status', async () => {
    const before = await stats();
    await signUp(server, { role: 'therapist' });
    await signUp(server, { role: 'ngo' });
    const { code } = await verifiedProfessional(server, 'volunteer');
    await referredUser(server, code);
    const after = await stats();
    const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as keyof AdminStats]]));
    expect(delta).toEqual({ total: 4, users: 1, therapists: 1, ngos: 1, volunteers: 1, verified: 2, pending: 2 });
  });

  it('answers the seven numbers the spec names, and agrees with what the spec\'s client counts from all-users', async () => {
    const totals = await stats();
    expect(Object.keys(totals).sort()).toEqual(['ngos', 'pending', 'therapists', 'total', 'users', 'verified', 'volunteers']);
    const everyone = (await allUsers()).body;
    const count = (keep: (u: AdminUser) => boolean) => everyone.filter(keep).length;
    expect(totals).toEqual({
      total: everyone.length,
      users: count((u) => u.role === 'user'),
      therapists: count((u) => u.role === 'therapist'),
      ngos: count((u) => u.role === 'ngo'),
      volunteers: count((u) => u.role === 'volunteer'),
      verified: count((u) => u.status === 'verified'),
      pending: count((u) => u.status === 'pending'),
    });
  });
});

describe('GET /api/admin/all-users', () => {
  it('answers an array, filters by role and never lists the admins', async () => {
    const everyone = await allUsers();
    expect(everyone.status).toBe(200);
    expect(Array.isArray(everyone.body)).toBe(true);
    const totals = await stats();
    expect(everyone.body.some((u) => u.role === 'admin')).toBe(false);
    expect(everyone.body).toHaveLength(totals.total);
    expect(everyone.body.every((u) => typeof u.email === 'string' && u.email.includes('@'))).toBe(true);
    expect((await allUsers('all')).body).toHaveLength(totals.total);

    const counts: Record<string, keyof AdminStats> = { user: 'users', therapist: 'therapists', ngo: 'ngos', volunteer: 'volunteers' };
    for (const [role, stat] of Object.entries(counts)) {
      const res = await allUsers(role);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((u) => u.role === role)).toBe(true);
      expect(res.body).toHaveLength(totals[stat]);
    }
  });

  it('takes exactly the shared role filters: every role but admin, whose accounts it never lists', async () => {
    for (const role of ROLE_FILTERS) expect((await allUsers(role)).status).toBe(200);
    expect((await allUsers('admin')).status).toBe(400);
  });

  it('refuses an unknown role with 400', async () => {
    const admin = await signedInAdmin(server);
    for (const role of ['wizard', 'users', 'Therapist']) {
      const res = await admin.get(`/api/admin/all-users?role=${role}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /api/admin/verify-user/:id', () => {
  it('verifies with a readable unique code that the professional then sees on /api/auth/check', async () => {
    const admin = await signedInAdmin(server);
    const a = await signUp(server, { role: 'therapist' });
    const b = await signUp(server, { role: 'ngo' });
    const resA = await admin.post(`/api/admin/verify-user/${a.user._id}`);
    const resB = await admin.post(`/api/admin/verify-user/${b.user._id}`);
    expect(resA.status).toBe(200);
    expect(resA.body.message).toBe('User verified successfully');
    expect(resA.body.referralCode).toMatch(/^HAVEN-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(resA.body.referralCode).not.toBe(resB.body.referralCode);
    expect(resA.body.user).toMatchObject({ _id: a.user._id, status: 'verified', verificationRequest: false, referralCode: resA.body.referralCode });
    const check = await a.agent.get('/api/auth/check');
    expect(check.body).toMatchObject({ status: 'verified', referralCode: resA.body.referralCode });
  });

  it('refuses a regular user (409), an unknown id (404) and a malformed id (400 INVALID_ID)', async () => {
    const admin = await signedInAdmin(server);
    const { code } = await verifiedProfessional(server);
    const { user } = await referredUser(server, code);
    const regular = await admin.post(`/api/admin/verify-user/${user._id}`);
    expect(regular.status).toBe(409);
    expect(regular.body.code).toBe('CONFLICT');
    const unknown = await admin.post(`/api/admin/verify-user/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    for (const bad of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${UNKNOWN_ID}0`]) {
      const res = await admin.post(`/api/admin/verify-user/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_ID');
    }
  });
});

describe('POST /api/admin/reject-user/:id', () => {
  it('rejects a pending professional, with or without a reason', async () => {
    const admin = await signedInAdmin(server);
    const withReason = await signUp(server, { role: 'volunteer' });
    const res = await admin.post(`/api/admin/reject-user/${withReason.user._id}`, { reason: 'No licence' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User rejected');
    expect(res.body.user).toMatchObject({ status: 'rejected', rejectionReason: 'No licence', verificationRequest: false });
    expect((await withReason.agent.get('/api/auth/check')).body.status).toBe('rejected');

    const without = await signUp(server, { role: 'therapist' });
    const bare = await admin.request('POST', `/api/admin/reject-user/${without.user._id}`); // no body at all
    expect(bare.status).toBe(200);
    expect(bare.body.user).toMatchObject({ status: 'rejected', rejectionReason: null });
  });

  it('rejects only pending accounts', async () => {
    const admin = await signedInAdmin(server);
    const { user: verified, code } = await verifiedProfessional(server, 'ngo');
    expect((await admin.post(`/api/admin/reject-user/${verified._id}`)).status).toBe(409);
    const { user } = await referredUser(server, code);
    expect((await admin.post(`/api/admin/reject-user/${user._id}`)).status).toBe(409);
    const pending = await signUp(server, { role: 'ngo' });
    expect((await admin.post(`/api/admin/reject-user/${pending.user._id}`)).status).toBe(200);
    expect((await admin.post(`/api/admin/reject-user/${pending.user._id}`)).status).toBe(409); // already rejected
    expect((await admin.post(`/api/admin/reject-user/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await admin.post('/api/admin/reject-user/not-an-id')).body.code).toBe('INVALID_ID');
  });
});

describe('DELETE /api/admin/delete-user/:id', () => {
  it('refuses to delete an admin', async () => {
    const admin = await signedInAdmin(server);
    const me = await admin.get('/api/auth/check');
    const res = await admin.delete(`/api/admin/delete-user/${me.body._id}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await admin.get('/api/auth/check')).status).toBe(200);
  });

  it('ends the session at once, removes the account and its photo, and keeps referred users', async () => {
    const admin = await signedInAdmin(server);
    const therapist = await verifiedProfessional(server);
    const client = await referredUser(server, therapist.code);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).png().toBuffer();
    const photo = await therapist.agent.put('/api/auth/update-profile', { profilePic: `data:image/png;base64,${png.toString('base64')}` });
    expect(photo.status).toBe(200);
    const url: string = photo.body.profilePic;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const file = join(server.config.uploadsDir, url.slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    expect((await admin.get(url)).status).toBe(200);

    const res = await admin.delete(`/api/admin/delete-user/${therapist.user._id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted successfully');

    expect((await therapist.agent.get('/api/auth/check')).status).toBe(401);
    const login = await server.agent().post('/api/auth/login', { email: therapist.email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(existsSync(file)).toBe(false);
    expect((await admin.get(url)).status).toBe(404);
    expect(ids((await allUsers()).body)).not.toContain(therapist.user._id);

    // The referred user stays, no longer referred by anyone.
    const check = await client.agent.get('/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body.referredBy).toBeNull();
    // The code died with its owner.
    expect((await server.agent().post('/api/auth/validate-referral', { referralCode: therapist.code })).body).toEqual({ valid: false });

    expect((await admin.delete(`/api/admin/delete-user/${therapist.user._id}`)).status).toBe(404);
    expect((await admin.delete('/api/admin/delete-user/xyz')).body.code).toBe('INVALID_ID');
  });
});

describe('the referral lifecycle', () => {
  it('takes a therapist from signup to a verified code that brings a user under them', async () => {
    const admin = await signedInAdmin(server);
    const therapist = await signUp(server, { role: 'therapist' });
    expect(therapist.res.body).toMatchObject({ status: 'pending', referralCode: null });
    expect(ids((await admin.get('/api/admin/pending-users')).body)).toContain(therapist.user._id);
    // Before verification the therapist has no code to give, so nothing is valid yet.
    expect((await therapist.agent.get('/api/upload')).body.code).toBe('VERIFICATION_REQUIRED');

    const verified = await admin.post(`/api/admin/verify-user/${therapist.user._id}`);
    const code: string = verified.body.referralCode;
    expect(ids((await admin.get('/api/admin/pending-users')).body)).not.toContain(therapist.user._id);
    expect((await therapist.agent.get('/api/auth/check')).body.referralCode).toBe(code);
    expect((await server.agent().post('/api/auth/validate-referral', { referralCode: code })).body).toEqual({ valid: true });

    const user = await signUp(server, { role: 'user', referralCode: code });
    expect(user.res.status).toBe(201);
    expect((await user.agent.get('/api/auth/check')).body).toMatchObject({ role: 'user', status: 'verified', referredBy: therapist.user._id });
    const listed = (await allUsers('user')).body.find((u) => u._id === user.user._id);
    expect(listed).toMatchObject({ email: user.email, referredBy: therapist.user._id });
  });
});
