/** Makes the people a test needs, and what they upload, through the real API. */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AuthUser } from '../../src/shared/api';
import type { Agent } from './agent';
import { ADMIN, type TestServer } from './harness';

let counter = 0;
export const uniqueEmail = (prefix = 'person') => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@test.haven`;
export const PASSWORD = 'password-123';

export async function signedInAdmin(server: TestServer): Promise<Agent> {
  const admin = server.agent();
  const res = await admin.post('/api/auth/login', ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return admin;
}

export async function signUp(server: TestServer, fields: { role: string; referralCode?: string; fullName?: string; email?: string }) {
  const agent = server.agent();
  const email = fields.email ?? uniqueEmail(fields.role);
  const res = await agent.post('/api/auth/signup', {
    fullName: fields.fullName ?? `Test ${fields.role}`, email, password: PASSWORD, role: fields.role, referralCode: fields.referralCode ?? '',
  });
  return { agent, res, email, user: res.body as AuthUser };
}

/** A professional signed up and verified by the admin; answers their agent, user and code. */
export async function verifiedProfessional(server: TestServer, role = 'therapist') {
  const admin = await signedInAdmin(server);
  const { agent, user, email } = await signUp(server, { role });
  const verified = await admin.post(`/api/admin/verify-user/${user._id}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  return { agent, user: verified.body.user as AuthUser, email, code: verified.body.referralCode as string, admin };
}

export async function referredUser(server: TestServer, code: string) {
  const made = await signUp(server, { role: 'user', referralCode: code });
  if (made.res.status !== 201) throw new Error(`user signup failed: ${made.res.status} ${JSON.stringify(made.res.body)}`);
  return { ...made, id: made.user._id };
}

/** A signed-in regular user as most suites use one: their agent and id. */
export type Person = Awaited<ReturnType<typeof referredUser>>;

/** Uploads a small PNG through GET /api/upload + POST /api/uploads; answers its /uploads URL. */
export async function uploadImage(server: TestServer, agent: Agent): Promise<string> {
  const auth = (await agent.get('/api/upload')).body;
  const form = new FormData();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48c' } }).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(png)]), 'pic.png');
  for (const k of ['publicKey', 'signature', 'token'] as const) form.append(k, auth[k]);
  form.append('expire', String(auth.expire));
  const res = await server.agent().request('POST', '/api/uploads', form);
  expect(res.status).toBe(200);
  return res.body.url as string;
}
