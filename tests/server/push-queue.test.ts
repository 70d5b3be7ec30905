/**
 * The push queue under a backlog (docs/decisions/notifications.md): with more pushes than it sends
 * at once to a slow push service, a stop settles every one of them (sent or dropped) and returns,
 * where it once waited forever on pushes p-queue had thrown away.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushQueue } from '../../src/server/push/queue';
import { startFakePush, type FakePush } from '../support/fake-push';

let slow: Server;
let origin: string;
let keys: FakePush;
beforeAll(async () => {
  // Answers every push after a third of a second, as a busy push service does.
  slow = createServer((req, res) => {
    req.resume();
    setTimeout(() => res.writeHead(201).end(), 300);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  keys = await startFakePush();
});
afterAll(async () => {
  await new Promise<void>((resolve) => slow.close(() => resolve()));
  await keys.close();
});

describe('a stop with a backlog of pushes', () => {
  it('settles every push, sent or dropped, and returns', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@test.haven' };
    const queue = new PushQueue(vapid, { gone: async () => {}, log: { warn: () => {} } });
    const { keys: k } = keys.device().subscription;
    for (let i = 0; i < 200; i += 1) {
      queue.add({ endpoint: `${origin}/push/${i}`, p256dh: k.p256dh, auth: k.auth }, { v: 1, kind: 'test', url: '/settings', tag: 'test' }, { ttl: 60, urgency: 'normal' });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    await queue.stop();
    expect(queue.counts.delivered + queue.counts.dropped).toBe(200);
    // Those on the wire when the stop came were sent; the rest were never started.
    expect(queue.counts.dropped).toBeGreaterThan(100);
  });
});
