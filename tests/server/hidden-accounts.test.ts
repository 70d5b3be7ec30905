/**
 * A professional pending verification is hidden from everyone but the admin: every route that
 * takes another person's id answers for such an account exactly what it answers for an id that
 * names nobody (status, code and message), so nobody can tell a hidden account from no account.
 * Two pending accounts are asked about: one nobody ever talked to (a fresh signup), and one that
 * talked as a rejected professional and asked for verification again. Runs on PGlite and, as
 * test:pg, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadPosition } from '../../src/shared/api';
import { newId } from '../../src/shared/ids';
import type { Agent, Reply } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, signedInAdmin, signUp, verifiedProfessional, type Person } from './people';

let server: TestServer;
let ana: Person;
let therapist: Agent;
let fresh: string;
let former: string;
/** The seq of Ana's message to `former`, from when they could still talk. */
let formerSeq: number;

let n = 0;
const clientId = () => `hidden-test-${(n += 1).toString().padStart(6, '0')}`;

beforeAll(async () => {
  server = await startServer();
  const pro = await verifiedProfessional(server);
  therapist = pro.agent;
  ana = await referredUser(server, pro.code);
  fresh = (await signUp(server, { role: 'therapist' })).user._id;

  const admin = await signedInAdmin(server);
  const applicant = await signUp(server, { role: 'volunteer' });
  former = applicant.user._id;
  expect((await admin.post(`/api/admin/reject-user/${former}`, {})).status).toBe(200);
  const sent = await ana.agent.post(`/api/messages/send/${former}`, { text: 'hello while you are rejected', clientId: clientId() });
  expect(sent.status).toBe(201);
  formerSeq = sent.body.seq as number;
  expect((await ana.agent.put(`/api/reads/direct/${former}`, { seq: formerSeq })).status).toBe(200);
  expect((await applicant.agent.post('/api/auth/request-verification', { message: 'Here is my licence' })).body.status).toBe('pending');
});
afterAll(async () => { await server?.close(); });

const answer = (res: Reply) => ({ status: res.status, body: res.body as unknown });

/** Each route that names another person, as the asker calls it for `id`. */
const ASKS: Record<string, (asker: Agent, id: string) => Promise<Reply>> = {
  'GET /api/messages/:id': (asker, id) => asker.get(`/api/messages/${id}`),
  'GET /api/messages/:id?before=': (asker, id) => asker.get(`/api/messages/${id}?before=${formerSeq + 1}&limit=5`),
  'POST /api/messages/send/:id': (asker, id) => asker.post(`/api/messages/send/${id}`, { text: 'are you there?', clientId: 'hidden-same-client-id' }),
  'POST /api/messages/batch': (asker, id) =>
    asker.post('/api/messages/batch', { items: [{ kind: 'direct', to: id, text: 'are you there?', clientId: 'hidden-same-client-id' }] }),
  'PUT /api/reads/direct/:id': (asker, id) => asker.put(`/api/reads/direct/${id}`, { seq: formerSeq }),
};

describe('a pending account answers as an unknown id does', () => {
  for (const [route, ask] of Object.entries(ASKS)) {
    it(`${route}: the same status, code and message`, async () => {
      for (const [who, asker] of [['a user', ana.agent], ['a professional', therapist]] as const) {
        const unknown = answer(await ask(asker, newId()));
        expect(JSON.stringify(unknown.body), `${who}, ${route}, unknown id`).toContain('"code":"NOT_FOUND"');
        for (const [which, id] of [['never talked to', fresh], ['talked to before', former]] as const) {
          const res = await ask(asker, id);
          // A batch answers 200 with per-item results; those must match just as well.
          expect({ who, which, ...answer(res) }).toEqual({ who, which, ...unknown });
        }
      }
    });
  }

  it('GET /api/reads: a pending partner\'s position is gone, as a deleted person\'s is', async () => {
    const res = await ana.agent.get<ReadPosition[]>('/api/reads');
    expect(res.status).toBe(200);
    expect(res.body.filter((p) => p.kind === 'direct').map((p) => p.id)).not.toContain(former);
  });
});

describe('a partner who is not pending', () => {
  it('still gets their thread, can write and mark it read', async () => {
    const ben = await referredUser(server, (await verifiedProfessional(server)).code);
    const sent = await ben.agent.post(`/api/messages/send/${ana.id}`, { text: 'hi Ana', clientId: clientId() });
    expect(sent.status).toBe(201);
    const thread = await ana.agent.get<{ text: string }[]>(`/api/messages/${ben.id}`);
    expect({ status: thread.status, texts: thread.body.map((m) => m.text) }).toEqual({ status: 200, texts: ['hi Ana'] });
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: sent.body.seq })).status).toBe(200);
    expect((await ana.agent.get<ReadPosition[]>('/api/reads')).body.map((p) => p.id)).toContain(ben.id);
  });
});
