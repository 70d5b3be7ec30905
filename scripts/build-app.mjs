// Builds the app into dist/ when it is missing or older than its sources: `npm start` and
// `npm run cluster` both serve the built app, and neither should serve a stale one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))));
}

/** Builds when needed; answers 0, or the failed build's exit status. */
export function buildIfStale(root, dist) {
  const sources = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts']
    .map((p) => newest(join(root, p)));
  const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  if (built >= Math.max(...sources)) return 0;
  console.log('Building the app (first start or sources changed)...');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
