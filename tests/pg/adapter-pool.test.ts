/**
 * The guard around the socket.io PostgreSQL adapter's connections (src/server/realtime/adapter-pool):
 * without it a close that races the adapter's LISTEN connection leaves that connection checked
 * out and `pool.end()` never returns. Runs on the PostgreSQL in TEST_DATABASE_URL (test:pg).
 */
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { adapterPool } from '../../src/server/realtime/adapter-pool';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('tests/pg needs TEST_DATABASE_URL');

const pools: pg.Pool[] = [];
function newPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => (p.ended ? null : p.end().catch(() => null))));
});

/** Resolves to 'ended', or to 'stuck' if pool.end() has not returned after a generous wait. */
function endOrStuck(pool: pg.Pool): Promise<'ended' | 'stuck'> {
  return Promise.race([
    pool.end().then(() => 'ended' as const),
    new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 10_000).unref()),
  ]);
}

describe('the adapter pool guard', () => {
  it('destroys a connection the adapter hands back instead of returning it, still listening, to the pool', async () => {
    const pool = newPool();
    const guard = adapterPool(pool);
    const client = await guard.pool.connect();
    client.on('notification', () => undefined);
    await client.query('LISTEN "guard-test"');
    client.release();
    expect(client.listenerCount('notification')).toBe(0);
    expect(pool.totalCount).toBe(0);
    expect(await endOrStuck(pool)).toBe('ended');
  });

  it('after close, a connection still out is destroyed and a new request never takes one', async () => {
    const pool = newPool();
    const guard = adapterPool(pool);
    await guard.pool.connect();
    guard.close();
    let settled = false;
    void guard.pool.connect().then(() => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    expect(pool.totalCount).toBe(0);
    expect(await endOrStuck(pool)).toBe('ended');
  });

  it('a socket.io server closed right after it started leaves the pool free to end', async () => {
    const pool = newPool();
    const guard = adapterPool(pool);
    const io = new Server(createServer());
    io.adapter(createAdapter(guard.pool));
    // Closed before the adapter's LISTEN connection arrived: the race the guard exists for.
    await new Promise<void>((resolve) => io.close(() => resolve()));
    guard.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await endOrStuck(pool)).toBe('ended');
  });
});
