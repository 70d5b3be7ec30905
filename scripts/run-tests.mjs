#!/usr/bin/env node
// Runs vitest projects and ends with a plain "N passed, N failed" line, so a run that executed
// nothing is visible to CI (vitest's own summary is not a line CI reads).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const projects = process.argv.slice(2);
if (projects.length === 0) {
  console.error('usage: run-tests.mjs <project...>');
  process.exit(2);
}
if (projects.includes('pg') && !process.env.TEST_DATABASE_URL) {
  console.error('\n*** test:pg needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test). Nothing was run. ***\n');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const out = join(mkdtempSync(join(tmpdir(), 'haven-tests-')), 'results.json');
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

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
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${other}`);
process.exit(code !== 0 || failed > 0 ? 1 : 0);
