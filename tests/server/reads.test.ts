/**
 * Read positions (/api/reads): kept per person and conversation, never moving back — also with
 * many devices writing at once (this file runs on PGlite and, as test:pg, on PostgreSQL) — told
 * live to the person's other devices, and only for conversations the person takes part in.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReadPosition } from '../../src/shared/api';
import { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signedInAdmin, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, noEvent, readySocket } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

let n = 0;
const clientId = () => `reads-test-${(n += 1).toString().padStart(6, '0')}`;
const person = () => referredUser(server, code);

async function send(from: Person, to: Person, text: string): Promise<number> {
  const res = await from.agent.post(`/api/messages/send/${to.id}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body.seq as number;
}

async function secondDevice(p: Person): Promise<Agent> {
  const agent = server.agent();
  const res = await agent.post('/api/auth/login', { email: p.email, password: PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

const positions = async (agent: Agent) => {
  const res = await agent.get<ReadPosition[]>('/api/reads');
  expect(res.status).toBe(200);
  return res.body;
};

async function newGroup(name: string): Promise<string> {
  const admin = await signedInAdmin(server);
  return (await admin.post('/api/admin/create-group', { name, type: 'mental', description: 'for reads' })).body.group._id as string;
}

describe('read positions', () => {
  it('keeps a direct thread\'s position per person, answered on every device', async () => {
    const [ana, ben] = [await person(), await person()];
    const first = await send(ben, ana, 'one');
    const second = await send(ben, ana, 'two');
    expect(await positions(ana.agent)).toEqual([]);

    const put = await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: first });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ kind: 'direct', id: ben.id, seq: first });
    const phone = await secondDevice(ana);
    expect((await positions(phone)).map((p) => [p.kind, p.id, p.seq])).toEqual([['direct', ben.id, first]]);

    await phone.put(`/api/reads/direct/${ben.id}`, { seq: second });
    expect((await positions(ana.agent))[0]?.seq).toBe(second);
    // Ben's own position is his alone.
    expect(await positions(ben.agent)).toEqual([]);
  });

  it('never moves back: an older position afterwards answers the newer one and changes nothing', async () => {
    const [ana, ben] = [await person(), await person()];
    const older = await send(ben, ana, 'older');
    const newer = await send(ana, ben, 'newer, my own');
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: newer })).body.seq).toBe(newer);
    const late = await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: older });
    expect(late.status).toBe(200);
    expect(late.body.seq).toBe(newer);
    expect((await positions(ana.agent))[0]?.seq).toBe(newer);
  });

  it('many devices racing end at the newest position they sent, whatever the order of commits', async () => {
    const [ana, ben] = [await person(), await person()];
    const seqs: number[] = [];
    for (let i = 0; i < 12; i += 1) seqs.push(await send(ben, ana, `race ${i}`));
    const devices = [ana.agent, await secondDevice(ana), await secondDevice(ana), await secondDevice(ana)];
    // Every device sends every position, newest first on some and oldest first on others, all at once.
    const sent = devices.flatMap((device, d) => (d % 2 ? [...seqs].reverse() : seqs).map((seq) => ({ device, seq })));
    const answers = await Promise.all(sent.map(({ device, seq }) => device.put(`/api/reads/direct/${ben.id}`, { seq })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Each answer is the position after that write: never below what it sent.
    answers.forEach((a, i) => expect(a.body.seq).toBeGreaterThanOrEqual(sent[i]!.seq));
    expect((await positions(ana.agent)).find((p) => p.id === ben.id)?.seq).toBe(Math.max(...seqs));
  });

  it('tells the reader\'s other devices at once, and nobody else', async () => {
    const [ana, ben] = [await person(), await person()];
    const seq = await send(ben, ana, 'hello');
    const phone = await secondDevice(ana);
    const anaPhone = await readySocket(server, phone, ana.id);
    const benSocket = await readySocket(server, ben.agent, ben.id);
    const told = nextEvent(anaPhone, 'readPosition');
    const benHearsNothing = noEvent(benSocket, 'readPosition');
    await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq });
    expect(await told).toMatchObject({ kind: 'direct', id: ben.id, seq });
    await benHearsNothing;
    // A repeat that moves nothing is not announced again.
    const quiet = noEvent(anaPhone, 'readPosition');
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq })).body.seq).toBe(seq);
    await quiet;
  });

  it('a group counts as read up to the joining; later messages are new until marked', async () => {
    const [ana, ben] = [await person(), await person()];
    const groupId = await newGroup(`Reads ${clientId()}`);
    await ben.agent.post(`/api/messages/join-group/${groupId}`);
    const before = (await ben.agent.post(`/api/messages/send-group/${groupId}`, { text: 'before Ana', clientId: clientId() })).body.seq as number;
    await ana.agent.post(`/api/messages/join-group/${groupId}`);
    const after = (await ben.agent.post(`/api/messages/send-group/${groupId}`, { text: 'after Ana', clientId: clientId() })).body.seq as number;

    expect((await positions(ana.agent)).find((p) => p.id === groupId)).toMatchObject({ kind: 'group', seq: before });
    expect((await ana.agent.put(`/api/reads/group/${groupId}`, { seq: after })).body.seq).toBe(after);
    expect((await positions(ana.agent)).find((p) => p.id === groupId)?.seq).toBe(after);
  });

  it('refuses conversations the person is not part of, and messages of another conversation', async () => {
    const [ana, ben, cleo] = [await person(), await person(), await person()];
    const seq = await send(ben, ana, 'between Ana and Ben');
    const groupId = await newGroup(`Closed ${clientId()}`);
    await ben.agent.post(`/api/messages/join-group/${groupId}`);
    const groupSeq = (await ben.agent.post(`/api/messages/send-group/${groupId}`, { text: 'members only', clientId: clientId() })).body.seq as number;

    // Cleo is in neither: the thread's message is not hers to mark; the group wants her to join.
    expect((await cleo.agent.put(`/api/reads/direct/${ben.id}`, { seq })).status).toBe(404);
    expect((await cleo.agent.put(`/api/reads/direct/${ana.id}`, { seq })).status).toBe(404);
    const group = await cleo.agent.put(`/api/reads/group/${groupId}`, { seq: groupSeq });
    expect(group.status).toBe(403);
    expect(group.body.code).toBe('FORBIDDEN');
    // Ana's own thread, but a seq from elsewhere (the group's message).
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: groupSeq })).status).toBe(404);
    expect((await ana.agent.put(`/api/reads/direct/${ana.id}`, { seq })).status).toBe(400);
    // Bad input changes nothing.
    expect((await ana.agent.put(`/api/reads/other/${ben.id}`, { seq })).status).toBe(400);
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq: -1 })).status).toBe(400);
    expect((await ana.agent.put(`/api/reads/direct/${ben.id}`, {})).status).toBe(400);
    expect(await positions(cleo.agent)).toEqual([]);
    expect(await positions(ana.agent)).toEqual([]);
  });

  it('forgets the positions of a deleted account, and hides a deleted person\'s thread', async () => {
    const [ana, ben] = [await person(), await person()];
    const seq = await send(ben, ana, 'bye');
    await ana.agent.put(`/api/reads/direct/${ben.id}`, { seq });
    await ben.agent.put(`/api/reads/direct/${ana.id}`, { seq });
    const admin = await signedInAdmin(server);
    expect((await admin.delete(`/api/admin/delete-user/${ben.id}`)).status).toBe(200);
    expect(await positions(ana.agent)).toEqual([]);
  });
});
