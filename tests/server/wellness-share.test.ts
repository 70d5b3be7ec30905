/**
 * Sharing check-in trends and scores with the referring professional (docs/decisions/wellness.md),
 * on this server's database (PGlite, and PostgreSQL in the pg project): only a summary without
 * words is taken, only the referrer reads it, withdrawing deletes it, and several writers at once
 * leave one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WellnessSummary } from '../../src/shared/wellness-share';
import { startServer, type TestServer } from './harness';
import { referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let pro: Awaited<ReturnType<typeof verifiedProfessional>>;
let otherPro: Awaited<ReturnType<typeof verifiedProfessional>>;

beforeAll(async () => {
  server = await startServer();
  pro = await verifiedProfessional(server);
  otherPro = await verifiedProfessional(server, 'ngo');
});
afterAll(async () => { await server?.close(); });

const summary = (mood = 3.5): WellnessSummary => ({
  weeks: [{ weekStart: '2026-11-16', moodAverage: 2.5, days: 3 }, { weekStart: '2026-11-23', moodAverage: mood, days: 4 }],
  scores: [{ kind: 'phq9', day: '2026-11-20', score: 14 }, { kind: 'who5', day: '2026-11-27', score: 48 }],
});

describe('sharing wellness with the referring professional', () => {
  it('nothing is shared by default; once shared, the referrer reads exactly the summary, and the update replaces it', async () => {
    const client = await referredUser(server, pro.code);
    expect((await client.agent.get('/api/me/wellness-share')).body).toEqual({ sharing: false, updatedAt: null });
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);

    const put = await client.agent.put('/api/me/wellness-share', summary());
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.sharing).toBe(true);
    const seen = await pro.agent.get(`/api/clients/${client.id}/wellness`);
    expect(seen.status).toBe(200);
    expect(seen.body.summary).toEqual(summary());
    expect(seen.body.updatedAt).toBe(put.body.updatedAt);

    expect((await client.agent.put('/api/me/wellness-share', summary(4.25))).status).toBe(200);
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).body.summary.weeks[1].moodAverage).toBe(4.25);
  });

  it('takes no words: a note, a feeling or any other field is refused and changes nothing', async () => {
    const client = await referredUser(server, pro.code);
    expect((await client.agent.put('/api/me/wellness-share', summary())).status).toBe(200);
    const tries: unknown[] = [
      { ...summary(), notes: ['I could not sleep'] },
      { ...summary(), weeks: [{ weekStart: '2026-11-23', moodAverage: 3, days: 2, note: 'a hard week' }] },
      { ...summary(), scores: [{ kind: 'phq9', day: '2026-11-20', score: 14, answers: [3, 3, 3] }] },
      { ...summary(), scores: [{ kind: 'diary', day: '2026-11-20', score: 1 }] },
      { ...summary(), weeks: [{ weekStart: 'last monday', moodAverage: 3, days: 2 }] },
      { ...summary(), weeks: [{ weekStart: '2026-11-23', moodAverage: 9, days: 2 }] },
    ];
    for (const body of tries) {
      const res = await client.agent.put('/api/me/wellness-share', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).body.summary).toEqual(summary());
  });

  it('only the referring professional reads it; another professional, another user and the admin do not', async () => {
    const client = await referredUser(server, pro.code);
    const other = await referredUser(server, pro.code);
    expect((await client.agent.put('/api/me/wellness-share', summary())).status).toBe(200);
    expect((await otherPro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);
    expect((await other.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(403);
    expect((await (await signedInAdmin(server)).get(`/api/clients/${client.id}/wellness`)).status).toBe(403);
    expect((await server.agent().get(`/api/clients/${client.id}/wellness`)).status).toBe(401);
  });

  it('someone no professional referred cannot share (409), and a professional cannot either', async () => {
    const { agent } = await signUp(server, { role: 'therapist' });
    const admin = await signedInAdmin(server);
    const verified = await verifiedProfessional(server);
    expect((await verified.agent.put('/api/me/wellness-share', summary())).status).toBe(409);
    expect((await admin.put('/api/me/wellness-share', summary())).status).toBe(409);
    // A professional still waiting for verification is refused before anything else.
    expect((await agent.put('/api/me/wellness-share', summary())).status).toBe(403);
  });

  it('withdrawing deletes what was shared at once; sharing again starts afresh', async () => {
    const client = await referredUser(server, pro.code);
    expect((await client.agent.put('/api/me/wellness-share', summary())).status).toBe(200);
    const gone = await client.agent.delete('/api/me/wellness-share');
    expect(gone.body).toEqual({ sharing: false, updatedAt: null });
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);
    expect((await client.agent.get('/api/me/export')).body.wellnessShare).toBeNull();
    expect((await client.agent.put('/api/me/wellness-share', summary(5))).status).toBe(200);
    expect((await client.agent.get('/api/me/export')).body.wellnessShare.summary).toEqual(summary(5));
  });

  it('an update (a device keeping it current) never starts sharing again after a withdrawal', async () => {
    const client = await referredUser(server, pro.code);
    expect((await client.agent.request('PATCH', '/api/me/wellness-share', summary())).status).toBe(404);
    expect((await client.agent.put('/api/me/wellness-share', summary())).status).toBe(200);
    expect((await client.agent.request('PATCH', '/api/me/wellness-share', summary(4))).status).toBe(200);
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).body.summary.weeks[1].moodAverage).toBe(4);
    expect((await client.agent.delete('/api/me/wellness-share')).status).toBe(200);
    // A late update from another device after the withdrawal: refused, nothing comes back.
    const late = await client.agent.request('PATCH', '/api/me/wellness-share', summary(5));
    expect(late.status).toBe(404);
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);
    // Racing a withdrawal, updates either land before it or are refused: it stays withdrawn.
    expect((await client.agent.put('/api/me/wellness-share', summary())).status).toBe(200);
    const raced = await Promise.all([
      client.agent.request('PATCH', '/api/me/wellness-share', summary(2)), client.agent.delete('/api/me/wellness-share'),
      client.agent.request('PATCH', '/api/me/wellness-share', summary(3)),
    ]);
    expect(raced[1]!.status).toBe(200);
    for (const r of [raced[0]!, raced[2]!]) expect([200, 404]).toContain(r.status);
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);
  });

  it('is gone with the account, and several devices writing at once leave one row', async () => {
    const client = await referredUser(server, pro.code);
    const devices = await Promise.all([0, 1, 2, 3, 4].map(async () => {
      const a = server.agent();
      expect((await a.post('/api/auth/login', { email: client.email, password: 'password-123' })).status).toBe(200);
      return a;
    }));
    const answers = await Promise.all(devices.map((a, i) => a.put('/api/me/wellness-share', summary(1 + i))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const { summary: kept } = (await pro.agent.get(`/api/clients/${client.id}/wellness`)).body as { summary: WellnessSummary };
    expect([1, 2, 3, 4, 5]).toContain(kept.weeks[1]!.moodAverage);
    const mixed = await Promise.all([devices[0]!.put('/api/me/wellness-share', summary()), devices[1]!.delete('/api/me/wellness-share')]);
    expect(mixed.map((r) => r.status)).toEqual([200, 200]);
    expect((await devices[2]!.request('DELETE', '/api/me', { password: 'password-123' })).status).toBe(200);
    expect((await pro.agent.get(`/api/clients/${client.id}/wellness`)).status).toBe(404);
  });
});
