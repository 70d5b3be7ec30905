/**
 * Gzipped JavaScript of the production build: every chunk, and what the sign-in screen loads
 * (the entry with its static imports, plus the login route's own chunk), and what the service
 * worker precaches on a first visit (every file of its manifest, gzip -9, as the server sends it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function bundleBench(dist = 'dist'): Record<string, string>[] {
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) throw new Error(`no build in ${dist}: run npm run build first`);
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const gz = new Map(files.map((f) => [f, gzipSync(readFileSync(join(assets, f))).length]));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const loginChunks = files.filter((f) => /^login/i.test(f));
  const initialBytes = initial.reduce((sum, f) => sum + (gz.get(f) ?? 0), 0);
  const rows = [
    { case: 'all JS (gzip)', size: kb([...gz.values()].reduce((a, b) => a + b, 0)), files: String(files.length) },
    { case: 'initial JS: entry + preloads (gzip)', size: kb(initialBytes), files: initial.join(' ') },
    { case: '/login route (initial + its chunk, gzip)', size: kb(initialBytes + loginChunks.reduce((s, f) => s + (gz.get(f) ?? 0), 0)), files: loginChunks.join(' ') || '(in initial)' },
  ];
  const precache = precacheBytes(dist);
  rows.push({ case: 'first visit precache (gzip -9)', size: kb(precache.bytes), files: `${precache.files} files` });
  for (const [f, n] of [...gz].sort((a, b) => b[1] - a[1]).slice(0, 12)) rows.push({ case: `chunk ${f}`, size: kb(n), files: '' });
  return rows;
}

/** The service worker's precache manifest (workbox injects it into sw.js as `"url":"…"` entries). */
function precacheBytes(dist: string): { bytes: number; files: number } {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const bytes = urls.reduce((sum, url) => sum + gzipSync(readFileSync(join(dist, url)), { level: 9 }).length, 0);
  return { bytes, files: urls.length };
}
