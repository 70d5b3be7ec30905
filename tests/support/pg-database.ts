/** A throwaway PostgreSQL database, migrated, for one test file or one bench run. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/server/db/client';

/** One statement on the server's admin connection (create or drop a database). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function freshPostgres(url: string, prefix = 'haven_t'): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  return { database, drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}
