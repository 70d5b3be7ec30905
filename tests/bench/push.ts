/**
 * `npm run bench push` (docs/decisions/notifications.md): a group message fanned out to 500
 * subscribed devices on a local fake push service (which only counts, on a thread of its own, so its
 * work stays out of the figures). Prints the time from the message's POST to the last push, socket
 * delivery of group messages to members, before any device subscribed and while every message fans
 * out, and how long those messages' pushes took to leave.
 */
import { io, type Socket } from 'socket.io-client';
import { startCountingPush } from '../support/fake-push';
import { ADMIN, percentile, request, startBenchServer } from './lib';

const DEVICES = Number(process.env.PUSH_DEVICES ?? 500);
const LISTENERS = 5;
const MESSAGES = 40;
const SIGNUPS_AT_ONCE = 4;

/** p50 and p99 of socket delivery (POST sent to every listener's socket holding it), in ms. */
async function deliveries(baseUrl: string, sender: string, groupId: string, sockets: Socket[], tag: string): Promise<{ p50: number; p99: number }> {
  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  for (const s of sockets) s.on('newGroupMessage', (m: { clientId: string }) => {
    const t0 = sentAt.get(m.clientId);
    if (t0 !== undefined) samples.push(performance.now() - t0);
  });
  for (let i = 0; i < MESSAGES; i += 1) {
    const clientId = `${tag}-${i.toString().padStart(6, '0')}`;
    sentAt.set(clientId, performance.now());
    await request(baseUrl, 'POST', `/api/messages/send-group/${groupId}`, { text: `bench ${i}`, clientId }, sender);
  }
  const until = Date.now() + 30_000;
  while (samples.length < MESSAGES * sockets.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const s of sockets) s.off('newGroupMessage');
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export async function pushBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const push = await startCountingPush();
  const server = await startBenchServer(postgresUrl, undefined, { PUSH_ENDPOINT_ALLOW: push.origin });
  const sockets: Socket[] = [];
  try {
    const { baseUrl } = server;
    const admin = (await request(baseUrl, 'POST', '/api/auth/login', ADMIN, '')).cookie;
    const groupId = ((await request(baseUrl, 'POST', '/api/admin/create-group', { name: 'Push bench', type: 'mental', description: 'bench' }, admin)).json.group as { _id: string })._id;
    // Members: professionals verified by the admin (no referral code needed), each joined.
    const people: string[] = [];
    for (let i = 0; i < DEVICES + 1; i += SIGNUPS_AT_ONCE) {
      await Promise.all(Array.from({ length: Math.min(SIGNUPS_AT_ONCE, DEVICES + 1 - i) }, async (_, k) => {
        const { cookie, json } = await request(baseUrl, 'POST', '/api/auth/signup', { fullName: `Push ${i + k}`, email: `push${i + k}.${Date.now()}@bench.haven`, password: 'bench-password', role: 'therapist' });
        await request(baseUrl, 'POST', `/api/admin/verify-user/${json._id as string}`, {}, admin);
        await request(baseUrl, 'POST', `/api/messages/join-group/${groupId}`, {}, cookie);
        people.push(cookie);
      }));
    }
    const [sender, ...members] = people as [string, ...string[]];
    for (const cookie of members.slice(0, LISTENERS)) {
      sockets.push(io(baseUrl, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true }));
    }
    await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => {
      if (s.connected) resolve();
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    })));

    const quiet = await deliveries(baseUrl, sender, groupId, sockets, 'before');

    // Every member subscribes a device and turns the group's notifications on.
    const settings = { kinds: { messages: true, groups: true, aura: true, account: true, crisis: true }, groups: [groupId], showNames: false, quietHours: null, sound: false };
    for (let i = 0; i < members.length; i += 8) {
      await Promise.all(members.slice(i, i + 8).map(async (cookie) => {
        await request(baseUrl, 'POST', '/api/push/subscriptions', push.device(), cookie);
        await request(baseUrl, 'PUT', '/api/push/settings', settings, cookie);
      }));
    }

    // One message: from its POST to the last of its pushes at the push service.
    const before = push.count();
    const t0 = performance.now();
    await request(baseUrl, 'POST', `/api/messages/send-group/${groupId}`, { text: 'fan out', clientId: 'fanout-000001' }, sender);
    const until = Date.now() + 60_000;
    while (push.count() - before < members.length && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    const fanOut = performance.now() - t0;
    const pushed = push.count() - before;

    // The 40 messages' pushes outlast their delivery: how many were out by then, and when the last.
    const loadedAt = performance.now();
    const loaded = await deliveries(baseUrl, sender, groupId, sockets, 'during');
    const measuredMs = performance.now() - loadedAt;
    const outMeanwhile = push.count() - before - pushed;
    const all = MESSAGES * members.length;
    const drainUntil = Date.now() + 300_000;
    while (push.count() - before - pushed < all && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 5));
    const drainedMs = performance.now() - loadedAt;
    const drained = push.count() - before - pushed;
    return [{
      database: server.kind, devices: String(members.length),
      'POST to last push': `${fanOut.toFixed(0)} ms (${pushed} pushes)`,
      'socket delivery p50 / p99, no subscriptions': `${quiet.p50.toFixed(1)} / ${quiet.p99.toFixed(1)} ms`,
      [`socket delivery p50 / p99, each message fanned out to ${members.length}`]: `${loaded.p50.toFixed(1)} / ${loaded.p99.toFixed(1)} ms`,
      [`their ${all} pushes: out while timed; all out after`]: `${outMeanwhile} in ${(measuredMs / 1000).toFixed(1)} s; ${drained === all ? 'all' : `only ${drained}`} after ${(drainedMs / 1000).toFixed(1)} s`,
    }];
  } catch (error) {
    // Said before closing: a close that then times out would hide it.
    console.error('push bench failed:', error);
    throw error;
  } finally {
    for (const s of sockets) s.close();
    await server.close();
    await push.close();
  }
}
