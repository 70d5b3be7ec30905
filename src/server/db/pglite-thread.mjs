/**
 * PGlite on a worker thread (started by pglite-client.ts). PostgreSQL in WebAssembly runs each
 * query synchronously on the thread that calls it; here that thread is this one, so the server's
 * event loop keeps answering requests and sockets while a query runs. Plain JavaScript so that
 * the worker starts the same under tsx, vitest and node alike (a worker gets no TS loader).
 *
 * Messages in: lists of { id, op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'close', ... };
 * out: lists of { id, ok: true, value } or { id, ok: false, error: { name, message, fields } }. A transaction
 * ('begin' … 'end') holds PGlite's transaction lock, so other queries wait for it, as in-thread.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { namedStatements } from './pglite-statements.mjs';

/**
 * Dates and intervals reach drizzle as PostgreSQL's text, which its column types map themselves
 * (the parsers drizzle's own PGlite driver passes with every query). Set once here: PGlite copies
 * its whole parser table for each query that brings parsers of its own.
 */
const asText = (value) => value;
const parsers = Object.fromEntries([
  types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182,
].map((oid) => [oid, asText]));

/** An error as data: its own fields (code, constraint, severity...) do not survive postMessage. */
function describe(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.constructor?.name ?? error.name, message: error.message, fields };
}

const { dataDir, loadDataDir, startParams } = workerData;
const pg = await PGlite.create(dataDir, {
  parsers,
  ...(startParams ? { startParams: [...PGlite.defaultStartParams, ...startParams] } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});

const query = namedStatements(pg);

/**
 * Open transactions by the id the client chose: a promise of the tx object and how to end it.
 * Queries for a transaction may arrive before its BEGIN has run; they wait for it here.
 */
const open = new Map();

function begin(tx) {
  const started = new Promise((resolve, reject) => {
    pg.transaction((handle) => new Promise((commit, rollback) => {
      resolve({ handle, commit, rollback, done: undefined });
    })).then(
      async () => (await started).done?.resolve(),
      async (error) => {
        // BEGIN itself failed: nothing to end, the waiting queries fail with it.
        reject(error);
        (await started.catch(() => undefined))?.done?.reject(error);
      },
    ).finally(() => open.delete(tx));
  });
  open.set(tx, started);
  return started.then(() => undefined);
}

/** Commits or rolls back, answered once PGlite has run COMMIT or ROLLBACK. */
async function end(tx, commit) {
  const entry = await open.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}`);
  const settled = new Promise((resolve, reject) => { entry.done = { resolve, reject }; });
  if (commit) entry.commit();
  else entry.rollback(new Error('rolled back'));
  // A rollback that was asked for is its expected outcome, not an error.
  return commit ? settled : settled.catch(() => undefined);
}

async function target(tx) {
  if (tx === undefined) return pg;
  const entry = await open.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}`);
  return entry.handle;
}

async function run(message) {
  switch (message.op) {
    case 'query': {
      const tx = message.tx === undefined ? undefined : await target(message.tx);
      const result = await query(message.sql, message.params, message.rowMode, tx);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await (await target(message.tx)).exec(message.sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    case 'begin':
      return begin(message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'dump':
      return (await pg.dumpDataDir(message.compression)).arrayBuffer();
    case 'close':
      return pg.close();
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** Replies ready within one turn go back as one message, as the requests came (pglite-client.ts). */
const replies = [];
const transfers = [];
function reply(answer, transfer) {
  replies.push(answer);
  if (transfer) transfers.push(transfer);
  if (replies.length === 1) queueMicrotask(() => parentPort.postMessage(replies.splice(0), transfers.splice(0)));
}

parentPort.on('message', (messages) => {
  for (const message of messages) {
    run(message).then(
      (value) => reply({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? value : undefined),
      (error) => reply({ id: message.id, ok: false, error: describe(error) }),
    );
  }
});
parentPort.postMessage({ ready: true }, []);
