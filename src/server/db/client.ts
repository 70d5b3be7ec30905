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
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PgliteClient } from './pglite-client';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, for the socket.io adapter's LISTEN/NOTIFY and shared counters (PostgreSQL only). */
  pool?: pg.Pool;
  /**
   * Boot work that must happen once however many instances start together (migrations, the first
   * admin, the signing keys): on PostgreSQL under an advisory lock, on one connection; PGlite has
   * one process (DATA_DIR's lock), so it runs as it is.
   */
  once<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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

/** A first boot's initdb, in a process of its own: see pglite-init.mjs. */
async function initDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [fileURLToPath(new URL('./pglite-init.mjs', import.meta.url)), dataDir]);
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  // PGlite's own mkdir is not recursive.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.lock) mkdirSync(options.lock.dataDir, { recursive: true });
  const release = options.lock ? lockDataDir(options.lock.dataDir, options.lock.what) : () => {};
  let client: PgliteClient | undefined;
  try {
    if (options.dataDir && !options.loadDataDir) await initDataDir(options.dataDir);
    client = await PgliteClient.start({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams: PGLITE_SETTINGS });
    // drizzle's PGlite driver asks only for query and transaction, which the client answers.
    const db = drizzlePglite({ client: client as never, schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Db, kind: 'pglite', once: (work) => work(db as unknown as Db),
      close: () => opened.close().finally(release),
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** Any number that is Haven's alone among the advisory locks of a database: "Haven" in ASCII. */
const BOOT_LOCK = 0x486176656e;

/** A connection the server stops waiting for after this long: PostgreSQL is down or out of reach. */
const CONNECT_TIMEOUT_MS = 10_000;

/** `work` on one connection holding the boot lock; another instance booting waits here for it. */
async function underBootLock<T>(pool: pg.Pool, work: (db: NodePgDatabase<typeof schema>) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK]);
    try {
      return await work(drizzlePg(client, { schema }));
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection dropped by the server (a restart, a failover, a terminated backend) must never end
  // the process. node-postgres emits 'error' on the connection: the pool listens only while the
  // connection is idle in it, so one checked out (a transaction, the adapter's LISTEN) would throw.
  // Every connection gets a listener of its own; the query in flight still fails and the pool
  // opens a new connection for the next one.
  const lost = (error: Error) => console.error(`PostgreSQL connection lost (the pool will reconnect): ${error.message}`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(pool, { schema });
  try {
    await underBootLock(pool, (locked) => migratePg(locked, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: db as unknown as Db, kind: 'postgres', pool,
    once: (work) => underBootLock(pool, (locked) => work(locked as unknown as Db)),
    close: () => pool.end(),
  };
}

/** `what` names this process in the data folder's lock ('the Haven server', 'npm run seed:demo'). */
export function openDatabase(config: { DATABASE_URL?: string; dataDir: string }, what = 'the Haven server'): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: `${config.dataDir}/pglite`, lock: { dataDir: config.dataDir, what } });
}

export { schema };
