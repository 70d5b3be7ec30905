/**
 * Replay after a long time offline: 1,000 messages queued in the real client sync layer
 * (fake-indexeddb in Node), then the time from 'online' to the last one acknowledged, messages per
 * second, and how many the server holds twice (must be 0) or not at all (must be 0).
 */
import 'fake-indexeddb/auto';
import type { SyncPage } from '../../src/shared/api';
import { queueDirect } from '../../src/client/sync/outbox';
import { OfflineClient } from '../support/offline-client';
import { ADMIN, startBenchServer } from './lib';

const COUNT = 1000;

async function json(baseUrl: string, method: string, path: string, body?: unknown, cookie = '') {
  const res = await fetch(baseUrl + path, {
    method, headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return { data, cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? cookie };
}

export async function replayBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl);
  try {
    const { baseUrl } = server;
    const stamp = Date.now();
    const admin = (await json(baseUrl, 'POST', '/api/auth/login', ADMIN)).cookie;
    const pro = await json(baseUrl, 'POST', '/api/auth/signup', { fullName: 'Pro', email: `pro${stamp}@bench.haven`, password: 'bench-password', role: 'therapist' });
    const code = (await json(baseUrl, 'POST', `/api/admin/verify-user/${pro.data._id}`, {}, admin)).data.referralCode as string;
    const person = (n: string) => json(baseUrl, 'POST', '/api/auth/signup', { fullName: n, email: `${n}${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode: code });
    const sender = await person('sender');
    const receiver = await person('receiver');

    const client = new OfflineClient(baseUrl, sender.cookie, sender.data._id);
    client.mode = 'offline';
    for (let i = 0; i < COUNT; i += 1) await queueDirect(client.db, sender.data._id, receiver.data._id, `offline message ${i}`, null);
    await client.flusher.flush(); // fails: offline; every row waits

    const started = performance.now();
    await client.drain();
    const seconds = (performance.now() - started) / 1000;
    client.close();

    const seen = new Map<string, number>();
    let cursor = 0;
    for (;;) {
      const page = (await json(baseUrl, 'GET', `/api/messages/sync?since=${cursor}`, undefined, receiver.cookie)).data as SyncPage;
      for (const m of page.direct) if (m.senderId === sender.data._id) seen.set(m.clientId, (seen.get(m.clientId) ?? 0) + 1);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const duplicates = [...seen.values()].reduce((sum, n) => sum + (n - 1), 0);
    return [{
      database: server.kind, case: `${COUNT} queued offline, then online`,
      'online → last ack': `${seconds.toFixed(2)} s`, 'msg/s': (COUNT / seconds).toFixed(0),
      duplicates: String(duplicates), missing: String(COUNT - seen.size),
    }];
  } finally {
    await server.close();
  }
}
