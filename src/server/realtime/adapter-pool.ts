/**
 * The pool handed to the realtime adapter (pg-adapter.ts). It was written for
 * @socket.io/postgres-adapter 0.5.0, which the compatibility tests still run, and guards against
 * that adapter's lifecycle gaps; pg-adapter.ts releases its connection cleanly, and the guards
 * below cost it nothing. The 0.5.0 adapter takes one connection for LISTEN (`connect`; its queries use `query`, which is not
 * wrapped) and, when that connection ends, takes a new one about two seconds later, forever.
 * - It releases the LISTEN connection back into the pool still listening, with its 'notification'
 *   handler attached, for the app's queries to reuse: here every connection it takes is destroyed
 *   when released instead.
 * - A LISTEN connection that dies (PostgreSQL restarted, the backend terminated) is never released
 *   by the adapter: here it is, so a few database restarts do not use up the pool.
 * - A failure while it sets up a connection can schedule two reconnections, hence two listening
 *   connections and every message twice: here a new connection retires every older one first
 *   (quietly: its 'end' must not schedule yet another).
 * - A close before its LISTEN connection arrived leaves the connection with it, and its retry timer
 *   asks for another one after close: after `close()` the leftovers are destroyed and new requests
 *   never resolve (nothing is held).
 * - A LISTEN connection whose peer vanished without a word (a failover that moved the address, a
 *   NAT that forgot it) would wait forever for notifications: it is asked `select 1` every 10 s
 *   and, with no answer in 5 s, cut, so the adapter connects again.
 * Whenever a connection listens (after a loss, and the first time too, when clients may already
 * have caught up without it), `onListening` runs: what other instances published meanwhile was
 * missed, so this instance's clients should catch up.
 */
import type { Socket } from 'node:net';
import type pg from 'pg';

const PROBE_EVERY_MS = 10_000;
const PROBE_ANSWER_MS = 5_000;

export interface AdapterPool {
  /** What createAdapter needs: connect and query. */
  readonly pool: pg.Pool;
  close(): void;
}

type Release = (destroy?: boolean | Error) => void;

/** node-postgres keeps the socket on the connection; only destroying it ends a half-open one at once. */
const cut = (client: pg.PoolClient) => (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();

export function adapterPool(pool: pg.Pool, onListening: () => void = () => undefined): AdapterPool {
  let closed = false;
  const out = new Map<pg.PoolClient, Release>();
  const listening = new Set<pg.PoolClient>();

  const probe = setInterval(() => {
    for (const client of listening) {
      const silent = setTimeout(() => cut(client), PROBE_ANSWER_MS);
      client.query('select 1').then(() => clearTimeout(silent), () => clearTimeout(silent));
    }
  }, PROBE_EVERY_MS).unref();

  const retire = (client: pg.PoolClient, quietly = false) => {
    const release = out.get(client);
    if (!release) return;
    out.delete(client);
    listening.delete(client);
    client.removeAllListeners('notification');
    if (quietly) client.removeAllListeners('end');
    release(true);
  };

  /** The adapter's own LISTEN queries, watched so a re-established subscription is announced. */
  const watchListen = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (typeof args[0] === 'string' && args[0].startsWith('LISTEN')) {
        void result.then(() => {
          if (!out.has(client)) return;
          listening.add(client);
          onListening();
        }, () => undefined);
      }
      return result;
    };
  };

  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return new Promise<pg.PoolClient>(() => undefined);
    const client = await pool.connect();
    // Deleting the visited entry while iterating a Map is safe.
    for (const older of out.keys()) retire(older, true);
    out.set(client, client.release.bind(client));
    client.release = () => retire(client);
    client.once('end', () => retire(client));
    watchListen(client);
    if (closed) {
      client.release();
      return new Promise<pg.PoolClient>(() => undefined);
    }
    return client;
  };

  const guarded = new Proxy(pool, {
    get(target, key, receiver) {
      if (key === 'connect') return connect;
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  return {
    pool: guarded,
    close() {
      closed = true;
      clearInterval(probe);
      for (const client of out.keys()) retire(client);
    },
  };
}
