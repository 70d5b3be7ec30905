/**
 * The message-order lock. Every write that takes a value of the message sequence (a new message,
 * a message taken back) and every acceptance of a message request holds one transaction-scoped
 * advisory lock (on PostgreSQL), so sequence values are taken and committed in the same order
 * across all connections and instances. Without it, seq 9 could commit after seq 10 and a
 * catch-up cursor already at 10 would skip it for good.
 */
import { is, sql } from 'drizzle-orm';
import { drizzle, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';

/** An arbitrary constant naming Haven's message-ordering lock. */
const MESSAGE_ORDER_LOCK = 0x4861_7665; // "Have"

/**
 * `begin` and the lock in one round trip: a simple query may hold several statements, and every
 * message sent pays for each round trip to PostgreSQL (docs/performance.md, "fourth part").
 */
const BEGIN_IN_ORDER = `begin; select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`;

/** A drizzle handle per pooled connection, made once: the pool reuses its connections. */
const handles = new WeakMap<pg.PoolClient, Db>();

async function inOrderOnPool<T>(pool: pg.Pool, work: (tx: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection that could not begin or roll back is not returned to the pool: it is closed.
  let broken: Error | undefined;
  try {
    await client.query(BEGIN_IN_ORDER).catch((error: Error) => { broken = error; throw error; });
    let tx = handles.get(client);
    if (!tx) {
      tx = drizzle(client, { schema }) as unknown as Db;
      handles.set(client, tx);
    }
    try {
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((failure: Error) => { broken = failure; });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

export function inMessageOrder<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // PGlite is one connection whose transactions already run one at a time, so they commit in seq
  // order without the lock.
  if (is(db, PgliteDatabase)) return db.transaction((tx) => work(tx as unknown as Db));
  const client: unknown = is(db, NodePgDatabase) ? (db as unknown as { $client: unknown }).$client : undefined;
  if (client instanceof pg.Pool) return inOrderOnPool(client, work);
  // One connection (boot work under the boot lock): the same, in drizzle's own transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`));
    return work(tx as unknown as Db);
  });
}
