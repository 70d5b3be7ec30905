/**
 * The rest of community safety's server side (docs/community-safety.md): mutes (PUT, DELETE,
 * GET /api/mutes), a group's members and leaving a group, display names (PUT /api/me/display-name) and
 * group guidelines (PUT /api/admin/groups/:id/guidelines).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mutes } from '../../src/server/db/schema';
import type { GroupMemberEntry, Mute } from '../../src/shared/community';
import type { AdminUser, AuthUser, GroupMessage, GroupSummary, PublicUser } from '../../src/shared/api';
import { DEFAULT_GROUP_GUIDELINES } from '../../src/shared/guidelines';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, signUp, signedInAdmin, verifiedProfessional } from './people';
import { closeAllSockets, connected, nextEvent, noEvent, openSocket, readySocket, quiet } from './socket-client';
import { drain, hasText } from './reading';

let server: TestServer;
let pro: Awaited<ReturnType<typeof verifiedProfessional>>;
let admin: Agent;
let adminId: string;
beforeAll(async () => {
  server = await startServer();
  pro = await verifiedProfessional(server);
  admin = await signedInAdmin(server);
  adminId = (await admin.get('/api/auth/check')).body._id as string;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

interface Person { agent: Agent; id: string; email: string; fullName: string }
let n = 0;
const person = async (referralCode = pro.code): Promise<Person> => {
  const fullName = `Full Name ${(n += 1)}`;
  const made = await signUp(server, { role: 'user', referralCode, fullName });
  expect(made.res.status).toBe(201);
  return { agent: made.agent, id: made.user._id, email: made.email, fullName };
};
const ready = (p: { id: string; agent: Agent }, agent = p.agent) => readySocket(server, agent, p.id);
async function otherDevice(p: Person): Promise<Agent> {
  const agent = server.agent();
  expect((await agent.post('/api/auth/login', { email: p.email, password: PASSWORD })).status).toBe(200);
  return agent;
}

const clientId = () => `mutes-members-${(n += 1).toString().padStart(6, '0')}`;

async function newGroup(...members: { agent: Agent }[]): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name: `Circle ${(n += 1)}`, type: 'mental', description: 'members' });
  expect(res.status).toBe(201);
  const id = res.body.group._id as string;
  for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
  return id;
}

async function sendGroup(from: { agent: Agent }, groupId: string, text: string): Promise<GroupMessage> {
  const res = await from.agent.post<GroupMessage>(`/api/messages/send-group/${groupId}`, { text, clientId: clientId() });
  expect(res.status).toBe(201);
  return res.body;
}

async function myMutes(agent: Agent): Promise<Mute[]> {
  const res = await agent.get<Mute[]>('/api/mutes');
  expect(res.status).toBe(200);
  return res.body;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('mutes', () => {
  it('mutes a direct conversation for a while and a group always, lists them, changes and ends them, and tells my other devices', async () => {
    const [a, b] = [await person(), await person()];
    const groupId = await newGroup(a);
    const [here, phone] = [await ready(a), await ready(a, await otherDevice(a))];
    const bSocket = await ready(b);
    const bQuiet = quiet(bSocket, 'safetyChanged', 1000);
    expect(await myMutes(a.agent)).toEqual([]);

    const until = inAnHour();
    const told = [here, phone].map((s) => nextEvent(s, 'safetyChanged'));
    const direct = await a.agent.put<Mute>(`/api/mutes/direct/${b.id}`, { until });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({ kind: 'direct', id: b.id, until: new Date(until).toISOString() });
    expect(await Promise.all(told)).toEqual(['mutes', 'mutes']);
    const always = await a.agent.put<Mute>(`/api/mutes/group/${groupId}`, { until: null });
    expect(always.body).toEqual({ kind: 'group', id: groupId, until: null });
    const listed = await myMutes(a.agent);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([direct.body, always.body]));

    // A time with an offset is the same instant.
    const later = new Date(Date.now() + 8 * 3_600_000);
    const withOffset = `${new Date(later.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
    const changed = await a.agent.put<Mute>(`/api/mutes/direct/${b.id}`, { until: withOffset });
    expect(changed.status).toBe(200);
    expect(Date.parse(changed.body.until!)).toBe(Date.parse(withOffset));
    expect((await myMutes(a.agent)).filter((m) => m.kind === 'direct')).toEqual([changed.body]);

    const untold = [here, phone].map((s) => nextEvent(s, 'safetyChanged'));
    expect((await a.agent.delete(`/api/mutes/direct/${b.id}`)).status).toBe(200);
    expect(await Promise.all(untold)).toEqual(['mutes', 'mutes']);
    expect(await myMutes(a.agent)).toEqual([always.body]);
    // Mutes are one's own: the other person has none and is told nothing.
    expect(await myMutes(b.agent)).toEqual([]);
    await bQuiet;
  });

  it('refuses a past until, a group I am not in, myself, nobody, a bad kind and a bad time, storing nothing', async () => {
    const [a, b] = [await person(), await person()];
    const notMine = await newGroup(b);
    const past = new Date(Date.now() - 60_000).toISOString();
    const pastRes = await a.agent.put(`/api/mutes/direct/${b.id}`, { until: past });
    expect(pastRes.status).toBe(400);
    expect(pastRes.body.code).toBe('VALIDATION_FAILED');
    expect((await a.agent.put(`/api/mutes/group/${notMine}`, { until: null })).status).toBe(403);
    expect((await a.agent.put(`/api/mutes/group/${'d'.repeat(24)}`, { until: null })).status).toBe(404);
    expect((await a.agent.put(`/api/mutes/direct/${a.id}`, { until: null })).status).toBe(400);
    expect((await a.agent.put(`/api/mutes/direct/${'e'.repeat(24)}`, { until: null })).status).toBe(404);
    expect((await a.agent.put(`/api/mutes/channel/${b.id}`, { until: null })).status).toBe(400);
    expect((await a.agent.put(`/api/mutes/direct/${b.id}`, { until: 'tomorrow' })).status).toBe(400);
    expect((await a.agent.put(`/api/mutes/direct/${b.id}`, {})).status).toBe(400);
    expect((await server.agent().put(`/api/mutes/direct/${b.id}`, { until: null })).status).toBe(401);
    expect(await myMutes(a.agent)).toEqual([]);
    expect(await server.database.db.select().from(mutes).where(eq(mutes.userId, a.id))).toEqual([]);
  });

  it('does not list a mute that has ended', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await a.agent.put(`/api/mutes/direct/${b.id}`, { until: inAnHour() })).status).toBe(200);
    const stillOn = await a.agent.put<Mute>(`/api/mutes/direct/${c.id}`, { until: inAnHour() });
    // b's mute ends (its time passes).
    await server.database.db.update(mutes).set({ until: new Date(Date.now() - 1000) })
      .where(and(eq(mutes.userId, a.id), eq(mutes.conversationId, b.id)));
    expect(await myMutes(a.agent)).toEqual([stillOn.body]);
  });
});

describe('GET /api/messages/group/:groupId/members', () => {
  it('lists the members in the order they joined, by the name they show, with a role only for verified professionals and the admin', async () => {
    const [peer, quietFox] = [await person(), await person()];
    expect((await quietFox.agent.put('/api/me/display-name', { displayName: 'Quiet Fox' })).status).toBe(200);
    const rejected = await signUp(server, { role: 'volunteer', fullName: 'Rejected Helper' });
    expect((await admin.post(`/api/admin/reject-user/${rejected.user._id}`, { reason: 'no' })).status).toBe(200);
    const groupId = await newGroup(peer, quietFox, pro, { agent: admin }, rejected);

    const res = await peer.agent.get<GroupMemberEntry[]>(`/api/messages/group/${groupId}/members`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m._id, m.fullName, m.role])).toEqual([
      [peer.id, peer.fullName, null],
      [quietFox.id, 'Quiet Fox', null],
      [pro.user._id, pro.user.fullName, 'therapist'],
      [adminId, expect.any(String), 'admin'],
      [rejected.user._id, 'Rejected Helper', null],
    ]);
    for (const m of res.body) expect(typeof m.profilePic).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain(quietFox.fullName);
  });

  it('answers members only: 403 to someone not in the group, 404 for no group, 401 signed out', async () => {
    const [member, outsider] = [await person(), await person()];
    const groupId = await newGroup(member);
    const refused = await outsider.agent.get(`/api/messages/group/${groupId}/members`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(member.id);
    expect((await outsider.agent.get(`/api/messages/group/${'f'.repeat(24)}/members`)).status).toBe(404);
    expect((await server.agent().get(`/api/messages/group/${groupId}/members`)).status).toBe(401);
    expect((await member.agent.get(`/api/messages/group/${groupId}/members`)).status).toBe(200);
  });
});

describe('POST /api/messages/leave-group/:groupId', () => {
  it('stops the group reaching every device of the leaver at once; the thread answers 403; catch-up brings nothing new of it', async () => {
    const [leaver, stayer] = [await person(), await person()];
    const groupId = await newGroup(leaver, stayer);
    const other = await newGroup(leaver, stayer);
    const phone = await otherDevice(leaver);
    const [laptop, mobile, stays] = [await ready(leaver), await ready(leaver, phone), await ready(stayer)];
    const before = [laptop, mobile].map((s) => nextEvent(s, 'newGroupMessage', 5000, hasText('while a member')));
    await sendGroup(stayer, groupId, 'while a member');
    await Promise.all(before);
    const { cursor } = await drain(leaver.agent);

    const told = [laptop, mobile].map((s) => nextEvent(s, 'safetyChanged'));
    const res = await leaver.agent.post(`/api/messages/leave-group/${groupId}`);
    expect(res.status).toBe(200);
    expect(await Promise.all(told)).toEqual(['groups', 'groups']);

    const silent = [laptop, mobile].map((s) => quiet(s, 'newGroupMessage', 800, (m) => m.groupId === groupId));
    const stayerGets = nextEvent(stays, 'newGroupMessage', 5000, hasText('after the leave'));
    const after = await sendGroup(stayer, groupId, 'after the leave');
    await stayerGets;
    // The other group still reaches them: the leave took one room, not the socket.
    const stillOther = nextEvent(mobile, 'newGroupMessage', 5000, hasText('in the other group'));
    const elsewhere = await sendGroup(stayer, other, 'in the other group');
    await stillOther;
    await Promise.all(silent);

    const thread = await leaver.agent.get(`/api/messages/group/${groupId}`);
    expect(thread.status).toBe(403);
    expect((await leaver.agent.post(`/api/messages/send-group/${groupId}`, { text: 'still here?', clientId: clientId() })).status).toBe(403);
    expect((await leaver.agent.get(`/api/messages/group/${groupId}/members`)).status).toBe(403);
    const caughtUp = await drain(leaver.agent, cursor);
    expect(caughtUp.group.map((m) => m._id)).toEqual([elsewhere._id]);
    expect(caughtUp.group.map((m) => m._id)).not.toContain(after._id);
    const members = (await stayer.agent.get<GroupMemberEntry[]>(`/api/messages/group/${groupId}/members`)).body;
    expect(members.map((m) => m._id)).toEqual([stayer.id]);
    const summary = (await leaver.agent.get<GroupSummary[]>('/api/messages/groups')).body.find((g) => g._id === groupId);
    expect(summary).toMatchObject({ isMember: false, memberCount: 1 });

    // Leaving again answers the same; joining again brings the group back.
    expect((await leaver.agent.post(`/api/messages/leave-group/${groupId}`)).status).toBe(200);
    expect((await leaver.agent.post(`/api/messages/leave-group/${'a'.repeat(24)}`)).status).toBe(404);
    expect((await leaver.agent.post(`/api/messages/join-group/${groupId}`)).status).toBe(200);
    const back = nextEvent(laptop, 'newGroupMessage', 5000, hasText('welcome back'));
    await sendGroup(stayer, groupId, 'welcome back');
    await back;
  });

  it('stops the group reaching a socket that was still connecting while its person left', async () => {
    // The socket reads its memberships when it is let in and joins their rooms once connected; a
    // leave between the two must not leave it in the group's room.
    let reached = 0;
    for (let round = 0; round < 4; round += 1) {
      const [leaver, stayer] = [await person(), await person()];
      const groupId = await newGroup(leaver, stayer);
      const sockets = Array.from({ length: 10 }, () => openSocket(server, leaver.agent));
      await new Promise((r) => setTimeout(r, round * 3));
      expect((await leaver.agent.post(`/api/messages/leave-group/${groupId}`)).status).toBe(200);
      await Promise.all(sockets.map((s) => connected(s)));
      await new Promise((r) => setTimeout(r, 300));
      const got = sockets.map((s) => noEvent(s, 'newGroupMessage', 500).then(() => false, () => true));
      await sendGroup(stayer, groupId, 'after the leave');
      reached += (await Promise.all(got)).filter(Boolean).length;
      closeAllSockets();
    }
    expect(reached).toBe(0);
  }, 60_000);
});

describe('PUT /api/me/display-name', () => {
  it('shows peers the display name (people, group senders, members) and the referring professional and the admin the full name', async () => {
    const [me, peer] = [await person(), await person()];
    const groupId = await newGroup(me, peer);
    const set = await me.agent.put<AuthUser>('/api/me/display-name', { displayName: '  Quiet Fox  ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ _id: me.id, fullName: me.fullName, displayName: 'Quiet Fox' });
    expect((await me.agent.get<AuthUser>('/api/auth/check')).body).toMatchObject({ fullName: me.fullName, displayName: 'Quiet Fox' });

    const seenBy = async (agent: Agent) => (await agent.get<PublicUser[]>('/api/messages/users')).body.find((u) => u._id === me.id);
    expect((await seenBy(peer.agent))?.fullName).toBe('Quiet Fox');
    expect(JSON.stringify((await peer.agent.get('/api/messages/users')).body)).not.toContain(me.fullName);
    expect((await seenBy(pro.agent))?.fullName).toBe(me.fullName);
    const adminView = (await admin.get<AdminUser[]>('/api/admin/all-users')).body.find((u) => u._id === me.id);
    expect(adminView).toMatchObject({ fullName: me.fullName, displayName: 'Quiet Fox' });

    const socket = await ready(peer);
    const live = nextEvent(socket, 'newGroupMessage', 5000, hasText('hello circle'));
    const post = await sendGroup(me, groupId, 'hello circle');
    expect(post.sender.fullName).toBe('Quiet Fox');
    expect((await live).sender.fullName).toBe('Quiet Fox');
    const groupThread = (await peer.agent.get<GroupMessage[]>(`/api/messages/group/${groupId}`)).body;
    expect(groupThread.find((m) => m._id === post._id)?.sender.fullName).toBe('Quiet Fox');
    expect((await drain(peer.agent)).group.find((m) => m._id === post._id)?.sender.fullName).toBe('Quiet Fox');
    const members = (await peer.agent.get<GroupMemberEntry[]>(`/api/messages/group/${groupId}/members`)).body;
    expect(members.find((m) => m._id === me.id)?.fullName).toBe('Quiet Fox');
    expect(JSON.stringify([groupThread, members])).not.toContain(me.fullName);
    const newcomer = await person();
    const joined = await newcomer.agent.post(`/api/messages/join-group/${groupId}`);
    expect(joined.body.members.find((m: { _id: string }) => m._id === me.id)?.fullName).toBe('Quiet Fox');

    // Empty (or only spaces) shows the full name again, everywhere, older messages included.
    const reset = await me.agent.put<AuthUser>('/api/me/display-name', { displayName: '   ' });
    expect(reset.status).toBe(200);
    expect(reset.body.displayName).toBeNull();
    expect((await seenBy(peer.agent))?.fullName).toBe(me.fullName);
    expect((await peer.agent.get<GroupMessage[]>(`/api/messages/group/${groupId}`)).body.find((m) => m._id === post._id)?.sender.fullName).toBe(me.fullName);
    expect((await me.agent.put<AuthUser>('/api/me/display-name', { displayName: '' })).body.displayName).toBeNull();
  });

  it('takes 40 characters and refuses 41 (400), keeping the name it had', async () => {
    const me = await person();
    expect((await me.agent.put('/api/me/display-name', { displayName: 'Before' })).status).toBe(200);
    const long = await me.agent.put('/api/me/display-name', { displayName: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
    expect((await me.agent.get<AuthUser>('/api/auth/check')).body.displayName).toBe('Before');
    expect((await me.agent.put('/api/me/display-name', {})).status).toBe(400);
    expect((await me.agent.put('/api/me/display-name', { displayName: 7 })).status).toBe(400);
    expect((await server.agent().put('/api/me/display-name', { displayName: 'Nobody' })).status).toBe(401);
    const forty = await me.agent.put<AuthUser>('/api/me/display-name', { displayName: 'y'.repeat(40) });
    expect(forty.status).toBe(200);
    expect(forty.body.displayName).toBe('y'.repeat(40));
  });
});

describe('PUT /api/admin/groups/:id/guidelines', () => {
  it('gives the group its own text for everyone to read, empty goes back to Haven\'s default; admin only', async () => {
    const [member, visitor] = [await person(), await person()];
    const groupId = await newGroup(member);
    const guidelinesOf = async (agent: Agent) => (await agent.get<GroupSummary[]>('/api/messages/groups')).body.find((g) => g._id === groupId)?.guidelines;
    expect(await guidelinesOf(visitor.agent)).toBe(DEFAULT_GROUP_GUIDELINES);

    const own = 'Be gentle.\nNo advice unless asked.';
    const set = await admin.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: `  ${own}  ` });
    expect(set.status).toBe(200);
    expect(await guidelinesOf(visitor.agent)).toBe(own);
    expect(await guidelinesOf(member.agent)).toBe(own);
    const joined = await visitor.agent.post(`/api/messages/join-group/${groupId}`);
    expect(joined.body.guidelines).toBe(own);

    const refused = await member.agent.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: 'Anything goes' });
    expect(refused.status).toBe(403);
    expect((await pro.agent.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: 'Anything goes' })).status).toBe(403);
    expect((await server.agent().put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: 'Anything goes' })).status).toBe(401);
    expect((await admin.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: 'z'.repeat(4001) })).status).toBe(400);
    expect((await admin.put(`/api/admin/groups/${'a'.repeat(24)}/guidelines`, { guidelines: 'x' })).status).toBe(404);
    expect(await guidelinesOf(member.agent)).toBe(own);

    expect((await admin.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: '' })).status).toBe(200);
    expect(await guidelinesOf(member.agent)).toBe(DEFAULT_GROUP_GUIDELINES);
    expect((await admin.put(`/api/admin/groups/${groupId}/guidelines`, { guidelines: '  \n ' })).status).toBe(200);
    expect(await guidelinesOf(member.agent)).toBe(DEFAULT_GROUP_GUIDELINES);
  });
});
