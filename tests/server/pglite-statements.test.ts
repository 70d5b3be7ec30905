/**
 * Named statements on PGlite's worker (src/server/db/pglite-statements.mjs): a text asked again
 * runs under its name and answers exactly as PGlite's own query does, values of every kind Haven
 * sends included; an error leaves the connection usable, in a transaction and outside one; a
 * table changed under a kept statement is read afresh. (Left out of the pg project.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../src/server/db/client';

let database: Database;
const rows = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openPglite({ migrate: false });
  await database.db.execute(sql`create table n (id int primary key, name text, at timestamptz, ok boolean, tags text[], doc jsonb)`);
});
afterAll(() => database.close());

/** The same statement text every time: only the values differ. */
const insert = (id: number, name: string | null, at: Date, ok: boolean, tags: string[], doc: object) =>
  database.db.execute(sql`insert into n (id, name, at, ok, tags, doc) values (${id}, ${name}, ${at}, ${ok}, ${sql.param(tags)}, ${JSON.stringify(doc)}::jsonb)`);
const read = (id: number) => rows<Record<string, unknown>>(database.db.execute(sql`select id, name, at, ok, tags, doc from n where id = ${id}`));

describe('named statements on PGlite', () => {
  it('answers a statement asked many times with each run\'s own values, nulls, dates, booleans, arrays and JSON included', async () => {
    const at = new Date('2026-11-30T08:00:00.000Z');
    for (let id = 1; id <= 5; id += 1) await insert(id, id % 2 ? `name ${id}` : null, at, id % 2 === 0, [`t${id}`, 'x'], { id });
    for (let id = 1; id <= 5; id += 1) {
      const [row] = await read(id);
      expect(row).toMatchObject({ id, name: id % 2 ? `name ${id}` : null, ok: id % 2 === 0, tags: [`t${id}`, 'x'], doc: { id } });
      expect(new Date(String(row!.at)).toISOString()).toBe(at.toISOString());
    }
  });

  it('keeps the connection usable after an error, outside a transaction and inside one', async () => {
    const at = new Date();
    await expect(insert(1, 'again', at, true, [], {})).rejects.toMatchObject({ cause: { code: '23505', constraint: 'n_pkey' } });
    expect((await read(1))[0]?.name).toBe('name 1');
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into n (id, name) values (${10}, ${'kept?'})`);
      await tx.execute(sql`insert into n (id, name) values (${1}, ${'clash'})`);
    })).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await read(10)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into n (id, name) values (${11}, ${'committed'})`);
    });
    expect((await read(11))[0]?.name).toBe('committed');
  });

  it('reads a table afresh after its columns changed under a kept statement', async () => {
    const all = () => rows<Record<string, unknown>>(database.db.execute(sql`select * from n where id = ${11}`));
    // Asked twice, so it is kept under a name.
    expect(Object.keys((await all())[0]!)).not.toContain('extra');
    expect(Object.keys((await all())[0]!)).not.toContain('extra');
    await database.db.execute(sql`alter table n add column extra text default 'new'`);
    expect((await all())[0]).toMatchObject({ id: 11, extra: 'new' });
    expect((await all())[0]).toMatchObject({ id: 11, extra: 'new' });
  });

  it('still answers texts past the number it keeps names for (a text is named when it is asked again)', async () => {
    for (let k = 0; k < 520; k += 1) {
      for (const time of [1, 2, 3]) {
        const [row] = await rows<{ v: number; t: number }>(database.db.execute(sql`select ${sql.raw(String(k))}::int as v, ${time}::int as t`));
        expect(row).toEqual({ v: k, t: time });
      }
    }
    expect((await read(11))[0]?.name).toBe('committed');
  });
});
