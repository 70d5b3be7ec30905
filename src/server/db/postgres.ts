/**
 * PostgreSQL through a node-postgres pool, for DATABASE_URL. Several instances may share the
 * database: boot work runs under an advisory lock, and no connection lost with the server (a
 * restart, a failover, a terminated backend) may end the process.
 */
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { analyse } from './statistics';
import pg from 'pg';
import { migrationsFolder, type Database, type Db } from './database';
import * as schema from './schema';

/** Any number that is Haven's alone among the advisory locks of a database: "Haven" in ASCII. */
const BOOT_LOCK = 0x486176656e;

/** A connection the server stops waiting for after this long: PostgreSQL is down or out of reach. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * TCP keepalive on every connection, so one whose peer vanished without a word (a failover that
 * moved the address, a NAT that forgot it) is noticed by the operating system in the end rather
 * than never. (The adapter's LISTEN connection is also probed: realtime/adapter-pool.ts.)
 */
const KEEPALIVE_AFTER_MS = 10_000;

/** How many migrations this database has had (drizzle's own record; 0 before the first). */
async function migrationsApplied(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations').catch(() => ({ rows: [{ n: 0 }] }));
  return rows[0]!.n;
}

/** `work` on one connection holding the boot lock; another instance booting waits here for it. */
async function underBootLock<T>(pool: pg.Pool, work: (db: NodePgDatabase<typeof schema>) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK]);
    try {
      return await work(drizzlePg(client, { schema }));
    } finally {
      await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK]).catch((error: Error) => { failure = error; });
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: destroyed, not pooled, so it ends with it.
    client.release(failure);
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const options = { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS };
  const pool = new pg.Pool({ ...options, max: 10 });
  // For /api/health: a pool busy with requests must not read as a database that is away, or a
  // balancer would take every busy instance out of rotation at once.
  const probe = new pg.Pool({ ...options, max: 1, connectionTimeoutMillis: 3_000 });
  // A connection dropped by the server (a restart, a failover, a terminated backend) must never end
  // the process. node-postgres emits 'error' on the connection: the pool listens only while the
  // connection is idle in it, so one checked out (a transaction, the adapter's LISTEN) would throw.
  // Every connection gets a listener of its own; the query in flight still fails and the pool
  // opens a new connection for the next one.
  const lost = (error: Error) => console.error(`PostgreSQL connection lost (the pool will reconnect): ${error.message}`);
  for (const p of [pool, probe]) {
    p.on('error', lost);
    p.on('connect', (client) => client.on('error', lost));
  }
  const db = drizzlePg(pool, { schema });
  try {
    // Statistics at once for a new or changed schema; autovacuum keeps them from then on.
    await underBootLock(pool, async (locked) => {
      const before = await migrationsApplied(pool);
      await migratePg(locked, { migrationsFolder });
      if ((await migrationsApplied(pool)) !== before) await analyse(pool);
    });
  } catch (error) {
    await Promise.all([pool.end(), probe.end()]);
    throw error;
  }
  return {
    db: db as unknown as Db, kind: 'postgres', pool,
    once: (work) => underBootLock(pool, (locked) => work(locked as unknown as Db)),
    ping: async () => { await probe.query('select 1'); },
    close: async () => { await Promise.all([pool.end(), probe.end()]); },
  };
}

