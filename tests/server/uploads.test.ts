import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys, signUpload } from '../../src/server/uploads/signing';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { signUp, verifiedProfessional } from './people';

let server: TestServer;
let person: Agent;
beforeAll(async () => {
  server = await startServer();
  person = (await verifiedProfessional(server)).agent;
});
afterAll(async () => { await server?.close(); });

const png = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a7' } }).png().toBuffer();
/** A JPEG carrying EXIF (with a GPS-like comment) that must not survive the store. */
const jpegWithExif = () => sharp({ create: { width: 20, height: 10, channels: 3, background: '#a33' } })
  .withExif({ IFD0: { ImageDescription: 'home address 51.5N 0.1W', Artist: 'Secret Name' } })
  .jpeg().toBuffer();

async function uploadForm(agent: Agent, file: Buffer, fileName: string, overrides: Record<string, string> = {}) {
  const auth = await agent.get('/api/upload');
  expect(auth.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const fields: Record<string, string> = {
    publicKey: auth.body.publicKey, signature: auth.body.signature, expire: String(auth.body.expire),
    token: auth.body.token, fileName, folder: '/aura-ai', useUniqueFileName: 'true', ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return { auth: auth.body, form };
}

// The upload itself carries no cookie, as with the real image host.
const anonymous = () => server.agent();

describe('GET /api/upload', () => {
  it('answers ImageKit-style parameters with a signature over token + expire', async () => {
    const res = await person.get('/api/upload');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uploadUrl: '/api/uploads' });
    expect(res.body.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.expire).toBeGreaterThan(Date.now() / 1000);
    expect(res.body.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.publicKey).toMatch(/^public_haven_/);
  });

  it('is refused to anonymous callers', async () => {
    expect((await anonymous().get('/api/upload')).status).toBe(401);
  });
});

describe('POST /api/uploads (the built-in store)', () => {
  it('stores a real image, strips its metadata and serves it to signed-in people only', async () => {
    const { form } = await uploadForm(person, await jpegWithExif(), 'photo.jpg');
    const res = await anonymous().request('POST', '/api/uploads', form);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const served = await fetch(server.baseUrl + res.body.url, { headers: { cookie: person.cookieHeader } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Name'))).toBe(false);
    expect((await anonymous().get(res.body.url)).status).toBe(401);
  });

  it('refuses a reused token', async () => {
    const file = await png();
    const { form, auth } = await uploadForm(person, file, 'a.png');
    expect((await anonymous().request('POST', '/api/uploads', form)).status).toBe(200);
    const again = new FormData();
    again.append('file', new Blob([new Uint8Array(file)]), 'b.png');
    for (const k of ['publicKey', 'signature', 'token'] as const) again.append(k, auth[k]);
    again.append('expire', String(auth.expire));
    const res = await anonymous().request('POST', '/api/uploads', again);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('refuses a forged signature and a signature made with another key', async () => {
    const file = await png();
    const forged = await uploadForm(person, file, 'a.png', { signature: 'f'.repeat(40) });
    expect((await anonymous().request('POST', '/api/uploads', forged.form)).status).toBe(403);
    const { auth } = await uploadForm(person, file, 'a.png');
    const otherKey = await uploadForm(person, file, 'a.png', {
      token: auth.token, signature: signUpload('private_guess', auth.token, auth.expire),
    });
    expect((await anonymous().request('POST', '/api/uploads', otherKey.form)).status).toBe(403);
  });

  it('refuses an expired signature, even when correctly signed', async () => {
    const expired = await startServer({ env: { UPLOAD_TOKEN_MINUTES: '1' } });
    try {
      const agent = (await verifiedProfessional(expired)).agent;
      const auth = (await agent.get('/api/upload')).body;
      const past = Math.floor(Date.now() / 1000) - 5;
      const keys = await loadOrCreateKeys(expired.database.db, expired.config.dataDir);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png())]), 'a.png');
      form.append('publicKey', auth.publicKey);
      form.append('token', auth.token);
      form.append('expire', String(past));
      form.append('signature', signUpload(keys.privateKey, auth.token, past));
      const res = await expired.agent().request('POST', '/api/uploads', form);
      expect(res.status).toBe(403);
    } finally {
      await expired.close();
    }
  });

  it('refuses a disguised file (an image name over text bytes) and stores nothing', async () => {
    const before = readdirSync(server.config.uploadsDir).length;
    const { form } = await uploadForm(person, Buffer.from('#!/bin/sh\necho this is not a picture\n'), 'cat.jpg');
    const res = await anonymous().request('POST', '/api/uploads', form);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Please select a valid image file (JPEG, PNG, GIF)', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(readdirSync(server.config.uploadsDir).length).toBe(before);
  });

  it('refuses a file with image magic bytes but no image behind them', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const { form } = await uploadForm(person, fake, 'x.png');
    expect((await anonymous().request('POST', '/api/uploads', form)).status).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const { form } = await uploadForm(person, big, 'big.png');
    const res = await anonymous().request('POST', '/api/uploads', form);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Image size should be less than 5MB');
  });

  it('answers 400, not a 500 for the error log, to a multipart body it cannot read', async () => {
    const bodies: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=haven', 'not a part, and never ends'],
      ['multipart/form-data; boundary=haven', '--haven\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc'],
    ];
    for (const [contentType, body] of bodies) {
      const res = await anonymous().request('POST', '/api/uploads', body, { 'content-type': contentType });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('MALFORMED_REQUEST');
    }
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('stores the photo from a data URL and answers the updated user; the old photo is removed', async () => {
    const { agent } = await signUp(server, { role: 'therapist' });
    const dataUrl = `data:image/png;base64,${(await png()).toString('base64')}`;
    const first = await agent.put('/api/auth/update-profile', { profilePic: dataUrl });
    expect(first.status).toBe(200);
    expect(first.body.profilePic).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const second = await agent.put('/api/auth/update-profile', { profilePic: dataUrl });
    expect(second.body.profilePic).not.toBe(first.body.profilePic);
    expect((await agent.get(first.body.profilePic)).status).toBe(404);
    expect((await agent.get(second.body.profilePic)).status).toBe(200);
  });

  it('answers the user unchanged when the spec\'s client sends that answer straight back', async () => {
    const { agent } = await signUp(server, { role: 'therapist' });
    const dataUrl = `data:image/jpeg;base64,${(await jpegWithExif()).toString('base64')}`;
    const updated = await agent.put('/api/auth/update-profile', { profilePic: dataUrl });
    expect(updated.status).toBe(200);
    const files = readdirSync(server.config.uploadsDir).length;
    // The spec's client calls its store's updateProfile with the answer: the whole user, profilePic now a URL.
    const echo = await agent.put('/api/auth/update-profile', updated.body);
    expect(echo.status).toBe(200);
    expect(echo.body).toEqual(updated.body);
    expect(readdirSync(server.config.uploadsDir).length).toBe(files);
    expect((await agent.get(updated.body.profilePic)).status).toBe(200);
    // Someone else's photo URL is not a photo of one's own.
    const other = await signUp(server, { role: 'ngo' });
    const refused = await other.agent.put('/api/auth/update-profile', { profilePic: updated.body.profilePic });
    expect(refused.status).toBe(400);
    expect((await other.agent.get('/api/auth/check')).body.profilePic).toBe('');
  });

  it('checks the real type, not the declared one, and changes nothing on refusal', async () => {
    const { agent } = await signUp(server, { role: 'ngo' });
    const text = `data:image/jpeg;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    const res = await agent.put('/api/auth/update-profile', { profilePic: text });
    expect(res.status).toBe(415);
    expect((await agent.get('/api/auth/check')).body.profilePic).toBe('');
    const notDataUrl = await agent.put('/api/auth/update-profile', { profilePic: 'https://evil.example/x.png' });
    expect(notDataUrl.status).toBe(400);
  });

  it('needs a session', async () => {
    const res = await anonymous().put('/api/auth/update-profile', { profilePic: 'data:image/png;base64,AAAA' });
    expect(res.status).toBe(401);
  });
});
