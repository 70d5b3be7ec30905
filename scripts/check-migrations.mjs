#!/usr/bin/env node
// CI: the committed migrations must match src/server/db/schema.ts (no schema change pending).
// 1. `drizzle-kit check`: the migration folder's snapshots are consistent.
// 2. `drizzle-kit generate` into a scratch copy of the migrations: it must write nothing and say
//    "No schema changes". drizzle-kit works from the snapshots, so no database server is needed,
//    and the repository is never written to. drizzle-kit exits 0 even when it fails, so the
//    files and its output decide, not its exit code.
// Usage: node scripts/check-migrations.mjs [migrations-dir]   (default src/server/db/migrations)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const source = process.argv[2] ?? 'src/server/db/migrations';
const config = 'drizzle.config.ts';

function drizzleKit(args, env = {}) {
  const result = spawnSync('npx', ['drizzle-kit', ...args, '--config', config], {
    encoding: 'utf8',
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    // No terminal: a question (rename or create?) cannot wait for an answer; it ends the run.
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n')
    .filter((line) => !line.startsWith('npm warn')).join('\n').trim();
  return { status: result.status, error: result.error, output };
}

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [relative(base, path)];
  });
}

function fail(message, output) {
  console.error(`\n*** db:check: ${message} ***`);
  if (output) console.error(output);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'haven-db-check-'));
try {
  cpSync(source, scratch, { recursive: true });
  // drizzle-kit prefixes "./" to the configured folder, so it must be relative to here.
  const env = { DRIZZLE_MIGRATIONS_DIR: relative(process.cwd(), scratch) || '.' };

  const check = drizzleKit(['check'], env);
  if (check.error || check.status !== 0 || !/Everything's fine/.test(check.output)) {
    fail('drizzle-kit check found inconsistent migration snapshots', check.output || String(check.error));
  }

  const before = new Map(listFiles(scratch).map((f) => [f, readFileSync(join(scratch, f), 'utf8')]));
  const generate = drizzleKit(['generate'], env);
  const after = listFiles(scratch);
  const added = after.filter((f) => !before.has(f));
  const changed = after.filter((f) => before.has(f) && readFileSync(join(scratch, f), 'utf8') !== before.get(f));
  if (added.length > 0 || changed.length > 0) {
    const sql = added.filter((f) => f.endsWith('.sql'))
      .map((f) => `--- ${f}\n${readFileSync(join(scratch, f), 'utf8')}`).join('\n');
    fail(`src/server/db/schema.ts has changes no migration holds (${[...added, ...changed].join(', ')}). ` +
      'Run `npm run db:generate` and commit the migration.', sql);
  }
  if (generate.error || !/No schema changes/.test(generate.output)) {
    fail('drizzle-kit generate did not confirm "No schema changes"', generate.output || String(generate.error));
  }
  console.log('db:check: migrations match the schema (drizzle-kit check: fine; generate: no schema changes).');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
