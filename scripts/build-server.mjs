// Builds the server into dist-server/ when it is missing or older than its sources: one ES module
// of Haven's own code (packages stay in node_modules), beside the files it opens by its own
// address (the migrations, PGlite's worker and first-boot scripts). Plain node runs it: under tsx
// the same server held about 75 MB more, tsx's loader thread and what it keeps
// (docs/performance.md). Everything that starts the server as a process (npm start, the
// browser tests, the cluster, the benches) runs this build, so what is tested is what ships.
import { buildSync } from 'esbuild';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_DIST = 'dist-server';
const ENTRY = 'src/server/main.ts';
const BESIDE = ['src/server/db/pglite-thread.mjs', 'src/server/db/pglite-statements.mjs', 'src/server/db/pglite-init.mjs'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))));
}

/** The built server's entry, built first when needed (about a second). */
export function serverEntry(root) {
  const dist = join(root, SERVER_DIST);
  const main = join(dist, 'main.mjs');
  const sources = Math.max(...['src/server', 'src/shared', 'package-lock.json', 'scripts/build-server.mjs'].map((p) => newest(join(root, p))));
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return main;
  // Built aside and moved into place whole: a build cut short, or another process building at the
  // same moment, never leaves a main.mjs without the files it opens.
  const aside = `${dist}.${process.pid}.tmp`;
  rmSync(aside, { recursive: true, force: true });
  buildSync({
    entryPoints: [join(root, ENTRY)], outfile: join(aside, 'main.mjs'), bundle: true, platform: 'node', format: 'esm', target: 'node20',
    // Packages are imported from node_modules as they are; CommonJS ones need require in an ES module.
    packages: 'external', keepNames: true, logLevel: 'warning',
    banner: { js: "import { createRequire as __haven_createRequire } from 'node:module'; const require = __haven_createRequire(import.meta.url);" },
  });
  cpSync(join(root, 'src/server/db/migrations'), join(aside, 'migrations'), { recursive: true });
  for (const file of BESIDE) cpSync(join(root, file), join(aside, file.split('/').at(-1)));
  rmSync(dist, { recursive: true, force: true });
  try {
    renameSync(aside, dist);
  } catch (error) {
    // Another process moved its build in first: theirs is as new as this one.
    rmSync(aside, { recursive: true, force: true });
    if (!existsSync(main)) throw error;
  }
  return main;
}
