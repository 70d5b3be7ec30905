/**
 * The pool handed to the socket.io PostgreSQL adapter (0.5.0), guarding against its lifecycle gaps.
 * The adapter takes one connection for LISTEN (`connect`; its queries use `query`, which is not
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
 * Once a connection listens again after one was lost, `onRelisten` runs: what other instances
 * published in between was missed, so this instance's clients should catch up.
 */
import type pg from 'pg';

export interface AdapterPool {
  /** What createAdapter needs: connect and query. */
  readonly pool: pg.Pool;
  close(): void;
}

type Release = (destroy?: boolean | Error) => void;

export function adapterPool(pool: pg.Pool, onRelisten: () => void = () => undefined): AdapterPool {
  let closed = false;
  let listenedBefore = false;
  const out = new Map<pg.PoolClient, Release>();

  const retire = (client: pg.PoolClient, quietly = false) => {
    const release = out.get(client);
    if (!release) return;
    out.delete(client);
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
          if (listenedBefore) onRelisten();
          listenedBefore = true;
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
      for (const client of out.keys()) retire(client);
    },
  };
}
