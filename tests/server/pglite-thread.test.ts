/**
 * PGlite on its worker thread (src/server/db/pglite-client.ts) behaves as PGlite in-thread did for
 * drizzle: transactions are atomic and hold other queries off, PostgreSQL's errors keep their
 * fields, dates come back as dates, and a dump opens again. (Left out of the pg project.)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/server/auth/referral-codes';
import { openPglite, type Database } from '../../src/server/db/client';
import { DatabaseError } from '../../src/server/db/pglite-client';
import { serializeError } from '../../src/server/http/logging';

let database: Database;
/** The rows of a raw query: the Db type leaves its driver's result shape open. */
const rows = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as { rows: T[] }).rows;
const count = async (db = database.db) => (await rows<{ n: number }>(db.execute(sql`select count(*)::int as n from t`)))[0]!.n;

beforeAll(async () => {
  database = await openPglite({ migrate: false });
  await database.db.execute(sql`create table t (id int primary key, at timestamptz not null default now())`);
});
afterAll(() => database.close());

describe('PGlite on a worker thread', () => {
  it('rolls a failed transaction back whole, and a query sent meanwhile never sees its rows', async () => {
    let outside: Promise<number> | undefined;
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (1), (2)`);
      outside = count();
      expect(await count(tx as never)).toBe(2);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await outside).toBe(0);
    expect(await count()).toBe(0);
  });

  it('commits a transaction that returns, with its nested savepoint rolled back alone', async () => {
    const answer = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (10)`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t (id) values (11)`);
        inner.rollback();
      }).catch(() => undefined);
      return 'kept';
    });
    expect(answer).toBe('kept');
    const ids = (await rows<{ id: number }>(database.db.execute(sql`select id from t order by id`))).map((r) => r.id);
    expect(ids).toEqual([10]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognised and logged by its names only", async () => {
    const error = await database.db.execute(sql`insert into t (id) values (10)`).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    const cause = (error as { cause: unknown }).cause;
    expect(cause).toBeInstanceOf(DatabaseError);
    expect(cause).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 't_pkey' });
    expect(serializeError(cause)).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
  });

  it('answers timestamps as text for drizzle to map, and numbers as numbers', async () => {
    const [row] = await rows<{ id: number; at: unknown }>(database.db.execute(sql`select id, at from t where id = 10`));
    expect(row!.id).toBe(10);
    expect(typeof row!.at).toBe('string');
    expect(Number.isNaN(Date.parse(String(row!.at)))).toBe(false);
  });

  it('dumps a data folder that opens again with the same rows', async () => {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await openPglite({ loadDataDir: await client.dumpDataDir('none'), migrate: false });
    try {
      expect(await count(copy.db)).toBe(1);
    } finally {
      await copy.close();
    }
    await expect(copy.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('creates a new data folder on disk (initdb in a child process) and reopens it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-thread-'));
    try {
      const first = await openPglite({ dataDir: join(dir, 'pglite'), migrate: false });
      expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();
      const second = await openPglite({ dataDir: join(dir, 'pglite'), migrate: false });
      const kept = await rows<{ v: string }>(second.db.execute(sql`select v from kept`));
      await second.close();
      expect(kept).toEqual([{ v: 'still here' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
