/**
 * A push service on 127.0.0.1 for the tests and the bench: each device has its own endpoint and
 * keys, and every push it receives is decrypted with them (aes128gcm, as a browser would), so a
 * test reads exactly what a lock screen could show.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** `decrypt: false` only counts what arrives (the bench: decrypting 25,000 pushes would be the fake's own cost). */
export async function startFakePush({ decrypt = true } = {}): Promise<FakePush> {
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
      if (device.status >= 200 && device.status < 300 && !decrypt) {
        const got: Received = { at: Date.now(), headers: req.headers, payload: { v: 1, kind: 'test', url: '/', tag: '' }, text: '' };
        device.received.push(got);
        log.push(got);
      } else if (device.status >= 200 && device.status < 300) {
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
