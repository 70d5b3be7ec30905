/**
 * src/server/realtime/local-first: this instance's sockets get a broadcast without waiting for the
 * adapter's NOTIFY, which needs a free connection in the pool; other instances still get it once
 * one is free. Runs on the PostgreSQL in TEST_DATABASE_URL (test:pg).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { adapterPool } from '../../src/server/realtime/adapter-pool';
import { localFirst } from '../../src/server/realtime/local-first';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('tests/pg needs TEST_DATABASE_URL');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => null);
});

async function instance(channelPrefix: string): Promise<{ io: Server; pool: pg.Pool; client: Socket }> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const guard = adapterPool(pool);
  const http = createServer();
  const io = new Server(http);
  io.adapter(localFirst(createAdapter(guard.pool, { channelPrefix }), () => undefined) as Parameters<Server['adapter']>[0]);
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  cleanups.push(() => pool.end(), async () => guard.close(), () => new Promise((r) => io.close(r)), async () => client.disconnect());
  await new Promise<void>((resolve) => client.once('connect', resolve));
  return { io, pool, client };
}

describe('local-first broadcasts on the PostgreSQL adapter', () => {
  it("reaches this instance's sockets while every pool connection is busy, and the other instance once one is free", async () => {
    const prefix = `lf${Date.now()}`;
    const here = await instance(prefix);
    const there = await instance(prefix);
    // Wait until each adapter has heard the other, so a broadcast is published at all.
    await expect.poll(async () => (await here.io.fetchSockets()).length, { timeout: 15_000 }).toBe(2);

    // The adapter's LISTEN connection holds one of the two; take the other.
    const held = await here.pool.connect();
    const gotHere = new Promise((resolve) => here.client.once('news', resolve));
    const gotThere = new Promise((resolve) => there.client.once('news', resolve));
    here.io.to('room').emit('news', 'hello');
    expect(await gotHere).toBe('hello');
    held.release();
    expect(await gotThere).toBe('hello');
  });
});
