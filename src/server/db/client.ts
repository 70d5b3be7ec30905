/**
 * Opens the one database the server uses: PGlite (embedded, on disk under DATA_DIR or in memory)
 * by default, or PostgreSQL from DATABASE_URL. Both get the same committed migrations at open.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, for the socket.io adapter's LISTEN/NOTIFY (PostgreSQL only). */
  pool?: pg.Pool;
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

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  // PGlite's own mkdir is not recursive.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.lock) mkdirSync(options.lock.dataDir, { recursive: true });
  const release = options.lock ? lockDataDir(options.lock.dataDir, options.lock.what) : () => {};
  try {
    const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    const db = drizzlePglite(client, { schema });
    if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (a restart, a failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => console.error('PostgreSQL connection lost (the pool will reconnect):', error.message));
  const db = drizzlePg(pool, { schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
}

/** `what` names this process in the data folder's lock ('the Haven server', 'npm run seed:demo'). */
export function openDatabase(config: { DATABASE_URL?: string; dataDir: string }, what = 'the Haven server'): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: `${config.dataDir}/pglite`, lock: { dataDir: config.dataDir, what } });
}

export { schema };
