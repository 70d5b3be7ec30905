/**
 * The data export and self-deletion (docs/security.md, Accounts): the person's own data and nothing
 * of anyone else's; deletion with the admin's cascade, every socket closed, the old cookie refused.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../src/shared/api';
import { directMessages, sessions } from '../../src/server/db/schema';
import { sessionIdOf } from '../../src/server/auth/sessions';
import { accountPeople, type Person } from './account-helpers';
import { startServer, type TestServer } from './harness';
import { PASSWORD, signedInAdmin, uploadImage, verifiedProfessional } from './people';
import { closeAllSockets, readySocket, serverDisconnect } from './socket-client';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  ({ code } = await verifiedProfessional(server));
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const { person, device, listOf, login } = accountPeople(() => ({ server, code }));

describe('GET /api/me/export', () => {
  it('answers a JSON file of the person\'s own data and nothing of anyone else\'s', async () => {
    const admin = await signedInAdmin(server);
    const [me, friend, c, d] = [await person(), await person(), await person(), await person()];
    let n = 0;
    const cid = () => `export-${Date.now()}-${(n += 1)}`;
    const dm = async (from: Person, to: Person, text: string) =>
      expect((await from.agent.post(`/api/messages/send/${to.id}`, { text, clientId: cid() })).status).toBe(201);
    await dm(me, friend, 'hello from me');
    await dm(friend, me, 'hello back from friend');
    await dm(c, d, 'a third person thread');
    await dm(friend, c, 'friend writes to someone else');
    const image = await uploadImage(server, me.agent);
    expect((await me.agent.post(`/api/messages/send/${friend.id}`, { text: 'a picture', image, clientId: cid() })).status).toBe(201);

    const group = (await admin.post('/api/admin/create-group', { name: `Export group ${Date.now()}`, type: 'mental', description: 'd' })).body.group;
    for (const p of [me, friend]) expect((await p.agent.post(`/api/messages/join-group/${group._id}`)).status).toBe(200);
    expect((await me.agent.post(`/api/messages/send-group/${group._id}`, { text: 'my group words', clientId: cid() })).status).toBe(201);
    expect((await friend.agent.post(`/api/messages/send-group/${group._id}`, { text: 'friend group words', clientId: cid() })).status).toBe(201);
    expect((await me.agent.post('/api/chats', { text: 'my aura question about sleep', clientId: cid() })).status).toBeLessThan(300);
    expect((await friend.agent.post('/api/chats', { text: 'friend aura question', clientId: cid() })).status).toBeLessThan(300);

    const res = await me.agent.get<AccountExport>('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="haven-export-${new Date().toISOString().slice(0, 10)}.json"`);
    const data = res.body;
    expect(data).toMatchObject({ format: 'haven-account-export', version: 1, profile: { _id: me.id, email: me.email } });
    expect(data.directConversations).toHaveLength(1);
    const thread = data.directConversations[0]!;
    expect(thread.with).toEqual({ _id: friend.id, fullName: expect.any(String) });
    expect(thread.messages.map((m) => [m.fromMe, m.text])).toEqual([
      [true, 'hello from me'], [false, 'hello back from friend'], [true, 'a picture'],
    ]);
    expect(thread.messages[2]!.image).toBe(image);
    expect(data.groups.map((g) => g._id)).toEqual([group._id]);
    expect(data.groupMessages.map((m) => m.text)).toEqual(['my group words']);
    expect(data.auraChats).toHaveLength(1);
    expect(data.auraChats[0]!.history[0]).toMatchObject({ role: 'user', text: 'my aura question about sleep' });
    expect(data.auraChats[0]!.history.some((t) => t.role === 'model')).toBe(true);

    const text = JSON.stringify(data);
    for (const absent of ['a third person thread', 'friend writes to someone else', 'friend group words', 'friend aura question',
      c.id, d.id, code, 'passwordHash', 'password_hash', '$argon2']) {
      expect(text, absent).not.toContain(absent);
    }
    const token = me.agent.cookies.get('haven_session')!;
    for (const secret of [token, sessionIdOf(token), ...(await listOf(me.agent)).map((s) => s._id)]) expect(text).not.toContain(secret);
    expect((await server.agent().get('/api/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const me = await person();
    const res = await me.agent.request('DELETE', '/api/me', { password: 'not-it' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ password: 'That password is not correct.' });
    expect((await me.agent.get('/api/auth/check')).status).toBe(200);
    expect((await me.agent.request('DELETE', '/api/me', {})).status).toBe(400);
  });

  it('deletes the account with the admin\'s cascade, closes every socket, and the old cookie gets 401', async () => {
    const admin = await signedInAdmin(server);
    const [me, friend] = [await person(), await person()];
    const phone = await device(me);
    const photo = await uploadImage(server, me.agent);
    expect((await me.agent.post(`/api/messages/send/${friend.id}`, { text: 'before I go', clientId: `del-${Date.now()}` })).status).toBe(201);
    const file = join(server.config.uploadsDir, photo.split('/').pop()!);
    expect(existsSync(file)).toBe(true);
    const sockets = [await readySocket(server, me.agent, me.id), await readySocket(server, phone, me.id)];
    const ends = sockets.map((s) => serverDisconnect(s));

    const res = await me.agent.request('DELETE', '/api/me', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your account has been deleted.');
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(existsSync(file)).toBe(false);
    expect((await phone.get('/api/auth/check')).status).toBe(401);
    const old = server.agent();
    old.cookies.set('haven_session', phone.cookies.get('haven_session')!);
    expect((await old.get('/api/me/export')).status).toBe(401);
    expect((await login(me.email, PASSWORD)).status).toBe(401);
    const { db } = server.database;
    // What they received is gone; what they sent stays only as tombstones (no words, no image) on the other side (docs/decisions/taking-messages-back.md).
    expect(await db.select().from(directMessages).where(eq(directMessages.receiverId, me.id))).toEqual([]);
    const sent = await db.select().from(directMessages).where(eq(directMessages.senderId, me.id));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((m) => ({ text: m.text, image: m.image, deletedBy: m.deletedBy }))).toEqual(sent.map(() => ({ text: '', image: null, deletedBy: 'account' })));
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    const everyone = (await admin.get('/api/admin/all-users')).body as { _id: string }[];
    expect(everyone.map((u) => u._id)).not.toContain(me.id);
  });

  it('an admin cannot delete themself', async () => {
    const admin = await signedInAdmin(server);
    const res = await admin.request('DELETE', '/api/me', { password: 'admin-password-1' });
    expect(res.status).toBe(403);
    expect((await admin.get('/api/auth/check')).status).toBe(200);
  });
});
