/**
 * Notifications through Web Push (docs/decisions/notifications.md), end to end on this server's
 * database (PGlite, and PostgreSQL in the pg project): a fake push service on 127.0.0.1 decrypts
 * every push with the subscription's own keys, as a browser would, so each test reads what a lock
 * screen could show.
 */
import { createPublicKey, createVerify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/server/db/schema';
import type { PushSettings } from '../../src/shared/push';
import { DEFAULT_PUSH_SETTINGS } from '../../src/shared/push';
import type { Agent } from './agent';
import { startFakePush, type FakeDevice, type FakePush } from '../support/fake-push';
import { ADMIN, startServer, type TestServer } from './harness';
import { signUp, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let pushService: FakePush;
let pro: Awaited<ReturnType<typeof verifiedProfessional>>;

beforeAll(async () => {
  pushService = await startFakePush();
  server = await startServer({ env: { PUSH_ENDPOINT_ALLOW: pushService.origin } });
  pro = await verifiedProfessional(server);
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

interface Person { agent: Agent; id: string; fullName: string }
let n = 0;
async function person(): Promise<Person> {
  const fullName = `Pushy Person ${(n += 1)}`;
  const made = await signUp(server, { role: 'user', referralCode: pro.code, fullName });
  expect(made.res.status).toBe(201);
  return { agent: made.agent, id: made.user._id, fullName };
}

/** Two people who may write to each other (the second accepted the first's request). */
async function pair(): Promise<[Person, Person]> {
  const a = await person();
  const b = await person();
  expect((await a.agent.post(`/api/messages/send/${b.id}`, { text: 'hello, may I write?' })).status).toBe(201);
  expect((await b.agent.post(`/api/messages/requests/${a.id}/accept`, {})).status).toBe(200);
  await settled();
  return [a, b];
}

async function subscribe(p: Person, agent = p.agent): Promise<FakeDevice> {
  const device = pushService.device();
  const res = await agent.post('/api/push/subscriptions', device.subscription);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return device;
}

async function settings(p: Person, change: Partial<PushSettings>): Promise<void> {
  const now = (await p.agent.get('/api/push/settings')).body as PushSettings;
  const res = await p.agent.put('/api/push/settings', { ...now, ...change });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function send(from: Person, to: Person, text: string): Promise<void> {
  const res = await from.agent.post(`/api/messages/send/${to.id}`, { text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Every notification asked for so far has been decided, and its pushes delivered or dropped. */
async function settled(): Promise<void> {
  await server.app.push.notifier.idle();
}

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, the same after a restart', async () => {
    const p = await person();
    const { publicKey } = (await p.agent.get('/api/push/key')).body as { publicKey: string };
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    await server.restart();
    expect(((await p.agent.get('/api/push/key')).body as { publicKey: string }).publicKey).toBe(publicKey);
  });

  it('is refused to someone signed out', async () => {
    expect((await server.agent().get('/api/push/key')).status).toBe(401);
  });
});

describe('subscriptions', () => {
  it('refuses an endpoint that is not on a known push service, and changes nothing', async () => {
    const p = await person();
    const device = pushService.device();
    for (const endpoint of ['https://evil.example/push/1', 'http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/x', 'https://user:pw@fcm.googleapis.com/x']) {
      const res = await p.agent.post('/api/push/subscriptions', { ...device.subscription, endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toMatchObject({ message: 'This push service is not supported' });
    }
    const rows = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses keys that are not keys', async () => {
    const p = await person();
    const device = pushService.device();
    const res = await p.agent.post('/api/push/subscriptions', { ...device.subscription, keys: { p256dh: 'x', auth: 'y' } });
    expect(res.status).toBe(400);
  });

  it('belongs to its session: signing out removes it, and a push service answering 410 removes it too', async () => {
    const [a, b] = await pair();
    const device = await subscribe(b);
    const rows = () => server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(await rows()).toHaveLength(1);
    expect((await b.agent.post('/api/auth/logout', {})).status).toBe(200);
    expect(await rows()).toHaveLength(0);

    const [c, d] = await pair();
    const gone = await subscribe(d);
    gone.status = 410;
    await send(c, d, 'are you there?');
    await settled();
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint))).toHaveLength(0);
    expect(a.id).not.toBe(c.id);
  });

  it('DELETE removes only the caller’s own', async () => {
    const [, b] = await pair();
    const other = await person();
    const device = await subscribe(b);
    expect((await other.agent.delete('/api/push/subscriptions', { endpoint: device.subscription.endpoint })).status).toBe(200);
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))).toHaveLength(1);
    expect((await b.agent.delete('/api/push/subscriptions', { endpoint: device.subscription.endpoint })).status).toBe(200);
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))).toHaveLength(0);
  });
});

describe('a direct message', () => {
  it('arrives within 2 s as "New message", opening the conversation, with no words and no names', async () => {
    const [a, b] = await pair();
    const device = await subscribe(b);
    const text = 'my secret words about the hard week';
    const sentAt = Date.now();
    await send(a, b, text);
    await expect.poll(() => device.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    const [got] = device.received;
    expect(got!.at - sentAt).toBeLessThan(2000);
    expect(got!.payload).toEqual({ v: 1, kind: 'direct', url: `/chat/dm/${a.id}`, tag: `dm:${a.id}` });
    expect(got!.text).not.toContain('secret');
    expect(got!.text).not.toContain(a.fullName);
    expect(got!.headers.urgency).toBe('high');
    expect(got!.headers.topic).toBe(`dm${a.id}`);
    expect(Number(got!.headers.ttl)).toBeGreaterThan(0);
    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    // The VAPID token: signed by the server's key, for this push service, for a day at most.
    const [, token, key] = /^vapid t=([^,]+), k=(\S+)$/.exec(String(got!.headers.authorization)) ?? [];
    const { publicKey } = (await b.agent.get('/api/push/key')).body as { publicKey: string };
    expect(key).toBe(publicKey);
    const [head, body, signature] = token!.split('.') as [string, string, string];
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    const verified = createVerify('SHA256').update(`${head}.${body}`).verify({ key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    expect(verified).toBe(true);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe(`mailto:${ADMIN.email}`);
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('names the sender only with "Show names in notifications" on, and never the words', async () => {
    const [a, b] = await pair();
    const device = await subscribe(b);
    await settings(b, { showNames: true });
    await send(a, b, 'the words stay private');
    await expect.poll(() => device.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(device.received[0]!.payload.from).toBe(a.fullName);
    expect(device.received[0]!.text).not.toContain('private');
  });

  it('sends nothing for a muted conversation, a blocked person, the kind turned off, or a message request', async () => {
    const [a, b] = await pair();
    const device = await subscribe(b);
    expect((await b.agent.put(`/api/mutes/direct/${a.id}`, { until: null })).status).toBe(200);
    await send(a, b, 'muted');
    await settled();
    expect((await b.agent.delete(`/api/mutes/direct/${a.id}`)).status).toBe(200);

    await settings(b, { kinds: { ...DEFAULT_PUSH_SETTINGS.kinds, messages: false } });
    await send(a, b, 'kind off');
    await settled();
    await settings(b, { kinds: DEFAULT_PUSH_SETTINGS.kinds });

    expect((await a.agent.put(`/api/blocks/${b.id}`, {})).status).toBe(200);
    const stranger = await person();
    const strangerDevice = await subscribe(stranger);
    await send(b, stranger, 'a request from someone new');
    await settled();
    expect((await a.agent.delete(`/api/blocks/${b.id}`)).status).toBe(200);

    // The control: the same conversation, nothing in the way, notifies.
    await send(a, b, 'now it may');
    await expect.poll(() => device.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    await settled();
    expect(device.received).toHaveLength(1);
    expect(strangerDevice.received).toHaveLength(0);
  });

  it('is held through quiet hours and summed up in one push when they end', async () => {
    const [a, b] = await pair();
    const device = await subscribe(b);
    // Quiet all day but one minute from now: now is quiet.
    const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    await settings(b, { quietHours: { start: (minute + 1440 - 60) % 1440, end: (minute + 60) % 1440, timeZone: 'UTC' } });
    await send(a, b, 'at night');
    await send(a, b, 'still night');
    await settled();
    await server.app.push.notifier.sendSummaries();
    await settled();
    expect(device.received).toHaveLength(0);
    await settings(b, { quietHours: null });
    await server.app.push.notifier.sendSummaries();
    await expect.poll(() => device.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(device.received[0]!.payload).toMatchObject({ kind: 'summary', count: 2 });
    // Summed up once.
    await server.app.push.notifier.sendSummaries();
    await settled();
    expect(device.received).toHaveLength(1);
  });
});

describe('a group message', () => {
  it('notifies only members who turned that group on, never its author', async () => {
    const admin = await signedInAdmin(server);
    const created = await admin.post('/api/admin/create-group', { name: `Push Circle ${Date.now()}`, type: 'mental', description: 'A circle' });
    expect(created.status).toBeLessThan(300);
    const groupId = (created.body as { group: { _id: string } }).group._id;
    const [on, off, author] = [await person(), await person(), await person()];
    for (const p of [on, off, author]) expect((await p.agent.post(`/api/messages/join-group/${groupId}`, {})).status).toBe(200);
    const onDevice = await subscribe(on);
    const offDevice = await subscribe(off);
    const authorDevice = await subscribe(author);
    await settings(on, { groups: [groupId] });
    await settings(author, { groups: [groupId] });
    expect((await author.agent.post(`/api/messages/send-group/${groupId}`, { text: 'group words' })).status).toBe(201);
    await expect.poll(() => onDevice.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    await settled();
    expect(onDevice.received[0]!.payload).toEqual({ v: 1, kind: 'group', url: `/chat/group/${groupId}`, tag: `group:${groupId}` });
    expect(offDevice.received).toHaveLength(0);
    expect(authorDevice.received).toHaveLength(0);
  });
});

describe('many writers at once', () => {
  it('each message notifies its receiver exactly once', async () => {
    const receiver = await person();
    const device = await subscribe(receiver);
    const senders: Person[] = [];
    for (let i = 0; i < 5; i += 1) {
      const s = await person();
      expect((await s.agent.post(`/api/messages/send/${receiver.id}`, { text: 'hi' })).status).toBe(201);
      expect((await receiver.agent.post(`/api/messages/requests/${s.id}/accept`, {})).status).toBe(200);
      senders.push(s);
    }
    await settled();
    const before = device.received.length;
    await Promise.all(senders.flatMap((s) => Array.from({ length: 4 }, (_, i) => send(s, receiver, `line ${i}`))));
    await expect.poll(() => device.received.length - before, { timeout: 5000, interval: 20 }).toBe(20);
    await settled();
    expect(device.received.length - before).toBe(20);
  });
});

describe('decisions about one’s own account', () => {
  it('a professional waiting for verification hears it was decided, with no reason in the push', async () => {
    const made = await signUp(server, { role: 'therapist' });
    expect(made.res.status).toBe(201);
    const waiting: Person = { agent: made.agent, id: made.user._id, fullName: 'Waiting Therapist' };
    const device = await subscribe(waiting);
    const admin = await signedInAdmin(server);
    expect((await admin.post(`/api/admin/verify-user/${waiting.id}`)).status).toBe(200);
    await expect.poll(() => device.received.length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(device.received[0]!.payload).toEqual({ v: 1, kind: 'verification', url: '/dashboard', tag: 'verification' });
  });
});

describe('a crisis alert the person asked for', () => {
  it('reaches their professional’s device as "A client may need you", with no words and no name', async () => {
    const proPerson: Person = { agent: pro.agent, id: pro.user._id, fullName: pro.user.fullName };
    const device = await subscribe(proPerson);
    const [client, friend] = await pair();
    expect((await client.agent.put('/api/me/crisis-alerts', { enabled: true })).status).toBe(200);
    const words = 'i want to kill myself tonight';
    await send(client, friend, words);
    await expect.poll(() => device.received.filter((r) => r.payload.kind === 'crisis').length, { timeout: 2000, interval: 20 }).toBe(1);
    const alert = device.received.find((r) => r.payload.kind === 'crisis')!;
    expect(alert.payload).toEqual({ v: 1, kind: 'crisis', url: '/therapist-chat', tag: 'crisis' });
    expect(alert.text).not.toContain('kill');
    expect(alert.text).not.toContain(client.fullName);
  });
});
