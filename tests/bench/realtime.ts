/**
 * Realtime fan-out: N socket.io clients spread over groups, group messages sent over HTTP by
 * members, and the time from the POST leaving to each member's socket receiving it.
 */
import { io, type Socket } from 'socket.io-client';
import { ADMIN, post, startBenchServer, summarize } from './lib';

const CLIENTS = 60;
const GROUPS = 6;
const MESSAGES = 300;
const IN_FLIGHT = 8;

export async function realtimeBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl);
  const sockets: Socket[] = [];
  try {
    const { baseUrl } = server;
    const admin = (await post<{ _id?: string; group?: { _id: string } }>(baseUrl, '/api/auth/login', ADMIN)).cookie;
    const groupIds: string[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      groupIds.push((await post<{ _id?: string; group?: { _id: string } }>(baseUrl, '/api/admin/create-group', { name: `Bench ${g}`, type: 'mental', description: 'bench' }, admin)).json.group!._id);
    }
    const people: { cookie: string; group: string }[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      // Admins need no referral code and are full chat members: quickest way to many accounts.
      const email = `rt${i}.${Date.now()}@bench.haven`;
      const { cookie } = await post<{ _id?: string; group?: { _id: string } }>(baseUrl, '/api/auth/signup', { fullName: `RT ${i}`, email, password: 'bench-password', role: 'therapist' });
      people.push({ cookie, group: groupIds[i % GROUPS]! });
    }
    // Professionals start pending; verify them so they may chat.
    const pending = await (await fetch(`${baseUrl}/api/admin/pending-users`, { headers: { cookie: admin } })).json() as { _id: string }[];
    await Promise.all(pending.map((p) => post(baseUrl, `/api/admin/verify-user/${p._id}`, {}, admin)));
    for (const p of people) await post<{ _id?: string; group?: { _id: string } }>(baseUrl, `/api/messages/join-group/${p.group}`, {}, p.cookie);

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let received = 0;
    const perGroup = CLIENTS / GROUPS;
    const expected = MESSAGES * perGroup;
    let done!: () => void;
    const allDelivered = new Promise<void>((r) => { done = r; });
    for (const p of people) {
      const socket = io(baseUrl, { transports: ['websocket'], extraHeaders: { cookie: p.cookie }, reconnection: false, forceNew: true });
      socket.on('newGroupMessage', (m: { clientId: string }) => {
        const t0 = sentAt.get(m.clientId);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
        received += 1;
        if (received === expected) done();
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => {
      if (s.connected) resolve();
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    })));

    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < MESSAGES) {
        const i = next;
        next += 1;
        const sender = people[i % CLIENTS]!;
        const clientId = `bench-${i.toString().padStart(8, '0')}`;
        sentAt.set(clientId, performance.now());
        await post<{ _id?: string; group?: { _id: string } }>(baseUrl, `/api/messages/send-group/${sender.group}`, { text: `message ${i}`, clientId }, sender.cookie);
      }
    }));
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.race([allDelivered, new Promise((r) => setTimeout(r, 30_000))]);
    const wall = (performance.now() - started) / 1000;
    const s = summarize(latencies);
    return [{
      database: server.kind,
      case: `${CLIENTS} sockets, ${GROUPS} groups, ${MESSAGES} msgs (${IN_FLIGHT} in flight)`,
      'delivery p50': s.p50,
      'delivery p99': s.p99,
      'sent msg/s': (MESSAGES / sendSeconds).toFixed(0),
      'deliveries/s': (received / wall).toFixed(0),
      delivered: `${received}/${expected}`,
    }];
  } finally {
    for (const s of sockets) s.disconnect();
    await server.close();
  }
}
