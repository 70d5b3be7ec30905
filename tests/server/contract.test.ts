/**
 * The contract with the spec's own client (spec section 7): one row per call it makes, each with the
 * answer's shape as that client reads it, run against the real server. Haven must be a drop-in
 * server for that client, so a row fails when an answer loses a field the client reads or changes
 * its shape (an object where it expects an array, an object where it expects an id).
 *
 * Every row can fail: its status is checked, its answer must pass the row's schema, and the
 * schema must refuse the row's `refuses` example (a wrong answer, often Haven's earlier one), which
 * the last test checks. Where Haven deliberately differs, docs/contract.md says so.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GROUP_TYPES, ROLES, STATUSES } from '../../src/shared/limits';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, uploadImage, uniqueEmail, verifiedProfessional, type Person } from './people';
import { closeAllSockets, nextEvent, readySocket } from './socket-client';

// ---- The answers as the spec's client reads them (spec sections 3 and 7) ----

const id = z.string().regex(/^[0-9a-f]{24}$/, 'a 24-hex id');
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a date');
/** An image the browser can show: one of Haven's stored images, never the data URL that was sent. */
const imageUrl = z.string().regex(/^\/uploads\/[0-9a-f]{32}\.(jpg|png|gif)$/, 'a stored image URL');

/** The auth user (section 3): the client keeps it as authUser and reads role, status and referralCode from it. */
const authUser = z.object({
  _id: id, fullName: z.string().min(1), email: z.string().includes('@'), role: z.enum(ROLES), status: z.enum(STATUSES),
  profilePic: z.string(), referralCode: z.string().nullable(), verificationRequest: z.boolean(),
  verificationMessage: z.string(), createdAt: date,
});
/** A person in the sidebars: avatar, name, role label, online dot. */
const listedUser = z.object({ _id: id, fullName: z.string().min(1), profilePic: z.string(), role: z.enum(ROLES) });
/** The admin's tables: name, email, role, status badge, referral code, joined date. */
const adminUser = listedUser.extend({ email: z.string().includes('@'), status: z.enum(STATUSES), referralCode: z.string().nullable(), createdAt: date });
const directMessage = z.object({ _id: id, senderId: id, text: z.string(), image: z.string().nullable(), createdAt: date });
const member = z.object({ _id: id, fullName: z.string(), profilePic: z.string() });
const sender = member;
const groupMessage = z.object({ _id: id, groupId: id, senderId: id, sender, text: z.string(), createdAt: date });
/** `members` is "users or ids"; the client counts it and looks for itself by `_id` or by id. */
const group = z.object({
  _id: id, name: z.string().min(1), type: z.enum(GROUP_TYPES), description: z.string(),
  members: z.array(z.union([id, member])), createdAt: date,
});
const chatSummary = z.object({ _id: id, title: z.string() });
const historyEntry = z.object({
  role: z.string(), parts: z.array(z.object({ text: z.string(), img: z.string().optional() })).min(1),
});
const message = z.object({ message: z.string().min(1) });

// ---- The world the calls run in ----

interface World {
  server: TestServer;
  admin: Agent;
  therapist: Awaited<ReturnType<typeof verifiedProfessional>>;
  user: Person;
  other: Person;
  groupId: string;
  chatId: string;
}

let w: World;
const png = () => sharp({ create: { width: 10, height: 6, channels: 3, background: '#5a8' } }).png().toBuffer();
const dataUrl = async (type = 'image/png') => `data:${type};base64,${(await png()).toString('base64')}`;

async function newGroup(name: string): Promise<string> {
  const res = await w.admin.post('/api/admin/create-group', { name, type: 'mental', description: 'A quiet place to talk' });
  expect(res.status).toBe(201);
  return res.body.group._id as string;
}

beforeAll(async () => {
  const server = await startServer();
  const admin = await signedInAdmin(server);
  const therapist = await verifiedProfessional(server);
  const [user, other] = [await referredUser(server, therapist.code), await referredUser(server, therapist.code)];
  w = { server, admin, therapist, user, other, groupId: '', chatId: '' };
  w.groupId = await newGroup('Evening calm');
  for (const p of [user, other]) expect((await p.agent.request('POST', `/api/messages/join-group/${w.groupId}`)).status).toBe(200);
  expect((await user.agent.post(`/api/messages/send/${other.id}`, { text: 'hello there' })).status).toBe(201);
  expect((await other.agent.post(`/api/messages/send-group/${w.groupId}`, { text: 'welcome, everyone' })).status).toBe(201);
  const chat = await user.agent.post('/api/chats', { text: 'I could not sleep last night', img: null });
  expect(chat.status).toBe(201);
  w.chatId = chat.body as string;
});
afterEach(() => closeAllSockets());
afterAll(async () => { await w?.server.close(); });

// ---- The table ----

interface Row {
  /** Method and path as spec section 7 writes them (relative to /api). */
  call: string;
  /** What makes this row differ from another row of the same call. */
  note?: string;
  as: (w: World) => Agent | Promise<Agent>;
  /** The concrete path, for calls with parameters or a query. */
  path?: (w: World) => string | Promise<string>;
  /** The payload; none (no body at all, as the spec's client sends) when absent. */
  body?: (w: World, agent: Agent) => unknown;
  status: number;
  /** The answer as the spec's client reads it. */
  reads: z.ZodType;
  /** A wrong answer `reads` must refuse (often Haven's earlier shape): proof the row can fail. */
  refuses: unknown;
  /** Anything else the client relies on, checked on the parsed answer. */
  also?: (answer: never, w: World, agent: Agent) => void | Promise<void>;
}

type Also<S extends z.ZodType> = (answer: z.output<S>, w: World, agent: Agent) => void | Promise<void>;
const row = <S extends z.ZodType>(r: Omit<Row, 'reads' | 'also'> & { reads: S; also?: Also<S> }): Row => r as Row;
const fresh = (role = 'user') => async (x: World): Promise<Agent> =>
  (role === 'user' ? await referredUser(x.server, x.therapist.code) : await signUp(x.server, { role })).agent;

const SPEC_TABLE: Row[] = [
  // /auth
  row({ call: 'GET /auth/check', as: (x) => x.user.agent, status: 200, reads: authUser, refuses: { user: {} },
    also: (u, x) => expect(u._id).toBe(x.user.id) }),
  row({ call: 'POST /auth/signup', note: 'a user with a referral code', as: (x) => x.server.agent(), status: 201, reads: authUser, refuses: { message: 'ok' },
    body: (x) => ({ fullName: 'New Person', email: uniqueEmail('contract'), password: PASSWORD, role: 'user', referralCode: x.therapist.code }),
    also: (u) => expect({ role: u.role, status: u.status }).toEqual({ role: 'user', status: 'verified' }) }),
  row({ call: 'POST /auth/signup', note: 'a professional waits for verification', as: (x) => x.server.agent(), status: 201, reads: authUser, refuses: {},
    body: () => ({ fullName: 'New NGO', email: uniqueEmail('contract'), password: PASSWORD, role: 'ngo', referralCode: '' }),
    also: (u) => expect({ role: u.role, status: u.status }).toEqual({ role: 'ngo', status: 'pending' }) }),
  row({ call: 'POST /auth/signup', note: 'a taken email: the toast shows the server\'s message', as: (x) => x.server.agent(), status: 409,
    reads: message, refuses: { error: 'taken' },
    body: (x) => ({ fullName: 'Again', email: x.user.email, password: PASSWORD, role: 'user', referralCode: x.therapist.code }) }),
  row({ call: 'POST /auth/login', as: (x) => x.server.agent(), status: 200, reads: authUser, refuses: { message: 'Logged in' },
    body: (x) => ({ email: x.other.email, password: PASSWORD }), also: (u, x) => expect(u._id).toBe(x.other.id) }),
  row({ call: 'POST /auth/login', note: 'a wrong password: the toast shows the server\'s message', as: (x) => x.server.agent(), status: 401,
    reads: message, refuses: {}, body: (x) => ({ email: x.other.email, password: 'not-the-password' }) }),
  row({ call: 'POST /auth/logout', as: fresh(), status: 200, reads: message, refuses: null }),
  row({ call: 'PUT /auth/update-profile', note: 'a photo as a data URL', as: fresh('therapist'), status: 200,
    reads: authUser.extend({ profilePic: imageUrl }), refuses: { message: 'Profile updated' },
    body: async () => ({ profilePic: await dataUrl('image/jpeg') }) }),
  row({ call: 'PUT /auth/update-profile', note: 'the client sends the answer straight back (its store\'s updateProfile)', as: fresh(), status: 200,
    reads: authUser.extend({ profilePic: imageUrl }), refuses: { ...authUserExample(), profilePic: '' },
    body: async (_, agent) => {
      const first = await agent.put('/api/auth/update-profile', { profilePic: await dataUrl('image/jpeg') });
      expect(first.status).toBe(200);
      return first.body;
    },
    also: async (u, _, agent) => expect((await agent.get('/api/auth/check')).body).toMatchObject(u) }),
  row({ call: 'POST /auth/request-verification', as: async (x) => {
    const ngo = await signUp(x.server, { role: 'ngo' });
    expect((await x.admin.request('POST', `/api/admin/reject-user/${ngo.user._id}`)).status).toBe(200);
    return ngo.agent;
  }, status: 200, reads: z.object({ status: z.literal('pending'), verificationRequest: z.literal(true) }), refuses: { message: 'submitted' },
  body: () => ({ message: 'I am a licensed counsellor; my registration number is 12345.' }) }),
  row({ call: 'POST /auth/validate-referral', as: (x) => x.server.agent(), status: 200, reads: z.object({ valid: z.literal(true) }), refuses: { valid: 'yes' },
    body: (x) => ({ referralCode: x.therapist.code }) }),

  // /messages
  row({ call: 'GET /messages/users', as: (x) => x.user.agent, status: 200, reads: z.array(listedUser).min(2), refuses: { users: [] },
    also: (list, x) => expect(list.map((u) => u._id)).toContain(x.other.id) }),
  row({ call: 'GET /messages/users', note: 'a professional sees the users referred to them', as: (x) => x.therapist.agent, status: 200,
    reads: z.array(listedUser).min(2), refuses: [{ _id: 'x' }],
    also: (list, x) => expect(list.map((u) => u._id)).toEqual(expect.arrayContaining([x.user.id, x.other.id])) }),
  row({ call: 'GET /messages/therapists', as: (x) => x.user.agent, status: 200, reads: z.array(listedUser).min(1), refuses: [],
    also: (list, x) => expect(list.map((u) => u._id)).toContain(x.therapist.user._id) }),
  row({ call: 'GET /messages/groups', as: (x) => x.user.agent, status: 200, reads: z.array(group).min(1), refuses: { groups: [] },
    also: (list, x) => expect(list.find((g) => g._id === x.groupId)?.members).toContain(x.user.id) }),
  row({ call: 'GET /messages/{userId}', as: (x) => x.other.agent, path: (x) => `/messages/${x.user.id}`, status: 200,
    reads: z.array(directMessage).min(1), refuses: { messages: [] },
    also: (list) => expect(list.map((m) => m.text)).toContain('hello there') }),
  row({ call: 'POST /messages/send/{userId}', note: 'text only', as: (x) => x.user.agent, path: (x) => `/messages/send/${x.other.id}`, status: 201,
    reads: directMessage.extend({ image: z.null() }), refuses: { ok: true }, body: () => ({ text: 'how are you?' }),
    also: (m, x) => expect({ senderId: m.senderId, text: m.text }).toEqual({ senderId: x.user.id, text: 'how are you?' }) }),
  row({ call: 'POST /messages/send/{userId}', note: 'an image as a data URL, as the spec\'s client sends it', as: (x) => x.user.agent,
    path: (x) => `/messages/send/${x.other.id}`, status: 201, reads: directMessage.extend({ image: imageUrl }),
    refuses: { _id: '0'.repeat(24), senderId: '0'.repeat(24), text: '', image: 'data:image/png;base64,AAAA', createdAt: '2025-01-01T00:00:00Z' },
    body: async () => ({ text: '', image: await dataUrl() }) }),
  row({ call: 'POST /messages/send/{userId}', note: 'an image as an upload URL, as Haven\'s app sends it', as: (x) => x.user.agent,
    path: (x) => `/messages/send/${x.other.id}`, status: 201, reads: directMessage.extend({ image: imageUrl }), refuses: { image: null },
    body: async (x) => ({ text: 'look', image: await uploadImage(x.server, x.user.agent) }) }),
  row({ call: 'POST /messages/send/{userId}', note: 'a data URL that is not a JPEG, PNG or GIF', as: (x) => x.user.agent,
    path: (x) => `/messages/send/${x.other.id}`, status: 415,
    reads: z.object({ message: z.literal('Please select a valid image file (JPEG, PNG, GIF)') }), refuses: { message: 'Failed' },
    body: () => ({ text: 'look', image: `data:image/webp;base64,${Buffer.from('RIFF\0\0\0\0WEBPVP8 ').toString('base64')}` }) }),
  row({ call: 'GET /messages/group/{groupId}', as: (x) => x.user.agent, path: (x) => `/messages/group/${x.groupId}`, status: 200,
    reads: z.array(groupMessage).min(1), refuses: [{ text: 'no sender' }],
    also: (list, x) => expect(list[0]!.sender._id).toBe(x.other.id) }),
  row({ call: 'POST /messages/send-group/{groupId}', as: (x) => x.user.agent, path: (x) => `/messages/send-group/${x.groupId}`, status: 201,
    reads: groupMessage, refuses: { message: 'sent' }, body: () => ({ text: 'thank you all' }),
    also: (m, x) => expect(m.sender._id).toBe(x.user.id) }),
  row({ call: 'POST /messages/join-group/{groupId}', note: 'the updated group, its members as people', as: fresh(),
    path: async () => `/messages/join-group/${await newGroup('Morning walk')}`, status: 200,
    reads: group.extend({ members: z.array(member).min(1) }), refuses: { ...groupExample(), members: ['0'.repeat(24)] },
    also: (g) => expect(g.name).toBe('Morning walk') }),
  row({ call: 'POST /messages/join-group/{groupId}', note: 'joining a group with people in it shows them to the joiner', as: fresh(),
    path: (x) => `/messages/join-group/${x.groupId}`, status: 200, reads: group.extend({ members: z.array(member).min(3) }), refuses: groupExample(),
    also: (g, x) => expect(g.members.map((m) => m._id)).toEqual(expect.arrayContaining([x.user.id, x.other.id])) }),

  // /admin
  row({ call: 'GET /admin/pending-users', as: async (x) => {
    await signUp(x.server, { role: 'volunteer' });
    return x.admin;
  }, status: 200, reads: z.array(adminUser.extend({ status: z.literal('pending'), verificationMessage: z.string() })).min(1), refuses: { users: [] } }),
  row({ call: 'GET /admin/all-users', note: 'an array: the client counts its statistics from it', as: (x) => x.admin, status: 200,
    reads: z.array(adminUser).min(4), refuses: { users: [], stats: {} },
    also: (list, x) => expect(list.map((u) => u._id)).toEqual(expect.arrayContaining([x.user.id, x.other.id, x.therapist.user._id])) }),
  row({ call: 'GET /admin/all-users', note: 'filtered by ?role=', as: (x) => x.admin, path: () => '/admin/all-users?role=therapist', status: 200,
    reads: z.array(adminUser.extend({ role: z.literal('therapist') })).min(1), refuses: [{ ...authUserExample(), role: 'user' }] }),
  row({ call: 'GET /admin/groups', as: (x) => x.admin, status: 200, reads: z.array(group.extend({ members: z.array(member) })).min(1), refuses: { groups: [] },
    also: (list, x) => expect(list.find((g) => g._id === x.groupId)?.members.length).toBeGreaterThanOrEqual(2) }),
  row({ call: 'POST /admin/verify-user/{id}', as: (x) => x.admin, path: async (x) => `/admin/verify-user/${(await signUp(x.server, { role: 'therapist' })).user._id}`,
    status: 200, reads: z.object({ referralCode: z.string().min(4) }), refuses: { message: 'User verified successfully' } }),
  row({ call: 'POST /admin/reject-user/{id}', as: (x) => x.admin, path: async (x) => `/admin/reject-user/${(await signUp(x.server, { role: 'ngo' })).user._id}`,
    status: 200, reads: message, refuses: '' }),
  row({ call: 'POST /admin/create-group', as: (x) => x.admin, status: 201, reads: message, refuses: {},
    body: () => ({ name: 'Study buddies', type: 'academic', description: 'Exams and deadlines' }),
    also: async (_, x) => expect((await x.user.agent.get('/api/messages/groups')).body.map((g: { name: string }) => g.name)).toContain('Study buddies') }),
  row({ call: 'DELETE /admin/delete-user/{id}', as: (x) => x.admin, path: async (x) => `/admin/delete-user/${(await referredUser(x.server, x.therapist.code)).id}`,
    status: 200, reads: message, refuses: undefined }),

  // /chats and /gemini (Aura)
  row({ call: 'GET /chats/userchats', as: (x) => x.user.agent, status: 200, reads: z.array(chatSummary).min(1), refuses: { chats: [] },
    also: (list, x) => expect(list.map((c) => c._id)).toContain(x.chatId) }),
  row({ call: 'GET /chats/{chatId}', as: (x) => x.user.agent, path: (x) => `/chats/${x.chatId}`, status: 200,
    reads: z.object({ _id: id, title: z.string(), history: z.array(historyEntry).min(2) }), refuses: { _id: '0'.repeat(24), title: '', messages: [] },
    also: (chat) => expect(chat.history.map((e) => e.role)).toEqual(['user', 'model']) }),
  row({ call: 'POST /chats', note: 'answers the new chat id; the client then reads the history', as: (x) => x.user.agent, status: 201,
    reads: id, refuses: { _id: '0'.repeat(24), title: 'Hello', aiResponse: 'Hi' }, body: () => ({ text: 'Hello Aura', img: null }),
    also: async (chatId, x) => {
      const chat = await x.user.agent.get(`/api/chats/${chatId}`);
      expect(chat.status).toBe(200);
      expect(chat.body.history.map((e: { role: string }) => e.role)).toEqual(['user', 'model']);
    } }),
  row({ call: 'PUT /chats/{chatId}', as: (x) => x.user.agent, path: (x) => `/chats/${x.chatId}`, status: 200,
    reads: z.object({ aiResponse: z.string().min(1) }), refuses: { response: 'hi' }, body: () => ({ question: 'What can I try tonight?', img: null }) }),
  row({ call: 'POST /gemini/generate', as: (x) => x.user.agent, status: 200, reads: z.object({ response: z.string().min(1) }), refuses: { text: 'hi' },
    body: () => ({ prompt: 'I could not sleep last night' }) }),
  row({ call: 'GET /upload', as: (x) => x.user.agent, status: 200,
    reads: z.object({ publicKey: z.string().min(1), signature: z.string().regex(/^[0-9a-f]{40}$/), expire: z.number().int(), token: z.string().min(1) }),
    refuses: { publicKey: 'k', signature: 's', expire: '1', token: 't' } }),
];

/** Haven's own additions beside the spec's calls, held to the same standard. */
const HAVEN_TABLE: Row[] = [
  row({ call: 'GET /admin/stats', note: 'the seven statistics, counted by the server', as: (x) => x.admin, status: 200,
    reads: z.object({ total: z.number().int().min(4), users: z.number().int().min(2), therapists: z.number().int().min(1), ngos: z.number().int(),
      volunteers: z.number().int(), verified: z.number().int().min(3), pending: z.number().int() }).strict(),
    refuses: { total: 1, users: 1 } }),
];

/** The spec's section 7, one line per call: the table must cover each, and nothing else. */
const SPEC_CALLS = [
  'GET /auth/check', 'POST /auth/signup', 'POST /auth/login', 'POST /auth/logout', 'PUT /auth/update-profile',
  'POST /auth/request-verification', 'POST /auth/validate-referral',
  'GET /messages/users', 'GET /messages/therapists', 'GET /messages/groups', 'GET /messages/{userId}', 'POST /messages/send/{userId}',
  'GET /messages/group/{groupId}', 'POST /messages/send-group/{groupId}', 'POST /messages/join-group/{groupId}',
  'GET /admin/pending-users', 'GET /admin/all-users', 'GET /admin/groups', 'POST /admin/verify-user/{id}', 'POST /admin/reject-user/{id}',
  'POST /admin/create-group', 'DELETE /admin/delete-user/{id}',
  'GET /chats/userchats', 'GET /chats/{chatId}', 'POST /chats', 'PUT /chats/{chatId}', 'POST /gemini/generate', 'GET /upload',
];

function authUserExample() {
  return { _id: '0'.repeat(24), fullName: 'A', email: 'a@b.c', role: 'user', status: 'verified', profilePic: '/uploads/x.png',
    referralCode: null, verificationRequest: false, verificationMessage: '', createdAt: '2025-01-01T00:00:00Z' };
}
function groupExample() {
  return { _id: '0'.repeat(24), name: 'G', type: 'mental', description: 'd', members: [], createdAt: '2025-01-01T00:00:00Z' };
}

/** `/messages/send/{userId}` → a pattern the concrete path must match. */
const pathPattern = (call: string) => new RegExp(`^${call.split(' ')[1]!.replace(/\{\w+\}/g, '[0-9a-f]{24}')}$`);

async function run(r: Row) {
  const [method] = r.call.split(' ') as [string];
  const path = r.path ? await r.path(w) : r.call.split(' ')[1]!;
  expect(path.split('?')[0]).toMatch(pathPattern(r.call));
  const agent = await r.as(w);
  const body = r.body ? await r.body(w, agent) : undefined;
  const res = await agent.request(method, `/api${path}`, body);
  expect({ status: res.status, body: res.status === r.status ? 'as expected' : res.body }).toEqual({ status: r.status, body: 'as expected' });
  const parsed = r.reads.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  await r.also?.(parsed.data as never, w, agent);
  return res;
}

const label = (r: Row) => (r.note ? `${r.call} (${r.note})` : r.call);

describe('the spec\'s section 7 calls, as its client reads the answers', () => {
  for (const r of SPEC_TABLE) it(label(r), async () => { await run(r); });
});

describe('Haven\'s additions to the contract', () => {
  for (const r of HAVEN_TABLE) it(label(r), async () => { await run(r); });
});

describe('the realtime events the spec\'s client listens to', () => {
  it('getOnlineUsers (ids), newMessage (with a stored image URL) and newGroupMessage', async () => {
    const socket = await readySocket(w.server, w.other.agent, w.other.id);
    const online = nextEvent(socket, 'getOnlineUsers', 5000, (ids) => ids.includes(w.user.id));
    const userSocket = await readySocket(w.server, w.user.agent, w.user.id);
    expect(z.array(id).safeParse(await online).success).toBe(true);

    const direct = nextEvent(socket, 'newMessage');
    expect((await w.user.agent.post(`/api/messages/send/${w.other.id}`, { text: '', image: await dataUrl() })).status).toBe(201);
    const dm = await direct;
    expect(directMessage.extend({ image: imageUrl }).safeParse(dm).error?.issues ?? []).toEqual([]);
    expect(dm.senderId).toBe(w.user.id);

    const inGroup = nextEvent(userSocket, 'newGroupMessage');
    expect((await w.other.agent.post(`/api/messages/send-group/${w.groupId}`, { text: 'still here' })).status).toBe(201);
    const gm = await inGroup;
    expect(groupMessage.safeParse(gm).error?.issues ?? []).toEqual([]);
    expect(gm.groupId).toBe(w.groupId);
  });
});

describe('the table itself', () => {
  it('covers each call of spec section 7, and only those', () => {
    expect([...new Set(SPEC_TABLE.map((r) => r.call))].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('every row can fail: its schema refuses a wrong answer', () => {
    const accepted = [...SPEC_TABLE, ...HAVEN_TABLE].filter((r) => r.reads.safeParse(r.refuses).success).map(label);
    expect(accepted).toEqual([]);
  });
});
