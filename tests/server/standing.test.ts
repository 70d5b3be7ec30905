/**
 * A person's standing decides what others see and whether their sockets stay: only a verified
 * professional carries a professional role for others, and a socket closes the moment its
 * account becomes pending (or is deleted: realtime.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../src/shared/api';
import { startServer, type TestServer } from './harness';
import { referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, openSocket, readySocket, refusal, serverDisconnect } from './socket-client';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

async function rejectedTherapist() {
  const admin = await signedInAdmin(server);
  const made = await signUp(server, { role: 'therapist' });
  expect((await admin.post(`/api/admin/reject-user/${made.user._id}`, { reason: 'Licence not found' })).status).toBe(200);
  return made;
}

describe('professional labels', () => {
  it('shows a rejected therapist to others as a person, not as a therapist', async () => {
    const rejected = await rejectedTherapist();
    const pro = await verifiedProfessional(server, 'volunteer');
    const person = await referredUser(server, pro.code);
    const people = (await person.agent.get('/api/messages/users')).body as PublicUser[];
    // Nor that they applied and were refused: to others they look like any person.
    expect(people.find((p) => p._id === rejected.user._id)).toMatchObject({ role: 'user', status: 'verified' });
    // A verified professional keeps their role.
    expect(people.find((p) => p._id === pro.user._id)).toMatchObject({ role: 'volunteer', status: 'verified' });
    // The person themself still knows what they are.
    expect((await rejected.agent.get('/api/auth/check')).body).toMatchObject({ role: 'therapist', status: 'rejected' });
  });
});

describe('sockets follow standing', () => {
  it('closes the sockets of a professional who goes back to pending, and refuses new ones', async () => {
    const rejected = await rejectedTherapist();
    const socket = await readySocket(server, rejected.agent, rejected.user._id);
    const end = serverDisconnect(socket);
    const asked = await rejected.agent.post('/api/auth/request-verification', { message: 'Here is my licence number' });
    expect(asked.status).toBe(200);
    expect(await end).toBe('io server disconnect');
    expect(await refusal(openSocket(server, rejected.agent))).toBe('VERIFICATION_REQUIRED');
  });
});
