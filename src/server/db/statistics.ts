/**
 * Planner statistics. Without them PostgreSQL plans a query on guesses: paging a 50,000-message
 * group took p50 29 ms (up to 69 ms) on PGlite, and 3.7 ms on PostgreSQL once analysed
 * (docs/performance.md). PostgreSQL's autovacuum keeps them current as tables grow; PGlite has no
 * autovacuum and never gathers any. So both analyse once their migrations have run (a new or
 * changed schema), and PGlite again whenever the messages have grown by autovacuum's own default
 * rule: 50 rows plus a tenth of what the last analysis counted.
 */

/** What runs SQL here: PGlite's client, or a pg pool or connection. */
export interface SqlRunner {
  query(sql: string): Promise<{ rows: unknown[] }>;
}

/** How often PGlite's growth is looked at (two cheap reads); an analysis runs only when it is due. */
export const GROWTH_CHECK_MS = 60_000;
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;

const MESSAGE_TABLES = "('direct_messages', 'group_messages')";

/** Analyses Haven's tables (sampled: at most 30,000 rows each, whatever its size); not the system catalogs, which triple the time. */
export async function analyse(runner: SqlRunner): Promise<void> {
  const { rows } = await runner.query("select string_agg(quote_ident(tablename), ', ') as tables from pg_tables where schemaname = 'public'");
  const tables = (rows[0] as { tables: string | null }).tables;
  if (tables) await runner.query(`analyze ${tables}`);
}

/** Every message takes a value of one sequence when stored or changed: how far it has moved is how much was written. */
async function written(runner: SqlRunner): Promise<number> {
  const { rows } = await runner.query('select last_value from message_seq');
  return Number((rows[0] as { last_value: string | number }).last_value);
}

/** The message rows the last analysis counted (0 before any). */
async function counted(runner: SqlRunner): Promise<number> {
  const { rows } = await runner.query(`select coalesce(sum(greatest(reltuples, 0)), 0) as n from pg_class where relname in ${MESSAGE_TABLES}`);
  return Number((rows[0] as { n: string | number }).n);
}

/** Whether writes since the last analysis call for another, by autovacuum's default rule. */
export function analysisDue(writtenSince: number, rowsCounted: number): boolean {
  return writtenSince > THRESHOLD_ROWS + SCALE_FACTOR * rowsCounted;
}

/**
 * Analyses now, then again whenever growth makes it due; answers a stop function. Best effort:
 * statistics only make plans better, so a failure is logged and never stops the database
 * opening; checks never overlap, and a failed one is tried at the next tick.
 */
export async function keepStatistics(runner: SqlRunner, every = GROWTH_CHECK_MS): Promise<() => void> {
  let mark: number;
  let rows: number;
  try {
    await analyse(runner);
    mark = await written(runner);
    rows = await counted(runner);
  } catch (error) {
    console.error(`Planner statistics not gathered: ${(error as Error).message}`);
    return () => {};
  }
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = await written(runner);
      if (!analysisDue(now - mark, rows)) return;
      await analyse(runner);
      mark = now;
      rows = await counted(runner);
    } catch (error) {
      console.error(`Planner statistics not gathered: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), every);
  timer.unref();
  return () => clearInterval(timer);
}
