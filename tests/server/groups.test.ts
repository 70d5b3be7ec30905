import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGroup, GroupMessage, GroupSummary, JoinedGroup } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, type Person, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
let admin: Agent;
beforeAll(async () => {
  server = await startServer();
  code = (await verifiedProfessional(server)).code;
  admin = await signedInAdmin(server);
});
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
let n = 0;
const clientId = () => `group-test-${(n += 1).toString().padStart(6, '0')}`;

const person = (): Promise<Person> => referredUser(server, code);

async function createGroup(name = `Circle ${(n += 1)}`): Promise<string> {
  const res = await admin.post('/api/admin/create-group', { name, type: 'mental', description: 'A place to talk' });
  expect(res.status).toBe(201);
  return res.body.group._id as string;
}

const groupAs = async (agent: Agent, id: string) =>
  (await agent.get<GroupSummary[]>('/api/messages/groups')).body.find((g) => g._id === id);

describe('GET /api/messages/groups', () => {
  it('answers every group with memberCount and isMember, and member ids only to members', async () => {
    const [a, b] = [await person(), await person()];
    const id = await createGroup('Evening calm');
    expect(await groupAs(a.agent, id)).toMatchObject({ name: 'Evening calm', type: 'mental', memberCount: 0, isMember: false, members: [] });
    expect((await a.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);

    const mine = await groupAs(a.agent, id);
    expect(mine).toMatchObject({ memberCount: 1, isMember: true, members: [a.id], description: 'A place to talk' });
    const theirs = await groupAs(b.agent, id);
    expect(theirs).toMatchObject({ memberCount: 1, isMember: false, members: [] });
  });
});

describe('POST /api/messages/join-group/:id', () => {
  it('is idempotent and answers the updated group, its members as people in the order they joined', async () => {
    const [a, b] = [await person(), await person()];
    const id = await createGroup();
    await b.agent.post(`/api/messages/join-group/${id}`);
    const first = await a.agent.post<JoinedGroup>(`/api/messages/join-group/${id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: id, isMember: true, memberCount: 2, name: expect.any(String), type: 'mental' });
    const asMember = (p: Person) => ({ _id: p.id, fullName: p.user.fullName, profilePic: p.user.profilePic });
    // Exactly these keys: a fellow member sees no email, role or referral details.
    expect(first.body.members).toEqual([asMember(b), asMember(a)]);
    const again = await a.agent.post<JoinedGroup>(`/api/messages/join-group/${id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('shows the members to the joiner only: a non-member still sees the count alone', async () => {
    const [a, outsider] = [await person(), await person()];
    const id = await createGroup();
    await a.agent.post(`/api/messages/join-group/${id}`);
    expect(await groupAs(outsider.agent, id)).toMatchObject({ memberCount: 1, isMember: false, members: [] });
    const joined = await outsider.agent.post<JoinedGroup>(`/api/messages/join-group/${id}`);
    expect(joined.body.members.map((m) => m._id)).toEqual([a.id, outsider.id]);
    // The listing keeps its shape (ids) for members.
    expect(await groupAs(outsider.agent, id)).toMatchObject({ memberCount: 2, isMember: true, members: [a.id, outsider.id] });
  });

  it('answers 404 for an unknown group', async () => {
    const a = await person();
    const res = await a.agent.post(`/api/messages/join-group/${UNKNOWN_ID}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Invalid group selected');
  });
});

describe('group threads', () => {
  it('lets members post and read, oldest first with paging, each message carrying its sender', async () => {
    const [a, b] = [await person(), await person()];
    const id = await createGroup();
    await a.agent.post(`/api/messages/join-group/${id}`);
    await b.agent.post(`/api/messages/join-group/${id}`);
    const me = (await a.agent.get('/api/auth/check')).body;
    const sent = await a.agent.post<GroupMessage>(`/api/messages/send-group/${id}`, { text: '  first  ', clientId: clientId() });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ groupId: id, senderId: a.id, text: 'first' });
    expect(sent.body.sender).toEqual({ _id: a.id, fullName: me.fullName, profilePic: me.profilePic });
    for (const text of ['second', 'third']) {
      expect((await b.agent.post(`/api/messages/send-group/${id}`, { text, clientId: clientId() })).status).toBe(201);
    }
    const all = await b.agent.get<GroupMessage[]>(`/api/messages/group/${id}`);
    expect(all.status).toBe(200);
    expect(all.body.map((m) => m.text)).toEqual(['first', 'second', 'third']);
    expect(all.body[0]).toEqual(sent.body);
    expect(all.body[1]!.sender._id).toBe(b.id);
    const newest = (await a.agent.get<GroupMessage[]>(`/api/messages/group/${id}?limit=2`)).body;
    expect(newest.map((m) => m.text)).toEqual(['second', 'third']);
    const older = (await a.agent.get<GroupMessage[]>(`/api/messages/group/${id}?before=${newest[0]!.seq}&limit=2`)).body;
    expect(older.map((m) => m.text)).toEqual(['first']);
  });

  it('refuses non-members (403), unknown groups (404) and blank text (400)', async () => {
    const [member, outsider] = [await person(), await person()];
    const id = await createGroup();
    await member.agent.post(`/api/messages/join-group/${id}`);
    await member.agent.post(`/api/messages/send-group/${id}`, { text: 'members only', clientId: clientId() });

    const read = await outsider.agent.get(`/api/messages/group/${id}`);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('members only');
    expect((await outsider.agent.post(`/api/messages/send-group/${id}`, { text: 'let me in' })).status).toBe(403);
    for (const res of [
      await member.agent.get(`/api/messages/group/${UNKNOWN_ID}`),
      await member.agent.post(`/api/messages/send-group/${UNKNOWN_ID}`, { text: 'hello' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Invalid group selected');
    }
    for (const body of [{ text: '   ' }, { text: '' }, {}]) {
      expect((await member.agent.post(`/api/messages/send-group/${id}`, body)).status).toBe(400);
    }
    expect((await member.agent.get<GroupMessage[]>(`/api/messages/group/${id}`)).body.map((m) => m.text)).toEqual(['members only']);
  });

  it('stores a repeated clientId once and answers the stored message with 200', async () => {
    const a = await person();
    const id = await createGroup();
    await a.agent.post(`/api/messages/join-group/${id}`);
    const body = { text: 'just once', clientId: clientId() };
    const one = await a.agent.post(`/api/messages/send-group/${id}`, body);
    const two = await a.agent.post(`/api/messages/send-group/${id}`, body);
    expect([one.status, two.status]).toEqual([201, 200]);
    expect(two.body).toEqual(one.body);
    expect((await a.agent.get<GroupMessage[]>(`/api/messages/group/${id}`)).body).toHaveLength(1);
  });
});

describe('admin group management', () => {
  it('creates a group (201) and lists groups with their members as people', async () => {
    const a = await person();
    const res = await admin.post('/api/admin/create-group', { name: 'Study buddies', type: 'academic', description: 'Exams' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Study buddies group created successfully');
    expect(res.body.group).toMatchObject({ name: 'Study buddies', type: 'academic', description: 'Exams', members: [] });
    await a.agent.post(`/api/messages/join-group/${res.body.group._id}`);
    const listed = await admin.get<AdminGroup[]>('/api/admin/groups');
    expect(listed.status).toBe(200);
    const group = listed.body.find((g) => g._id === res.body.group._id);
    expect(group?.members.map((m) => m._id)).toEqual([a.id]);
    expect(group?.members[0]).toMatchObject({ role: 'user', fullName: 'Test user' });
    expect(JSON.stringify(listed.body)).not.toMatch(/email|passwordHash/);
  });

  it('refuses a group missing its name, type or description with "Please fill in all fields"', async () => {
    const full = { name: 'Complete', type: 'relationship', description: 'All there' };
    for (const field of ['name', 'type', 'description'] as const) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = { ...full, [field]: value };
        const res = await admin.post('/api/admin/create-group', body);
        expect({ field, value, status: res.status, message: res.body.message })
          .toEqual({ field, value, status: 400, message: 'Please fill in all fields' });
      }
    }
    const names = (await admin.get<AdminGroup[]>('/api/admin/groups')).body.map((g) => g.name);
    expect(names).not.toContain('Complete');
  });

  it('deletes a group: it leaves every list and its thread answers 404', async () => {
    const a = await person();
    const id = await createGroup('Short lived');
    await a.agent.post(`/api/messages/join-group/${id}`);
    await a.agent.post(`/api/messages/send-group/${id}`, { text: 'bye', clientId: clientId() });
    const res = await admin.delete(`/api/admin/groups/${id}`);
    expect(res.status).toBe(200);
    expect((await admin.get<AdminGroup[]>('/api/admin/groups')).body.some((g) => g._id === id)).toBe(false);
    expect(await groupAs(a.agent, id)).toBeUndefined();
    expect((await a.agent.get(`/api/messages/group/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/groups/${id}`)).status).toBe(404);
  });

  it('removes a member, who then gets 403 reading and posting in the group', async () => {
    const [stays, goes] = [await person(), await person()];
    const id = await createGroup();
    await stays.agent.post(`/api/messages/join-group/${id}`);
    await goes.agent.post(`/api/messages/join-group/${id}`);
    expect((await goes.agent.get(`/api/messages/group/${id}`)).status).toBe(200);

    const res = await admin.delete(`/api/admin/groups/${id}/members/${goes.id}`);
    expect(res.status).toBe(200);
    expect((await goes.agent.get(`/api/messages/group/${id}`)).status).toBe(403);
    expect((await goes.agent.post(`/api/messages/send-group/${id}`, { text: 'still here?' })).status).toBe(403);
    expect(await groupAs(goes.agent, id)).toMatchObject({ isMember: false, memberCount: 1, members: [] });
    expect((await stays.agent.get(`/api/messages/group/${id}`)).status).toBe(200);
    const group = (await admin.get<AdminGroup[]>('/api/admin/groups')).body.find((g) => g._id === id);
    expect(group?.members.map((m) => m._id)).toEqual([stays.id]);
    expect((await admin.delete(`/api/admin/groups/${id}/members/${goes.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/groups/${UNKNOWN_ID}/members/${stays.id}`)).status).toBe(404);
  });

  it('refuses every admin group route to non-admins (403) and to anonymous callers (401)', async () => {
    const a = await person();
    const pro = await verifiedProfessional(server, 'therapist');
    const id = await createGroup('Guarded');
    await a.agent.post(`/api/messages/join-group/${id}`);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/groups'],
      ['POST', '/api/admin/create-group', { name: 'Sneaky', type: 'mental', description: 'no' }],
      ['DELETE', `/api/admin/groups/${id}`],
      ['DELETE', `/api/admin/groups/${id}/members/${a.id}`],
    ];
    for (const [agent, status] of [[a.agent, 403], [pro.agent, 403], [server.agent(), 401]] as const) {
      for (const [method, path, body] of routes) {
        const res = await agent.request(method, path, body);
        expect({ method, path, status: res.status }).toEqual({ method, path, status });
      }
    }
    const group = (await admin.get<AdminGroup[]>('/api/admin/groups')).body.find((g) => g._id === id);
    expect(group?.members.map((m) => m._id)).toEqual([a.id]);
    expect((await admin.get<AdminGroup[]>('/api/admin/groups')).body.some((g) => g.name === 'Sneaky')).toBe(false);
  });
});
