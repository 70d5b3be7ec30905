#!/usr/bin/env node
// `npm start`: builds the app when dist/ is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.CLIENT_DIST ?? join(root, 'dist');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))));
}

const sources = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts']
  .map((p) => newest(join(root, p)));
const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
if (built < Math.max(...sources)) {
  console.log('Building the app (first start or sources changed)...');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 1);
