/**
 * Opens the one database the server uses: PGlite (embedded, on disk under DATA_DIR or in memory)
 * by default, or PostgreSQL from DATABASE_URL. Both get the same committed migrations at open.
 * PGlite runs on a worker thread (pglite-client.ts), off the thread that answers requests.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock';
import { migrationsFolder, type Database, type Db } from './database';
import { keepStatistics } from './statistics';
import { PgliteClient } from './pglite-client';
import { openPostgres } from './postgres';
import * as schema from './schema';

export type { Database, Db } from './database';

export interface PgliteOptions {
  /** A directory to persist in; omitted means in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir`, to start from (tests use a migrated template). */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** With dataDir: hold DATA_DIR's lock (data-dir-lock.ts) under this name, e.g. 'the Haven server'. */
  lock?: { dataDir: string; what: string };
}

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly heap. initdb's default (128 MB) is most of
 * the server's memory; Haven's working set is far smaller, and a page missed here is still in the
 * operating system's file cache (measured with `npm run bench load`: docs/performance.md, Figures).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** A first boot's initdb and (unless `migrate` is false) schema, in a process of its own: see pglite-init.mjs. */
export async function initDataDir(dataDir: string, migrate: boolean): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-init.mjs', import.meta.url));
  try {
    await promisify(execFile)(process.execPath, [script, dataDir, ...(migrate ? [migrationsFolder] : [])]);
  } catch (error) {
    const { stderr, signal, code } = error as { stderr?: string; signal?: string | null; code?: number | null };
    const said = stderr?.trim().split('\n').at(-1) || (signal ? `stopped by ${signal}` : `exit ${code ?? '?'}`);
    throw new Error(`Creating the database in ${dataDir} failed: ${said}. Starting again resumes it.`, { cause: error });
  }
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  // PGlite's own mkdir is not recursive.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.lock) mkdirSync(options.lock.dataDir, { recursive: true });
  const release = options.lock ? lockDataDir(options.lock.dataDir, options.lock.what) : () => {};
  let client: PgliteClient | undefined;
  try {
    if (options.dataDir && !options.loadDataDir) await initDataDir(options.dataDir, options.migrate !== false);
    client = await PgliteClient.start({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams: PGLITE_SETTINGS });
    // drizzle's PGlite driver asks only for query and transaction, which the client answers.
    const db = drizzlePglite({ client: client as never, schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
    const opened = client;
    // PGlite has no autovacuum: Haven keeps its planner statistics itself (for Haven's own schema).
    const stopStatistics = options.migrate === false ? () => {} : await keepStatistics(opened);
    return {
      db: db as unknown as Db, kind: 'pglite', once: (work) => work(db as unknown as Db),
      ping: async () => { await opened.query('select 1'); },
      close: () => {
        stopStatistics();
        return opened.close().finally(release);
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** `what` names this process in the data folder's lock ('the Haven server', 'npm run seed:demo'). */
export function openDatabase(config: { DATABASE_URL?: string; dataDir: string }, what = 'the Haven server'): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: `${config.dataDir}/pglite`, lock: { dataDir: config.dataDir, what } });
}

export { openPostgres, schema };
