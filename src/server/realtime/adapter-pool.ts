/**
 * The pool handed to the socket.io PostgreSQL adapter (0.5.0), guarding against two of its
 * lifecycle gaps that otherwise keep a connection checked out forever, so `pool.end()` at
 * shutdown hangs:
 * - it acquires its LISTEN connection asynchronously; a close before that finished leaves the
 *   connection with it, and its retry timer asks for another one after close;
 * - it releases the LISTEN connection back into the pool still listening, with its
 *   'notification' handler attached, for the app's queries to reuse.
 * Here every connection it takes is tracked and, when released, destroyed rather than reused;
 * after `close()` the leftovers are destroyed and new requests never resolve (nothing is held).
 */
import type pg from 'pg';

export interface AdapterPool {
  /** What createAdapter needs: connect and query. */
  readonly pool: pg.Pool;
  close(): void;
}

export function adapterPool(pool: pg.Pool): AdapterPool {
  let closed = false;
  const out = new Set<pg.PoolClient>();

  const retire = (client: pg.PoolClient, release: (destroy?: boolean | Error) => void) => {
    if (!out.delete(client)) return;
    client.removeAllListeners('notification');
    release(true);
  };

  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return new Promise<pg.PoolClient>(() => undefined);
    const client = await pool.connect();
    const release = client.release.bind(client);
    out.add(client);
    client.release = () => retire(client, release);
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
      // Deleting the visited entry while iterating a Set is safe.
      for (const client of out) client.release();
    },
  };
}
