/**
 * The moderators' side of reports (docs/community-safety.md): the queue with each message's
 * context, resolving (dismiss, remove the message, suspend), suspension holding everywhere
 * (sessions, sockets, sign-in), and the moderation log. Also run on PostgreSQL, where two admins
 * truly race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, GroupMessage, SyncPage } from '../../src/shared/api';
import type { AdminReport, ModerationEntry } from '../../src/shared/community';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/shared/errors';
import { moderationActions, reports, users } from '../../src/server/db/schema';
import type { Agent } from './agent';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional, type Person } from './people';
import { closeAllSockets, readySocket, refusal, openSocket, serverDisconnect } from './socket-client';

let server: TestServer;
let code: string;
let admin: Agent;
let adminId: string;
let adminName: string;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
  ({ _id: adminId, fullName: adminName } = (await admin.get('/api/auth/check')).body);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `moderation-test-${(n += 1).toString().padStart(6, '0')}`;
const person = (): Promise<Person> => referredUser(server, code);
const db = () => server.database.db;

async function sendDirect(from: Agent, to: string, text: string): Promise<string> {
  const res = await from.post(`/api/messages/send/${to}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function report(agent: Agent, body: Record<string, unknown>): Promise<string> {
  const res = await agent.post('/api/reports', { reason: 'harassment', ...body });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

const queue = async (status = 'open') => (await admin.get<AdminReport[]>(`/api/admin/reports?status=${status}`)).body;
const inQueue = async (id: string, status = 'all') => (await queue(status)).find((r) => r._id === id);
const resolve = (id: string, action: string, note?: string, as: Agent = admin) =>
  as.post(`/api/admin/reports/${id}/resolve`, note === undefined ? { action } : { action, note });
const auditOf = async (reportId: string) => db().select().from(moderationActions).where(eq(moderationActions.reportId, reportId));
const log = async () => (await admin.get<ModerationEntry[]>('/api/admin/moderation-log')).body;

/** A second admin account: signup never makes one, so the test promotes a professional in the database. */
async function secondAdmin(): Promise<{ agent: Agent; id: string }> {
  const pro = await verifiedProfessional(server);
  await db().update(users).set({ role: 'admin', fullName: 'Second Admin' }).where(eq(users.id, pro.user._id));
  return { agent: pro.agent, id: pro.user._id };
}

describe('the report queue', () => {
  it('answers open reports with reporter, subject, the words as reported and three messages each side, from the database', async () => {
    const [a, b] = [await person(), await person()];
    const ids: string[] = [];
    for (let i = 1; i <= 9; i += 1) ids.push(await sendDirect(i % 2 ? b.agent : a.agent, i % 2 ? a.id : b.id, `line ${i}`));
    const reported = ids[4]!; // 'line 5', from b
    // Taken back by its author before anyone looks: shown as deleted, without words.
    expect((await b.agent.delete(`/api/messages/${ids[2]}`)).status).toBe(200);
    const id = await report(a.agent, { messageId: reported, note: 'see above' });

    const entry = await inQueue(id, 'open');
    expect(entry).toMatchObject({
      _id: id, reason: 'harassment', note: 'see above', status: 'open', outcome: null,
      target: { kind: 'message', id: reported, label: b.user.fullName },
      reporter: { _id: a.id, fullName: a.user.fullName },
      subject: { _id: b.id, fullName: b.user.fullName, suspended: false },
      reportedText: 'line 5', resolvedBy: null, resolutionNote: '', resolvedAt: null,
    });
    expect(entry!.context.map((l) => [l.text, l.reported, l.deleted])).toEqual([
      ['line 2', false, false], ['', false, true], ['line 4', false, false],
      ['line 5', true, false],
      ['line 6', false, false], ['line 7', false, false], ['line 8', false, false],
    ]);
    expect(entry!.context[3]).toEqual({ _id: reported, senderName: b.user.fullName, text: 'line 5', createdAt: expect.any(String), reported: true, deleted: false });
    expect(entry!.context[2]!.senderName).toBe(a.user.fullName);
  });

  it('takes a group message\'s context from its group only', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const made = await admin.post('/api/admin/create-group', { name: `Queue circle ${clientId()}`, type: 'mental', description: 'talk' });
    const groupId = made.body.group._id as string;
    for (const p of [a, b]) await p.agent.post(`/api/messages/join-group/${groupId}`);
    await sendDirect(c.agent, a.id, 'elsewhere');
    const first = await a.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text: 'hi all', clientId: clientId() });
    const bad = await b.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text: 'the bad one', clientId: clientId() });
    const id = await report(a.agent, { messageId: bad.body._id });
    const entry = await inQueue(id);
    expect(entry!.context.map((l) => l.text)).toEqual(['hi all', 'the bad one']);
    expect(entry!.context[0]!._id).toBe(first.body._id);
    expect(entry).toMatchObject({ target: { kind: 'message' }, subject: { _id: b.id } });
  });

  it('filters by status (open by default), newest first, and is for admins only', async () => {
    const [a, b] = [await person(), await person()];
    const older = await report(a.agent, { userId: b.id });
    const newer = await report(a.agent, { userId: b.id, reason: 'spam' });
    const open = (await admin.get<AdminReport[]>('/api/admin/reports')).body.map((r) => r._id);
    expect(open.indexOf(newer)).toBeLessThan(open.indexOf(older));
    expect(open).toContain(older);
    expect((await resolve(older, 'dismiss')).status).toBe(200);
    expect((await queue('open')).map((r) => r._id)).not.toContain(older);
    expect((await queue('resolved')).map((r) => r._id)).toContain(older);
    expect((await queue('resolved')).map((r) => r._id)).not.toContain(newer);
    expect((await queue('all')).map((r) => r._id)).toEqual(expect.arrayContaining([older, newer]));
    expect((await admin.get('/api/admin/reports?status=closed')).status).toBe(400);
    for (const agent of [a.agent, server.agent()]) {
      expect((await agent.get('/api/admin/reports')).status).toBe(agent === a.agent ? 403 : 401);
      expect((await agent.post(`/api/admin/reports/${newer}/resolve`, { action: 'dismiss' })).status).toBe(agent === a.agent ? 403 : 401);
      expect((await agent.get('/api/admin/moderation-log')).status).toBe(agent === a.agent ? 403 : 401);
      expect((await agent.post(`/api/admin/users/${b.id}/suspend`, {})).status).toBe(agent === a.agent ? 403 : 401);
    }
    expect((await inQueue(newer))!.status).toBe('open');
  });
});

describe('resolving a report', () => {
  it('dismisses: outcome dismissed, the reported words erased, one audit row, and a second try is 409', async () => {
    const [a, b] = [await person(), await person()];
    const messageId = await sendDirect(b.agent, a.id, 'borderline');
    const id = await report(a.agent, { messageId });
    const res = await resolve(id, 'dismiss', ' not a breach ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id, status: 'resolved', outcome: 'dismissed', reportedText: null, context: [],
      resolvedBy: adminName, resolutionNote: 'not a breach', resolvedAt: expect.any(String),
    });
    const [stored] = await db().select().from(reports).where(eq(reports.id, id));
    expect(stored).toMatchObject({ status: 'resolved', outcome: 'dismissed', reportedText: null, resolvedBy: adminId });
    // The message stays.
    const thread = (await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body;
    expect(thread.find((m) => m._id === messageId)).toMatchObject({ text: 'borderline' });

    const again = await resolve(id, 'remove-message');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await auditOf(id)).toEqual([expect.objectContaining({
      actorId: adminId, actorName: adminName, action: 'dismiss', subjectUserId: b.id, messageId, reportId: id, note: 'not a breach',
    })]);
    // Still there, still a tombstone-free message: the 409 did nothing.
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.find((m) => m._id === messageId)!.text).toBe('borderline');
  });

  it('removes a direct message: the thread and catch-up show the tombstone, and every open report of it is resolved', async () => {
    const [a, b] = [await person(), await person()];
    const before = await sendDirect(a.agent, b.id, 'before');
    const messageId = await sendDirect(b.agent, a.id, 'awful words');
    const id = await report(a.agent, { messageId, reason: 'self-harm' });
    const sibling = await report(a.agent, { messageId, reason: 'harassment' });
    const unrelated = await report(a.agent, { userId: b.id });

    const res = await resolve(id, 'remove-message', 'method detail');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', outcome: 'message-removed', reportedText: null });

    const tombstone = { _id: messageId, deletedAt: expect.any(String), deletedBy: 'moderator', text: '' };
    for (const [agent, other] of [[a.agent, b.id], [b.agent, a.id]] as const) {
      const thread = (await agent.get<DirectMessage[]>(`/api/messages/${other}`)).body;
      expect(thread.find((m) => m._id === messageId)).toMatchObject(tombstone);
      expect(thread.find((m) => m._id === before)!.text).toBe('before');
      const sync = (await agent.get<SyncPage>('/api/messages/sync?since=0')).body;
      expect(sync.direct.find((m) => m._id === messageId)).toMatchObject(tombstone);
      expect(JSON.stringify(sync)).not.toContain('awful words');
    }

    const siblingNow = await inQueue(sibling);
    expect(siblingNow).toMatchObject({ status: 'resolved', outcome: 'message-removed', reportedText: null, resolvedBy: adminName });
    expect((await inQueue(unrelated))!.status).toBe('open');
    expect(JSON.stringify(await queue('all'))).not.toContain('awful words');
    // One action, one row.
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'remove-message', messageId, subjectUserId: b.id, note: 'method detail' })]);
    expect(await auditOf(sibling)).toEqual([]);
    expect((await resolve(sibling, 'remove-message')).status).toBe(409);
  });

  it('removes a group message for every member, in the group thread and in catch-up', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const made = await admin.post('/api/admin/create-group', { name: `Removal circle ${clientId()}`, type: 'mental', description: 'talk' });
    const groupId = made.body.group._id as string;
    for (const p of [a, b, c]) await p.agent.post(`/api/messages/join-group/${groupId}`);
    const sent = await b.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text: 'group abuse', clientId: clientId() });
    const id = await report(a.agent, { messageId: sent.body._id });
    expect((await resolve(id, 'remove-message')).status).toBe(200);
    const tombstone = { _id: sent.body._id, deletedAt: expect.any(String), deletedBy: 'moderator', text: '' };
    for (const p of [a, b, c]) {
      expect((await p.agent.get<GroupMessage[]>(`/api/messages/group/${groupId}`)).body.find((m) => m._id === sent.body._id)).toMatchObject(tombstone);
      expect((await p.agent.get<SyncPage>('/api/messages/sync?since=0')).body.group.find((m) => m._id === sent.body._id)).toMatchObject(tombstone);
    }
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'remove-message', groupId, messageId: sent.body._id, subjectUserId: b.id });
  });

  it('refuses remove-message for a report of no message (400), and suspend for a group report (400), leaving them open', async () => {
    const [a, b] = [await person(), await person()];
    const ofPerson = await report(a.agent, { userId: b.id });
    const removed = await resolve(ofPerson, 'remove-message');
    expect(removed.status).toBe(400);
    expect(removed.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This report is not about a message' });
    const made = await admin.post('/api/admin/create-group', { name: `Reported circle ${clientId()}`, type: 'mental', description: 'talk' });
    const ofGroup = await report(a.agent, { groupId: made.body.group._id });
    expect((await resolve(ofGroup, 'suspend')).status).toBe(400);
    expect((await inQueue(ofPerson))!.status).toBe('open');
    expect((await inQueue(ofGroup))!.status).toBe('open');
    expect([...await auditOf(ofPerson), ...await auditOf(ofGroup)]).toEqual([]);
  });

  it('answers 404 for an unknown report, 400 for an unknown action or a 5,000-character note, storing nothing', async () => {
    const [a, b] = [await person(), await person()];
    const id = await report(a.agent, { userId: b.id });
    const unknown = await resolve(UNKNOWN_ID, 'dismiss');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Report not found');
    const bad = await resolve(id, 'ban');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Action must be dismiss, remove-message or suspend');
    const long = await resolve(id, 'dismiss', 'x'.repeat(5000));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Please keep the note under 1000 characters');
    const longSuspend = await admin.post(`/api/admin/users/${b.id}/suspend`, { note: 'x'.repeat(5000) });
    expect(longSuspend.status).toBe(400);
    expect((await inQueue(id))!.status).toBe('open');
    expect(await auditOf(id)).toEqual([]);
    const [row] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, b.id));
    expect(row!.suspendedAt).toBeNull();
  });

  it('suspends the subject through a report: their next call is 401 and sign-in answers 403 SUSPENDED', async () => {
    const [a, b] = [await person(), await person()];
    const messageId = await sendDirect(b.agent, a.id, 'threat');
    const id = await report(a.agent, { messageId });
    const res = await resolve(id, 'suspend', 'threats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'suspended', subject: { _id: b.id, suspended: true } });
    expect((await b.agent.get('/api/auth/check')).status).toBe(401);
    const login = await server.agent().post('/api/auth/login', { email: b.email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ code: 'SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'suspend', subjectUserId: b.id, messageId, note: 'threats' })]);
    // The message itself stays: suspending is not removing.
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.find((m) => m._id === messageId)!.text).toBe('threat');
  });

  it('refuses to suspend an admin through a report of them (400), leaving the report open', async () => {
    const a = await person();
    const id = await report(a.agent, { userId: adminId });
    const res = await resolve(id, 'suspend');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Admins cannot be suspended');
    expect((await inQueue(id))!.status).toBe('open');
    expect((await resolve(id, 'dismiss')).status).toBe(200);
  });
});

describe('two admins at once', () => {
  it('resolve one report exactly once: the other gets 409, and the log holds one row', async () => {
    const other = await secondAdmin();
    for (const [first, second] of [['dismiss', 'dismiss'], ['remove-message', 'suspend'], ['suspend', 'remove-message']] as const) {
      const [a, b] = [await person(), await person()];
      const messageId = await sendDirect(b.agent, a.id, `race ${first}`);
      const id = await report(a.agent, { messageId });
      const results = await Promise.all([resolve(id, first, 'one'), resolve(id, second, 'two', other.agent)]);
      expect(results.map((r) => r.status).toSorted()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body;
      const rows = await auditOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.action).toBe(winner.outcome === 'dismissed' ? 'dismiss' : winner.outcome === 'suspended' ? 'suspend' : 'remove-message');
      // Only the winner's action happened.
      const [subject] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, b.id));
      expect(subject!.suspendedAt !== null).toBe(winner.outcome === 'suspended');
      const thread = (await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body;
      expect(thread.find((m) => m._id === messageId)!.deletedBy === 'moderator').toBe(winner.outcome === 'message-removed');
    }
  });

  it('remove one message through two of its reports at once without a deadlock', async () => {
    const other = await secondAdmin();
    const [a, b, c] = [await person(), await person(), await person()];
    const made = await admin.post('/api/admin/create-group', { name: `Race circle ${clientId()}`, type: 'mental', description: 'talk' });
    const groupId = made.body.group._id as string;
    for (const p of [a, b, c]) await p.agent.post(`/api/messages/join-group/${groupId}`);
    const sent = await b.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text: 'twice reported', clientId: clientId() });
    const first = await report(a.agent, { messageId: sent.body._id });
    const second = await report(c.agent, { messageId: sent.body._id });
    const results = await Promise.all([resolve(first, 'remove-message'), resolve(second, 'remove-message', undefined, other.agent)]);
    expect(results.map((r) => r.status).toSorted()).toEqual([200, 409]);
    expect((await inQueue(first))!.outcome).toBe('message-removed');
    expect((await inQueue(second))!.outcome).toBe('message-removed');
    expect([...await auditOf(first), ...await auditOf(second)]).toHaveLength(1);
  });
});

describe('suspending and lifting a suspension', () => {
  it('ends every session and socket at once, refuses sign-in after the password only, and unsuspend lets them in again', async () => {
    const b = await person();
    const phone = server.agent();
    expect((await phone.post('/api/auth/login', { email: b.email, password: PASSWORD })).status).toBe(200);
    const socket = await readySocket(server, b.agent, b.id);
    const closed = serverDisconnect(socket);

    const res = await admin.post(`/api/admin/users/${b.id}/suspend`, { note: 'cooling off' });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await closed).toBe('io server disconnect');
    for (const agent of [b.agent, phone]) expect((await agent.get('/api/messages/users')).status).toBe(401);
    expect(await refusal(openSocket(server, b.agent))).toBe('UNAUTHENTICATED');

    // A wrong password says nothing of the suspension.
    const wrong = await server.agent().post('/api/auth/login', { email: b.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const right = server.agent();
    const refused = await right.post('/api/auth/login', { email: b.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
    expect(right.cookies.has('haven_session')).toBe(false);

    // Idempotent: a second suspension answers the same and logs nothing more.
    expect((await admin.post(`/api/admin/users/${b.id}/suspend`, {})).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${b.id}/unsuspend`, { note: 'talked it through' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${b.id}/unsuspend`, {})).status).toBe(200);
    const back = server.agent();
    expect((await back.post('/api/auth/login', { email: b.email, password: PASSWORD })).status).toBe(200);
    expect((await back.get('/api/auth/check')).status).toBe(200);
    // The old sessions stay ended.
    expect((await phone.get('/api/auth/check')).status).toBe(401);

    const mine = (await log()).filter((e) => e.subjectUserId === b.id);
    expect(mine.map((e) => [e.action, e.note])).toEqual([['unsuspend', 'talked it through'], ['suspend', 'cooling off']]);
    expect(mine[0]).toEqual({
      _id: expect.any(String), actor: { _id: adminId, fullName: adminName }, action: 'unsuspend', subjectUserId: b.id,
      messageId: null, reportId: null, groupId: null, note: 'talked it through', createdAt: expect.any(String),
    });
  });

  it('shows the suspension in the queue, and a suspended professional cannot sign in either', async () => {
    const a = await person();
    const pro = await verifiedProfessional(server);
    const id = await report(a.agent, { userId: pro.user._id });
    expect((await admin.post(`/api/admin/users/${pro.user._id}/suspend`, {})).status).toBe(200);
    expect((await inQueue(id))!.subject).toEqual({ _id: pro.user._id, fullName: pro.user.fullName, suspended: true });
    expect((await server.agent().post('/api/auth/login', { email: pro.email, password: PASSWORD })).body.code).toBe('SUSPENDED');
    expect((await pro.agent.get('/api/auth/check')).status).toBe(401);
  });

  it('answers 404 for an unknown person and 400 for an admin, either way', async () => {
    const other = await secondAdmin();
    for (const path of ['suspend', 'unsuspend']) {
      const unknown = await admin.post(`/api/admin/users/${UNKNOWN_ID}/${path}`, {});
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('User not found');
      for (const id of [adminId, other.id]) {
        const res = await admin.post(`/api/admin/users/${id}/${path}`, {});
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Admins cannot be suspended' });
      }
    }
    expect((await admin.get('/api/auth/check')).status).toBe(200);
    expect((await server.agent().post('/api/auth/login', ADMIN)).status).toBe(200);
  });

  it('a pending professional can be suspended too', async () => {
    const pending = await signUp(server, { role: 'ngo' });
    expect((await admin.post(`/api/admin/users/${pending.user._id}/suspend`, {})).status).toBe(200);
    expect((await pending.agent.get('/api/auth/check')).status).toBe(401);
  });
});

describe('GET /api/admin/moderation-log', () => {
  it('answers every action newest first, with the actor\'s name at the time', async () => {
    const [a, b] = [await person(), await person()];
    const messageId = await sendDirect(b.agent, a.id, 'logged');
    const id = await report(a.agent, { messageId });
    await resolve(id, 'remove-message', 'gone');
    await admin.post(`/api/admin/users/${b.id}/suspend`, { note: 'and out' });
    const entries = await log();
    expect(entries.length).toBeLessThanOrEqual(200);
    const times = entries.map((e) => e.createdAt);
    expect(times).toEqual(times.toSorted().toReversed());
    expect(entries.slice(0, 2).map((e) => [e.action, e.reportId, e.messageId, e.note])).toEqual([
      ['suspend', null, null, 'and out'],
      ['remove-message', id, messageId, 'gone'],
    ]);
  });
});
