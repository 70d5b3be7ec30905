#!/usr/bin/env node
// Runs vitest projects and ends with a plain "N passed, N failed" line, so a run that executed
// nothing is visible to CI (vitest's own summary is not a line CI reads).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The long runs, out of `npm test` so that it stays under 90 s on 2 cores: the outbox property
// (hundreds of random offline/online/reload/restart sequences against the real server), the fuzz of
// every route (route-fuzz), the data-folder lock (real PGlite folders and a seed:demo process) and the
// whole-process PGlite tests (the real entry point as a child process; a restart on disk, each
// with its own initdb). `npm run test:long` runs them (the pseudo-project `long`: these files of
// the server project), and CI runs both. `test:pg` keeps running its whole suite.
const LONG = [
  'tests/server/outbox-property.test.ts',
  'tests/server/pglite-main.test.ts',
  'tests/server/pglite-restart.test.ts',
  'tests/server/route-fuzz.test.ts',
  'tests/server/data-dir-lock.test.ts',
];

const projects = process.argv.slice(2);
if (projects.length === 0) {
  console.error('usage: run-tests.mjs <project...>   (unit, server, client, long, pg, cluster, e2e)');
  process.exit(2);
}
// test:cluster too: several instances share one database, which PGlite (one process) cannot be.
const needsPostgres = projects.filter((p) => p === 'pg' || p === 'cluster');
if (needsPostgres.length > 0 && !process.env.TEST_DATABASE_URL) {
  console.error(`\n*** test:${needsPostgres.join(', test:')} needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test). Nothing was run. ***\n`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// `long` alone: the LONG files of the server project. `server` without `long`: the server project without them.
const vitestProjects = [...new Set(projects.map((p) => (p === 'long' ? 'server' : p)))];
let files = [];
if (projects.includes('long') && !projects.includes('server')) {
  if (projects.some((p) => p !== 'long')) {
    console.error('run-tests.mjs: run `long` on its own (npm run test:long)');
    process.exit(2);
  }
  files = LONG;
}
const excludes = projects.includes('server') && !projects.includes('long') ? LONG.flatMap((f) => ['--exclude', f]) : [];

const out = join(mkdtempSync(join(tmpdir(), 'haven-tests-')), 'results.json');
const args = ['vitest', 'run', ...vitestProjects.flatMap((p) => ['--project', p]), ...excludes, ...files,
  '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
const started = Date.now();
const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
const seconds = Math.round((Date.now() - started) / 1000);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file can fail with no failed test in it (it did not load, or a hook timed out): count it.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) failed += 1;
  }
} else {
  failed += 1;
}
const code = result.status ?? 1;
if (passed === 0 && failed === 0) {
  console.error(`\n*** No test ran for: ${projects.join(', ')} ***`);
  failed = 1;
}
// vitest can fail with every test green (an unhandled error during the run): say so on the line.
const other = code !== 0 && failed === 0 ? ' (vitest exited non-zero: see "Unhandled Errors" above)' : '';
console.log(`(${projects.join(', ')}: ${seconds} s)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${other}`);
process.exit(code !== 0 || failed > 0 ? 1 : 0);
