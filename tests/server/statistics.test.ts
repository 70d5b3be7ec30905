/**
 * Planner statistics (src/server/db/statistics.ts): a database opened after its migrations has
 * them (PGlite from the template and a new PostgreSQL database alike), and PGlite's keeper
 * analyses again once the messages have grown by autovacuum's rule, never before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisDue, keepStatistics, type SqlRunner } from '../../src/server/db/statistics';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let runner: SqlRunner;
beforeAll(async () => {
  server = await startServer();
  // Raw SQL through the app's own connection, on either database.
  runner = { query: async (text) => ({ rows: ((await server.database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows }) };
});
afterAll(() => server.close());

async function analyses(table: string): Promise<number> {
  const { rows } = await runner.query(`select analyze_count + autoanalyze_count as n from pg_stat_user_tables where relname = '${table}'`);
  return Number((rows[0] as { n: string | number }).n);
}

describe('planner statistics', () => {
  it('follows autovacuum\'s default rule: 50 rows plus a tenth of those counted', () => {
    expect(analysisDue(50, 0)).toBe(false);
    expect(analysisDue(51, 0)).toBe(true);
    expect(analysisDue(5_050, 50_000)).toBe(false);
    expect(analysisDue(5_051, 50_000)).toBe(true);
  });

  it('the keeper analyses at its start, then only once enough has been written', async () => {
    // PostgreSQL publishes its counters about once a second: each count is polled, and the quiet
    // spell lasts longer than that.
    const before = await analyses('group_messages');
    const stop = await keepStatistics(runner, 20);
    try {
      await expect.poll(() => analyses('group_messages'), { timeout: 5_000 }).toBe(before + 1);
      // Nothing written: no analysis, however many checks pass.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await analyses('group_messages')).toBe(before + 1);
      // 200 messages' worth of the sequence: due (the tables counted as empty).
      await runner.query("select setval('message_seq', (select last_value from message_seq) + 200)");
      await expect.poll(() => analyses('group_messages'), { timeout: 5_000 }).toBe(before + 2);
    } finally {
      stop();
    }
  });
});
