/**
 * The built app's files: hashed assets go out as the build's own brotli or gzip copy with a year's
 * immutable caching; index.html and the service worker are revalidated every time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ADMIN, startServer, type TestServer } from './harness';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SHELL = '<!doctype html><title>Haven</title><script type="module" src="/assets/app-1.js"></script>';

let server: TestServer;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  server = await startServer();
  dist = mkdtempSync(join(tmpdir(), 'haven-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(SHELL));
  writeFileSync(join(dist, 'sw.js'), 'self.x = 1');
  writeFileSync(join(dist, 'assets', 'app-1.js'), SCRIPT);
  // Marked copies: an answer compressed on the fly from the plain file would lack the mark.
  writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(`${SCRIPT}//br`));
  writeFileSync(join(dist, 'assets', 'app-1.js.gz'), gzipSync(`${SCRIPT}//gz`, { level: 9 }));
  const config = loadConfig({ DATA_DIR: server.config.dataDir, CLIENT_DIST: dist, ADMIN_EMAIL: ADMIN.email });
  app = await buildApp({ config, database: server.database, logLevel: 'silent' });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built app', () => {
  it('sends a hashed asset as the build\'s brotli copy, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${SCRIPT}//br`);
  });

  it('falls back to the gzip copy, and to the plain file for a client that takes neither', async () => {
    const gz = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}//gz`);
    const plain = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets index.html or the service worker be cached stale', async () => {
    for (const url of ['/', '/login', '/sw.js']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const shell = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(shell.rawPayload).toString()).toBe(SHELL);
  });
});
