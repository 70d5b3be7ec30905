/**
 * POST and GET /api/reports (docs/decisions/community-rules.md, Reports): what a person may report
 * (only what they can see, never themselves), what is kept (the words as seen, the subject, the
 * kind), bad input refused with nothing stored, the reporter's own list, and the hourly budget.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReport } from '../../src/shared/community';
import { reports } from '../../src/server/db/schema';
import { PERSON_BUDGETS } from '../../src/server/limits/person-limits';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, signUp, signedInAdmin, verifiedProfessional, type Person } from './people';

let server: TestServer;
let code: string;
let admin: Agent;
let adminId: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
  adminId = (await admin.get('/api/auth/check')).body._id;
});
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const THANKS = 'Thank you. Our team will look at this.';
let n = 0;
const clientId = () => `report-test-${(n += 1).toString().padStart(6, '0')}`;
const person = (): Promise<Person> => referredUser(server, code);

async function sendDirect(from: Agent, to: string, text: string): Promise<string> {
  const res = await from.post(`/api/messages/send/${to}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function groupWith(...members: Person[]): Promise<string> {
  const made = await admin.post('/api/admin/create-group', { name: `Report circle ${(n += 1)}`, type: 'mental', description: 'talk' });
  expect(made.status).toBe(201);
  const id = made.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

async function sendGroup(from: Agent, groupId: string, text: string): Promise<string> {
  const res = await from.post(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

const storedReport = async (id: string) => (await server.database.db.select().from(reports).where(eq(reports.id, id)))[0];
const countReports = async () => (await server.database.db.select({ id: reports.id }).from(reports)).length;

describe('POST /api/reports', () => {
  it('files a report of a received direct message, keeping its words, its sender and its kind', async () => {
    const [a, b] = [await person(), await person()];
    const messageId = await sendDirect(b.agent, a.id, 'you are worthless');
    const res = await a.agent.post('/api/reports', { messageId, reason: 'harassment', note: '  every night  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ _id: expect.any(String), message: THANKS });
    expect(await storedReport(res.body._id)).toMatchObject({
      reporterId: a.id, reason: 'harassment', note: 'every night', messageId, messageKind: 'direct',
      subjectUserId: b.id, groupId: null, reportedText: 'you are worthless', status: 'open', outcome: null,
    });
  });

  it('files reports of a group message (members only), a person and a group', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const groupId = await groupWith(a, b);
    const messageId = await sendGroup(b.agent, groupId, 'spam spam spam');
    const ofMessage = await a.agent.post('/api/reports', { messageId, reason: 'spam' });
    expect(ofMessage.status).toBe(201);
    expect(await storedReport(ofMessage.body._id)).toMatchObject({
      messageId, messageKind: 'group', subjectUserId: b.id, groupId, reportedText: 'spam spam spam', note: '',
    });
    // Not a member: the message answers as unknown.
    const notMine = await outsider.agent.post('/api/reports', { messageId, reason: 'spam' });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });

    const ofPerson = await outsider.agent.post('/api/reports', { userId: b.id, reason: 'at-risk' });
    expect(ofPerson.status).toBe(201);
    expect(await storedReport(ofPerson.body._id)).toMatchObject({ subjectUserId: b.id, messageId: null, messageKind: null, groupId: null, reportedText: null });
    // Any group may be reported, member or not.
    const ofGroup = await outsider.agent.post('/api/reports', { groupId, reason: 'other', note: 'the name' });
    expect(ofGroup.status).toBe(201);
    expect(await storedReport(ofGroup.body._id)).toMatchObject({ groupId, subjectUserId: null, messageId: null });
  });

  it('answers 404 for unknown ids and for messages of other people\'s threads', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const between = await sendDirect(b.agent, c.id, 'between b and c');
    for (const [body, message] of [
      [{ messageId: UNKNOWN_ID }, 'Message not found'],
      [{ messageId: between }, 'Message not found'],
      [{ userId: UNKNOWN_ID }, 'User not found'],
      [{ groupId: UNKNOWN_ID }, 'Group not found'],
    ] as const) {
      const res = await a.agent.post('/api/reports', { ...body, reason: 'other' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message });
    }
    expect(JSON.stringify((await a.agent.get('/api/reports')).body)).not.toContain(between);
  });

  it('hides a professional waiting for verification, as every other route does', async () => {
    const a = await person();
    const pending = await signUp(server, { role: 'ngo' });
    const res = await a.agent.post('/api/reports', { userId: pending.user._id, reason: 'spam' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });

  it('refuses reporting oneself or one\'s own message (400)', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await sendDirect(a.agent, b.id, 'my own words');
    const self = await a.agent.post('/api/reports', { userId: a.id, reason: 'other' });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'You cannot report yourself' });
    const own = await a.agent.post('/api/reports', { messageId: mine, reason: 'other' });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'You cannot report your own message' });
  });

  it('allows reporting an admin account and an admin\'s message', async () => {
    const a = await person();
    const messageId = await sendDirect(admin, a.id, 'hello from the team');
    expect((await a.agent.post('/api/reports', { userId: adminId, reason: 'other' })).status).toBe(201);
    const res = await a.agent.post('/api/reports', { messageId, reason: 'other' });
    expect(res.status).toBe(201);
    expect(await storedReport(res.body._id)).toMatchObject({ subjectUserId: adminId });
  });

  it('refuses a message withheld by a block: its receiver never saw it', async () => {
    const [a, b] = [await person(), await person()];
    expect((await a.agent.put(`/api/blocks/${b.id}`)).status).toBe(200);
    const withheld = await sendDirect(b.agent, a.id, 'sent while blocked');
    const res = await a.agent.post('/api/reports', { messageId: withheld, reason: 'harassment' });
    expect(res.status).toBe(404);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const [a, b] = [await person(), await person()];
    const before = await countReports();
    const cases: [unknown, string][] = [
      [{ userId: b.id, reason: 'rude' }, 'Please choose a reason'],
      [{ userId: b.id }, 'Please choose a reason'],
      [{ userId: b.id, reason: 'other', note: 'x'.repeat(5000) }, 'Please keep the note under 1000 characters'],
      [{ reason: 'other' }, 'Report one message, person or group'],
      [{ userId: b.id, groupId: UNKNOWN_ID, reason: 'other' }, 'Report one message, person or group'],
      [{ userId: 'not-an-id', reason: 'other' }, 'Invalid id format'],
    ];
    for (const [body, message] of cases) {
      const res = await a.agent.post('/api/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await countReports()).toBe(before);
  });

  it('is for signed-in, active people: 401 without a session, 403 for a pending professional', async () => {
    const b = await person();
    expect((await server.agent().post('/api/reports', { userId: b.id, reason: 'other' })).status).toBe(401);
    expect((await server.agent().get('/api/reports')).status).toBe(401);
    const pending = await signUp(server, { role: 'therapist' });
    const res = await pending.agent.post('/api/reports', { userId: b.id, reason: 'other' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('VERIFICATION_REQUIRED');
  });
});

describe('GET /api/reports', () => {
  it('answers the reporter\'s own reports, newest first, with a readable target and the outcome', async () => {
    const [a, b, other] = [await person(), await person(), await person()];
    expect((await b.agent.put('/api/me/display-name', { displayName: 'Bee' })).status).toBe(200);
    const groupId = await groupWith(a);
    const groupName = (await a.agent.get('/api/messages/groups')).body.find((g: { _id: string }) => g._id === groupId).name;
    const messageId = await sendDirect(b.agent, a.id, 'nasty');
    const first = (await a.agent.post('/api/reports', { messageId, reason: 'harassment', note: 'again' })).body._id;
    const second = (await a.agent.post('/api/reports', { userId: b.id, reason: 'spam' })).body._id;
    const third = (await a.agent.post('/api/reports', { groupId, reason: 'other' })).body._id;
    await other.agent.post('/api/reports', { userId: b.id, reason: 'spam' });

    const mine = await a.agent.get<MyReport[]>('/api/reports');
    expect(mine.status).toBe(200);
    expect(mine.body.map((r) => r._id)).toEqual([third, second, first]);
    expect(mine.body[2]).toEqual({
      _id: first, reason: 'harassment', note: 'again', status: 'open', outcome: null,
      target: { kind: 'message', id: messageId, label: 'Bee' }, createdAt: expect.any(String), resolvedAt: null,
    });
    expect(mine.body[1]!.target).toEqual({ kind: 'user', id: b.id, label: 'Bee' });
    expect(mine.body[0]!.target).toEqual({ kind: 'group', id: groupId, label: groupName });
    // Nothing the moderators keep leaks to the reporter.
    expect(JSON.stringify(mine.body)).not.toContain('reportedText');

    const resolved = await admin.post(`/api/admin/reports/${second}/resolve`, { action: 'dismiss', note: 'internal words' });
    expect(resolved.status).toBe(200);
    const after = (await a.agent.get<MyReport[]>('/api/reports')).body.find((r) => r._id === second)!;
    expect(after).toMatchObject({ status: 'resolved', outcome: 'dismissed', resolvedAt: expect.any(String) });
    expect(JSON.stringify(after)).not.toContain('internal words');
    expect((await b.agent.get('/api/reports')).body).toEqual([]);
  });
});

describe('the hourly budget', () => {
  it(`takes ${PERSON_BUDGETS.reports} reports an hour from one person, then answers 429 with Retry-After and stores nothing`, async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    for (let i = 0; i < PERSON_BUDGETS.reports; i += 1) {
      expect((await a.agent.post('/api/reports', { userId: b.id, reason: 'spam' })).status).toBe(201);
    }
    const before = await countReports();
    const refused = await a.agent.post('/api/reports', { userId: b.id, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/reports faster than Haven can take them\. Please try again in \d+ minutes?\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    expect(await countReports()).toBe(before);
    // Someone else's budget is their own.
    expect((await c.agent.post('/api/reports', { userId: b.id, reason: 'spam' })).status).toBe(201);
  });
});
