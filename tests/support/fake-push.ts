/**
 * A push service on 127.0.0.1 for the tests: each device has its own endpoint and keys, and every
 * push it receives is decrypted with them (aes128gcm, as a browser would), so a test reads exactly
 * what a lock screen could show. The bench's push service only counts, on a thread of its own.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import ece from 'http_ece';
import type { PushPayload } from '../../src/shared/push-payload';

export interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  payload: PushPayload;
  /** The decrypted body as text, to look for words that must not be there. */
  text: string;
}

export interface FakeDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Received[];
  /** The status this device's endpoint answers (201 until changed). */
  status: number;
}

export interface FakePush {
  origin: string;
  device(): FakeDevice;
  /** Every push received, in order. */
  all(): Received[];
  close(): Promise<void>;
}

export async function startFakePush(): Promise<FakePush> {
  const devices = new Map<string, FakeDevice & { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const log: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url?.split('/').pop() ?? '');
      if (!device || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (device.status >= 200 && device.status < 300) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
        const text = plain.toString('utf8');
        const got: Received = { at: Date.now(), headers: req.headers, payload: JSON.parse(text) as PushPayload, text };
        device.received.push(got);
        log.push(got);
      }
      res.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    device: () => {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        received: [], status: 201, ecdh, auth,
      };
      devices.set(id, device);
      return device;
    },
    all: () => log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CountingPush {
  origin: string;
  /** A subscription with real keys (the server encrypts for them), for an endpoint that answers 201. */
  device(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Pushes received so far. */
  count(): number;
  close(): Promise<void>;
}

/**
 * The bench's push service: answers 201 to every push and counts it, on its own thread. A real
 * push service runs elsewhere; here, in the server's thread, its parsing of tens of thousands of
 * requests would be counted against the server's own delivery figures.
 */
export async function startCountingPush(): Promise<CountingPush> {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const { createServer } = require('node:http');
    const counter = new Int32Array(workerData);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method !== 'POST' || !req.url.startsWith('/push/')) return res.writeHead(404).end();
        Atomics.add(counter, 0, 1);
        res.writeHead(201).end();
      });
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
  `, { eval: true, workerData: counter.buffer });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    device: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { endpoint: `${origin}/push/${randomUUID()}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    },
    count: () => Atomics.load(counter, 0),
    close: async () => {
      await worker.terminate();
    },
  };
}
