import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, DirectMessage, PublicUser, SyncPage } from '../../src/shared/api';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE } from '../../src/shared/images';
import { IMAGE_MAX_BYTES } from '../../src/shared/limits';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { referredUser, type Person, signUp, signedInAdmin, verifiedProfessional, uploadImage } from './people';
import { closeAllSockets, noEvent, nextEvent, readySocket } from './socket-client';

let server: TestServer;
let therapist: Awaited<ReturnType<typeof verifiedProfessional>>;
let ngo: Awaited<ReturnType<typeof verifiedProfessional>>;
beforeAll(async () => {
  server = await startServer();
  therapist = await verifiedProfessional(server, 'therapist');
  ngo = await verifiedProfessional(server, 'ngo');
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const ids = (list: { _id: string }[]) => list.map((u) => u._id);
let n = 0;
const clientId = () => `msg-test-${(n += 1).toString().padStart(6, '0')}`;

const person = (code = therapist.code): Promise<Person> => referredUser(server, code);


describe('GET /api/messages/users', () => {
  it('lists everyone but oneself to a user and to an admin, with public fields only', async () => {
    const [a, b] = [await person(), await person()];
    const res = await a.agent.get<PublicUser[]>('/api/messages/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining([b.id, therapist.user._id, ngo.user._id]));
    expect(ids(res.body)).not.toContain(a.id);
    expect(JSON.stringify(res.body)).not.toMatch(/email|passwordHash|referralCode/);

    const admin = await signedInAdmin(server);
    const me = (await admin.get('/api/auth/check')).body._id as string;
    const seen = ids((await admin.get<PublicUser[]>('/api/messages/users')).body);
    expect(seen).toEqual(expect.arrayContaining([a.id, b.id, therapist.user._id]));
    expect(seen).not.toContain(me);
  });

  it('lists to a verified professional exactly the users referred to them', async () => {
    const pro = await verifiedProfessional(server, 'volunteer');
    const mine = [await person(pro.code), await person(pro.code)];
    const notMine = await person(therapist.code);
    const res = await pro.agent.get<PublicUser[]>('/api/messages/users');
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(ids(res.body)).not.toContain(notMine.id);
  });
});

describe('GET /api/messages/therapists', () => {
  it('lists verified therapists plus the professional who referred the caller', async () => {
    const pending = await signUp(server, { role: 'therapist' });
    const viaNgo = await person(ngo.code);
    const viaTherapist = await person(therapist.code);

    const listed = ids((await viaNgo.agent.get<PublicUser[]>('/api/messages/therapists')).body);
    expect(listed).toEqual(expect.arrayContaining([therapist.user._id, ngo.user._id]));
    expect(listed).not.toContain(pending.user._id);
    expect(listed).not.toContain(viaTherapist.id);

    const res = await viaTherapist.agent.get<PublicUser[]>('/api/messages/therapists');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(therapist.user._id);
    expect(ids(res.body)).not.toContain(ngo.user._id);
    expect(res.body.every((u) => u.role === 'therapist' && u.status === 'verified')).toBe(true);
  });
});

describe('GET /api/messages/:userId', () => {
  it('answers the thread oldest first and pages back with ?before=<seq>&limit=', async () => {
    const [a, b] = [await person(), await person()];
    const sent: DirectMessage[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      const res = await from.agent.post(`/api/messages/send/${to.id}`, { text: `m${i}`, clientId: clientId() });
      expect(res.status).toBe(201);
      sent.push(res.body);
    }
    const texts = async (agent: Agent, path: string) => {
      const res = await agent.get<DirectMessage[]>(path);
      expect(res.status).toBe(200);
      return res.body.map((m) => m.text);
    };
    expect(await texts(a.agent, `/api/messages/${b.id}`)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(await texts(b.agent, `/api/messages/${a.id}`)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const last = await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}?limit=2`);
    expect(last.body.map((m) => m.text)).toEqual(['m4', 'm5']);
    const middle = await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}?before=${last.body[0]!.seq}&limit=2`);
    expect(middle.body.map((m) => m.text)).toEqual(['m2', 'm3']);
    expect(await texts(a.agent, `/api/messages/${b.id}?before=${middle.body[0]!.seq}&limit=2`)).toEqual(['m1']);
    expect(last.body[1]).toEqual(sent[4]);
    for (const query of ['limit=0', 'limit=201', 'before=0', 'before=-3', 'limit=two']) {
      expect({ query, status: (await a.agent.get(`/api/messages/${b.id}?${query}`)).status }).toEqual({ query, status: 400 });
    }
    expect((await a.agent.get('/api/messages/not-an-id')).body.code).toBe('INVALID_ID');
  });

  it('never shows a third person another pair\'s messages', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await a.agent.post(`/api/messages/send/${b.id}`, { text: 'between a and b', clientId: clientId() });
    await b.agent.post(`/api/messages/send/${a.id}`, { text: 'b answers a', clientId: clientId() });
    for (const other of [a.id, b.id]) {
      const res = await c.agent.get<DirectMessage[]>(`/api/messages/${other}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    expect((await c.agent.get(`/api/messages/${UNKNOWN_ID}`)).status).toBe(404);
  });
});

describe('POST /api/messages/send/:userId', () => {
  it('stores non-blank text and refuses blank text, no content and an unknown recipient', async () => {
    const [a, b] = [await person(), await person()];
    const ok = await a.agent.post(`/api/messages/send/${b.id}`, { text: '  hello  ', clientId: clientId() });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ senderId: a.id, receiverId: b.id, text: 'hello', image: null });
    for (const body of [{ text: '   ' }, { text: '' }, {}, { text: '\n\t', image: '' }]) {
      const res = await a.agent.post(`/api/messages/send/${b.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await a.agent.post(`/api/messages/send/${UNKNOWN_ID}`, { text: 'anyone there?' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Invalid user selected');
    expect((await a.agent.post(`/api/messages/send/${a.id}`, { text: 'me' })).status).toBe(400);
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.map((m) => m.text)).toEqual(['hello']);
  });

  it('accepts an image only when the sender uploaded it to our store', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await uploadImage(server, a.agent);
    const sent = await a.agent.post(`/api/messages/send/${b.id}`, { text: '', image: mine, clientId: clientId() });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ image: mine, text: '' });

    const theirs = await uploadImage(server, b.agent);
    const refused = [theirs, 'https://evil.example/cat.png', `/uploads/${'a'.repeat(32)}.png`, '/uploads/../secret.png'];
    for (const image of refused) {
      const res = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'look', image });
      expect({ image, status: res.status }).toEqual({ image, status: 400 });
    }
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body).toHaveLength(1);
  });

  describe('with a data URL image (what the spec\'s client sends)', () => {
    const jpegWithExif = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#c84' } })
      .withExif({ IFD0: { ImageDescription: 'home 51.5N 0.1W', Artist: 'Secret Name' } }).jpeg().toBuffer();
    const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
    const stored = () => readdirSync(server.config.uploadsDir).length;
    const fetchImage = async (agent: Agent, url: string) =>
      Buffer.from(await (await fetch(server.baseUrl + url, { headers: { cookie: agent.cookieHeader } })).arrayBuffer());

    it('stores it through the upload pipeline and the message keeps the stored URL, metadata gone', async () => {
      const [a, b] = [await person(), await person()];
      const socket = await readySocket(server, b.agent, b.id);
      const event = nextEvent(socket, 'newMessage');
      // The declared type is not trusted: these are JPEG bytes labelled PNG.
      const sent = await a.agent.post<DirectMessage>(`/api/messages/send/${b.id}`, { text: '', image: dataUrl(await jpegWithExif(), 'image/png') });
      expect(sent.status).toBe(201);
      expect(sent.body.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
      expect((await event).image).toBe(sent.body.image);
      expect((await b.agent.get<DirectMessage[]>(`/api/messages/${a.id}`)).body.map((m) => m.image)).toEqual([sent.body.image]);
      const served = await fetchImage(b.agent, sent.body.image!);
      const meta = await sharp(served).metadata();
      expect({ format: meta.format, width: meta.width, exif: meta.exif }).toEqual({ format: 'jpeg', width: 24, exif: undefined });
      expect(served.toString('latin1')).not.toContain('Secret Name');
    });

    it('refuses what is not a JPEG, PNG or GIF with 415 and the spec\'s words, storing nothing', async () => {
      const [a, b] = [await person(), await person()];
      const before = stored();
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer();
      const refused = [
        dataUrl(webp, 'image/webp'),
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'),
        dataUrl(Buffer.from('%PDF-1.7 not a picture'), 'application/pdf'),
        'data:image/gif,GIF89a-not-base64',
        dataUrl(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]), 'image/png'),
      ];
      for (const image of refused) {
        const res = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'look', image });
        expect({ type: image.slice(0, 20), status: res.status, body: res.body })
          .toEqual({ type: image.slice(0, 20), status: 415, body: { message: INVALID_IMAGE_MESSAGE, code: 'UNSUPPORTED_MEDIA_TYPE' } });
      }
      expect(stored()).toBe(before);
      expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body).toEqual([]);
    });

    it('takes an image just under 5 MB, and refuses one over it with 413', async () => {
      const [a, b] = [await person(), await person()];
      // Noise does not compress: a 1280x1280 PNG of it is about 4.9 MB, 6.6 MB as base64.
      const noise = await sharp(randomBytes(1280 * 1280 * 3), { raw: { width: 1280, height: 1280, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(noise.byteLength).toBeGreaterThan(4.5 * 1024 * 1024);
      expect(noise.byteLength).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
      const ok = await a.agent.post(`/api/messages/send/${b.id}`, { image: dataUrl(noise, 'image/png') });
      expect(ok.status).toBe(201);
      expect(ok.body.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

      const before = stored();
      const over = Buffer.concat([noise, Buffer.alloc(IMAGE_MAX_BYTES - noise.byteLength + 1)]);
      const tooLarge = await a.agent.post(`/api/messages/send/${b.id}`, { image: dataUrl(over, 'image/png') });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({ message: IMAGE_TOO_LARGE_MESSAGE, code: 'PAYLOAD_TOO_LARGE' });
      const far = await a.agent.post(`/api/messages/send/${b.id}`, { image: dataUrl(Buffer.alloc(8 * 1024 * 1024, 1), 'image/png') });
      expect(far.status).toBe(413);
      expect(stored()).toBe(before);
    });

    it('a repeated clientId answers the first message and leaves no second file behind', async () => {
      const [a, b] = [await person(), await person()];
      const body = { text: 'twice', image: dataUrl(await jpegWithExif()), clientId: clientId() };
      const one = await a.agent.post<DirectMessage>(`/api/messages/send/${b.id}`, body);
      const files = stored();
      const two = await a.agent.post<DirectMessage>(`/api/messages/send/${b.id}`, body);
      expect([one.status, two.status]).toEqual([201, 200]);
      expect(two.body).toEqual(one.body);
      expect(stored()).toBe(files);
    });

    it('is not taken by the batch route, which stays URL-only', async () => {
      const [a, b] = [await person(), await person()];
      const image = dataUrl(await jpegWithExif());
      const res = await a.agent.post<BatchResponse>('/api/messages/batch', { items: [{ kind: 'direct', to: b.id, text: 'x', image, clientId: clientId() }] });
      expect(res.status).toBe(200);
      expect(res.body.results[0]).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', message: 'The image must be uploaded first' });
    });
  });

  it('lets a professional write to a user not referred to them only after that user wrote first', async () => {
    const stranger = await person(ngo.code);
    const before = await therapist.agent.post(`/api/messages/send/${stranger.id}`, { text: 'hi there' });
    expect(before.status).toBe(403);
    expect(before.body.code).toBe('FORBIDDEN');
    expect((await stranger.agent.get(`/api/messages/${therapist.user._id}`)).body).toEqual([]);

    expect((await stranger.agent.post(`/api/messages/send/${therapist.user._id}`, { text: 'can we talk?' })).status).toBe(201);
    const after = await therapist.agent.post(`/api/messages/send/${stranger.id}`, { text: 'of course' });
    expect(after.status).toBe(201);
  });
});

describe('idempotent sends', () => {
  it('stores one message for a repeated clientId, answers it again with 200 and broadcasts once', async () => {
    const [a, b] = [await person(), await person()];
    const socket = await readySocket(server, b.agent, b.id);
    const body = { text: 'only once', clientId: clientId() };
    const first = nextEvent(socket, 'newMessage');
    const one = await a.agent.post(`/api/messages/send/${b.id}`, body);
    expect(one.status).toBe(201);
    expect((await first)._id).toBe(one.body._id);

    const quiet = noEvent(socket, 'newMessage');
    const two = await a.agent.post(`/api/messages/send/${b.id}`, body);
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    await quiet;
    expect((await b.agent.get<DirectMessage[]>(`/api/messages/${a.id}`)).body.map((m) => m._id)).toEqual([one.body._id]);
  });

  it('stores exactly one message for 20 concurrent sends of the same clientId', async () => {
    const [a, b] = [await person(), await person()];
    const body = { text: 'racing retries', clientId: clientId() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.agent.post(`/api/messages/send/${b.id}`, body)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((r) => r.body._id)).size).toBe(1);
    const thread = (await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body;
    expect(thread.map((m) => m._id)).toEqual([answers[0]!.body._id]);
  });

  it('keys idempotency by sender: the same clientId from two people stores two messages', async () => {
    const [a, b] = [await person(), await person()];
    const shared = clientId();
    const one = await a.agent.post(`/api/messages/send/${b.id}`, { text: 'from a', clientId: shared });
    const two = await b.agent.post(`/api/messages/send/${a.id}`, { text: 'from b', clientId: shared });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await a.agent.get<DirectMessage[]>(`/api/messages/${b.id}`)).body.map((m) => m.text)).toEqual(['from a', 'from b']);
  });
});

describe('who may use /api/messages at all', () => {
  const routes = (userId: string, groupId: string): [string, string][] => [
    ['GET', '/api/messages/users'], ['GET', '/api/messages/therapists'], ['GET', '/api/messages/groups'],
    ['GET', '/api/messages/sync?since=0'], ['GET', `/api/messages/${userId}`], ['GET', `/api/messages/group/${groupId}`],
    ['POST', `/api/messages/send/${userId}`], ['POST', `/api/messages/send-group/${groupId}`], ['POST', `/api/messages/join-group/${groupId}`],
    ['POST', '/api/messages/batch'],
  ];

  it('refuses a pending professional with 403 VERIFICATION_REQUIRED on every route', async () => {
    const pending = await signUp(server, { role: 'ngo' });
    const target = await person();
    const admin = await signedInAdmin(server);
    const group = (await admin.post('/api/admin/create-group', { name: 'Closed door', type: 'academic', description: 'x' })).body.group;
    for (const [method, path] of routes(target.id, group._id)) {
      const res = await pending.agent.request(method, path, method === 'POST' ? { text: 'hello', clientId: clientId() } : undefined);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'VERIFICATION_REQUIRED' });
    }
    // Nothing reached the target (whose view of a pending account is that of an unknown id).
    const feed = (await target.agent.get<SyncPage>('/api/messages/sync?since=0')).body;
    expect(feed.direct.filter((m) => m.senderId === pending.user._id)).toEqual([]);
    expect((await admin.get<{ _id: string; members: unknown[] }[]>('/api/admin/groups')).body
      .find((g) => g._id === group._id)?.members).toEqual([]);
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    for (const [method, path] of routes(therapist.user._id, UNKNOWN_ID)) {
      const res = await server.agent().request(method, path, method === 'POST' ? { text: 'hello' } : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });
});
