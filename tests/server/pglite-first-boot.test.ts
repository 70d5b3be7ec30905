/**
 * A first boot on disk: initdb and Haven's schema are made in a child process (pglite-init.mjs),
 * which ends with the memory they grew; the server opens a folder whose migrations are applied.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { initDataDir, openPglite, type PgliteOptions } from '../../src/server/db/client';
import { migrationsFolder, type Database } from '../../src/server/db/database';

const INIT = new URL('../../src/server/db/pglite-init.mjs', import.meta.url).pathname;
const MIGRATIONS = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

const applied = async (database: Database) => {
  const { rows } = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: unknown[] };
  return (rows[0] as { n: number }).n;
};
const hasUsers = async (database: Database) => {
  const { rows } = (await database.db.execute(sql`select to_regclass('public.users') is not null as present`)) as unknown as { rows: unknown[] };
  return (rows[0] as { present: boolean }).present;
};

/** Opens the folder, runs `check` on it, and closes it whatever `check` found. */
async function whileOpen(options: PgliteOptions, check: (database: Database) => Promise<void>): Promise<void> {
  const database = await openPglite(options);
  try {
    await check(database);
  } finally {
    await database.close();
  }
}

// Each test boots PostgreSQL in WebAssembly once or twice (initdb alone is seconds): a wider guard than the project's.
describe('a first boot with PGlite on disk', { timeout: 120_000 }, () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-first-boot-'));
    folders.push(dir);
    return join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('the child process applies every migration: the server itself opens the folder without migrating', async () => {
    const dataDir = folder();
    await initDataDir(dataDir, true);
    await whileOpen({ dataDir, migrate: false }, async (database) => {
      expect(await applied(database)).toBe(MIGRATIONS);
      expect(await hasUsers(database)).toBe(true);
    });
  });

  it('a folder the child left without its schema (initdb only) is migrated by the server, as after an upgrade', async () => {
    const dataDir = folder();
    await initDataDir(dataDir, false);
    await whileOpen({ dataDir, migrate: false }, async (bare) => {
      expect(await hasUsers(bare)).toBe(false);
    });
    await whileOpen({ dataDir }, async (database) => {
      expect(await applied(database)).toBe(MIGRATIONS);
      expect(await hasUsers(database)).toBe(true);
    });
  });

  it('a migration that fails in the child is told in one line with what PostgreSQL said', async () => {
    const dataDir = folder();
    const broken = join(dataDir, '..', 'migrations');
    mkdirSync(join(broken, 'meta'), { recursive: true });
    writeFileSync(join(broken, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true }] }));
    writeFileSync(join(broken, '0000_broken.sql'), 'create tabel nothing (id int);');
    const failed = await promisify(execFile)(process.execPath, [INIT, dataDir, broken]).then(() => null, (error: unknown) => error as { code: number; stderr: string });
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed?.stderr).toMatch(/syntax error at or near "tabel"/);
  });

  it('a first boot that cannot create its folder says where and why, and that starting again resumes it', async () => {
    const file = join(folder(), '..', 'a-file');
    writeFileSync(file, '');
    await expect(initDataDir(join(file, 'pglite'), true)).rejects.toThrow(/^Creating the database in .*a-file\/pglite failed: .+\. Starting again resumes it\.$/);
  });

  it('openPglite on a new folder comes up migrated', async () => {
    const dataDir = folder();
    await whileOpen({ dataDir }, async (database) => {
      expect(await applied(database)).toBe(MIGRATIONS);
    });
  });
});
