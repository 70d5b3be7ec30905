/**
 * Named statements for PGlite (used by pglite-thread.mjs). PGlite's own `query` sends a query as
 * six protocol steps (parse, describe, bind, describe, execute, sync), each a trip into the
 * WebAssembly, and PostgreSQL parses and plans the text every time. Haven asks the same few
 * statements over and over (the session lookup, a message's insert), so a text asked again is
 * parsed and described once under a name, and later runs go as one trip: bind, describe, execute, sync.
 * Measured on the session lookup: 0.9 ms of CPU a query before, 0.3 ms after
 * (docs/performance.md, seventeenth part).
 *
 * The locks are PGlite's own, as its `query` takes them: outside a transaction both the
 * transaction lock and the query lock; inside one (whose callback holds the transaction lock)
 * the query lock alone. Values are serialised as PGlite serialises them, by the parameter types
 * PostgreSQL described. Plain JavaScript, like the worker.
 */
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
/** Statements that read or write rows; anything else (DDL, SET, a transaction's own commands) goes as PGlite sends it. */
const REUSABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** At most this many names: what PostgreSQL keeps for them stays in the WebAssembly's memory. */
const MAX_STATEMENTS = 500;
/**
 * A text is named the second time it is asked: one-off texts (a migration's, an IN list of a new
 * length) never take one of the names, and the hot ones get theirs whenever they first repeat.
 * The texts seen once are forgotten when there are this many.
 */
const MAX_SEEN_ONCE = 5000;

/** "cached plan must not change result type": a table changed under a kept statement (and nothing else that shares its code). */
const planChanged = (error) => error?.code === '0A000' && error?.routine === 'RevalidateCachedQuery';

function joined(parts) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function namedStatements(pg) {
  /** Statement text → { name, types }. */
  const statements = new Map();
  const seenOnce = new Set();
  let next = 1;
  const send = (parts) => pg.execProtocolStream(joined(parts), { syncToFs: false });

  async function prepare(text) {
    const name = `haven_${next}`;
    next += 1;
    const described = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  async function run(text, params, rowMode) {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    // One trip: an error skips the rest up to the sync, which ends the exchange either way.
    const messages = await send([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return parse.parseResults(messages, pg.parsers, { rowMode })[0];
  }

  async function forget(text) {
    const statement = statements.get(text);
    statements.delete(text);
    if (statement) await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
  }

  function worthNaming(text) {
    if (statements.has(text)) return true;
    if (statements.size >= MAX_STATEMENTS || !REUSABLE.test(text)) return false;
    if (seenOnce.delete(text)) return true;
    if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
    seenOnce.add(text);
    return false;
  }

  /**
   * `tx`: PGlite's transaction handle when inside one. A text not worth naming, or (outside a
   * transaction) a statement whose table changed under it, goes as PGlite's own query does.
   */
  return async function query(text, params = [], rowMode, tx) {
    if (!worthNaming(text)) return (tx ?? pg).query(text, params, { rowMode });
    // As PGlite's own query checks: a closed database, or a transaction already ended, answers nothing.
    await pg._checkReady();
    if (tx?.closed) throw new Error('Transaction is closed');
    const locked = (work) => (tx ? pg._runExclusiveQuery(work) : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(work)));
    try {
      const result = await locked(() => run(text, params, rowMode));
      if (!tx) await pg.syncToFs();
      return result;
    } catch (error) {
      if (!planChanged(error)) throw error;
      await locked(() => forget(text)).catch(() => undefined);
      // Inside a transaction the error has aborted it: it stands, and the next run names the text afresh.
      if (tx) throw error;
      return pg.query(text, params, { rowMode });
    }
  };
}
