/** What the server holds of its database, whichever it is (client.ts opens PGlite, postgres.ts PostgreSQL). */
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, for the socket.io adapter's LISTEN/NOTIFY and shared counters (PostgreSQL only). */
  pool?: pg.Pool;
  /** Whether the database answers, on a connection of its own: a busy pool is not a database away. */
  ping(): Promise<void>;
  /**
   * Boot work that must happen once however many instances start together (migrations, the first
   * admin, the signing keys): on PostgreSQL under an advisory lock, on one connection; PGlite has
   * one process (DATA_DIR's lock), so it runs as it is.
   */
  once<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

