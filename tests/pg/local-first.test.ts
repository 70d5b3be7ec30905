/**
 * src/server/realtime/pg-adapter: this instance's sockets get a broadcast, a join, a leave or a
 * disconnect without waiting for the NOTIFY; other instances get every message, in the order sent,
 * and need no free connection in the pool for it; the heartbeat keeps its pace; a lost connection
 * is replaced; a failed NOTIFY reaches onError; and instances on @socket.io/postgres-adapter 0.5.0
 * (the release before) understand it. socket.io-adapter's cluster adapter runs for real here, so a
 * change in how it calls doPublish shows. Runs on the PostgreSQL in TEST_DATABASE_URL (test:pg).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adapterPool } from '../../src/server/realtime/adapter-pool';
import { pgAdapter } from '../../src/server/realtime/pg-adapter';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('tests/pg needs TEST_DATABASE_URL');

const databaseName = `haven_lf_${randomBytes(6).toString('hex')}`;
let url = '';

async function admin(sql: string, target = adminUrl!): Promise<void> {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${databaseName}`);
  const target = new URL(adminUrl);
  target.pathname = `/${databaseName}`;
  url = target.toString();
  // The table long and binary messages travel through, as the app's migration makes it.
  await admin(readFileSync(new URL('../../src/server/db/migrations/0001_socket_io_attachments.sql', import.meta.url), 'utf8'), url);
});
afterAll(() => admin(`drop database if exists ${databaseName} with (force)`));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => null);
});

interface Instance {
  io: Server;
  pool: pg.Pool;
  client: Socket;
  errors: unknown[];
  /** Until the returned function is called, this instance's NOTIFYs wait before they are sent. */
  holdNotifies: () => () => void;
  /** How many NOTIFYs this instance has sent. */
  notifies: () => number;
  /** What PostgreSQL knows its connections by. */
  applicationName: string;
}

/**
 * The pool as the adapter sees it, whose NOTIFYs (through the pool or a connection taken from it)
 * can be held back: a stand-in for PostgreSQL being slow to answer.
 */
function withNotifyGate(pool: pg.Pool): { pool: pg.Pool; hold: () => () => void; count: () => number } {
  let gate = Promise.resolve();
  let count = 0;
  const gated = <T extends object>(target: T, wrap: (key: string | symbol) => unknown): T => new Proxy(target, {
    get(object, key) {
      const wrapped = wrap(key);
      if (wrapped) return wrapped;
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  const query = (run: (...args: unknown[]) => Promise<unknown>) => async (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('pg_notify')) {
      count += 1;
      await gate;
    }
    return run(...args);
  };
  return {
    pool: gated(pool, (key) => key === 'query' ? query(pool.query.bind(pool) as never)
      : key === 'connect' ? async () => {
        const client = await pool.connect();
        return gated(client, (k) => (k === 'query' ? query(client.query.bind(client) as never) : undefined));
      } : undefined),
    count: () => count,
    hold() {
      let open = () => undefined as void;
      gate = new Promise((resolve) => { open = resolve; });
      return open;
    },
  };
}

type Kind = 'ours' | 'released';

/** Two connections by default: the LISTEN one, and one a test can hold to leave the pool with none. */
async function instance(channelPrefix: string, kind: Kind = 'ours', poolSize = 2): Promise<Instance> {
  const applicationName = `lf-${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: applicationName });
  // An idle connection terminated by a test: the pool replaces it, as the app's does.
  pool.on('error', () => undefined);
  const guard = adapterPool(pool);
  const gate = withNotifyGate(guard.pool);
  const errors: unknown[] = [];
  const http = createServer();
  const io = new Server(http);
  io.adapter(kind === 'ours'
    ? pgAdapter(gate.pool, { channelPrefix, onError: (error) => errors.push(error) })
    : createAdapter(gate.pool, { channelPrefix, errorHandler: (error) => errors.push(error) }));
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  cleanups.push(() => pool.end(), async () => guard.close(), () => new Promise((r) => io.close(r)), async () => client.disconnect());
  await new Promise<void>((resolve) => client.once('connect', resolve));
  return { io, pool, client, errors, holdNotifies: gate.hold, notifies: gate.count, applicationName };
}

/** Two instances on one channel, each having heard the other (before that, nothing is published). */
async function pair(kinds: [Kind, Kind] = ['ours', 'ours'], poolSize = 2): Promise<[Instance, Instance]> {
  const prefix = `lf${randomBytes(4).toString('hex')}`;
  const here = await instance(prefix, kinds[0], poolSize);
  const there = await instance(prefix, kinds[1], poolSize);
  await expect.poll(async () => (await here.io.fetchSockets()).length, { timeout: 15_000 }).toBe(2);
  await expect.poll(async () => (await there.io.fetchSockets()).length, { timeout: 15_000 }).toBe(2);
  return [here, there];
}

/** Short enough for a failure's diff to be read. */
const brief = (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 16)} (${value.length})` : Buffer.from(value as ArrayBuffer).toString('hex'));

/** The 'news' a client gets that are among `sent`, in the order they came, once there are as many. */
function collect(client: Socket, sent: unknown[]): Promise<string[]> {
  const wanted = new Set(sent.map(brief));
  const got: string[] = [];
  return new Promise((resolve) => {
    client.on('news', (value: unknown) => {
      if (wanted.has(brief(value))) got.push(brief(value));
      if (got.length === sent.length) resolve(got);
    });
  });
}

const roomsOf = (of: Instance) => of.io.of('/').sockets.get(of.client.id!)?.rooms;
const long = (n: number) => `${n} ${'a long message '.repeat(1_000)}`;

describe('the PostgreSQL adapter', () => {
  it('delivers, joins, leaves and disconnects here without waiting for the NOTIFY, and there once it is sent', async () => {
    const [here, there] = await pair();
    const nothingMoreThere = () => new Promise((resolve) => setTimeout(resolve, 300));
    let open = here.holdNotifies();
    const gotHere = new Promise((resolve) => here.client.once('news', resolve));
    let gotThere: unknown;
    there.client.once('news', (value: unknown) => { gotThere = value; });
    here.io.to('room').emit('news', 'hello');
    here.io.in('room').socketsJoin('later');
    expect(await gotHere).toBe('hello');
    await expect.poll(() => roomsOf(here)?.has('later')).toBe(true);
    await nothingMoreThere();
    expect(gotThere).toBeUndefined();
    expect(roomsOf(there)?.has('later')).toBe(false);
    open();
    await expect.poll(() => gotThere).toBe('hello');
    await expect.poll(() => roomsOf(there)?.has('later')).toBe(true);

    open = here.holdNotifies();
    here.io.in('room').socketsLeave('later');
    await expect.poll(() => roomsOf(here)?.has('later')).toBe(false);
    await nothingMoreThere();
    expect(roomsOf(there)?.has('later')).toBe(true);
    open();
    await expect.poll(() => roomsOf(there)?.has('later')).toBe(false);

    open = here.holdNotifies();
    here.io.in('room').disconnectSockets(true);
    await expect.poll(() => here.client.connected).toBe(false);
    await nothingMoreThere();
    expect(there.client.connected).toBe(true);
    open();
    await expect.poll(() => there.client.connected).toBe(false);
    expect([...here.errors, ...there.errors]).toEqual([]);
  });

  it('reaches both instances while every connection in the pool is taken', async () => {
    const [here, there] = await pair();
    // The adapter's LISTEN connection holds one of the two; take the other.
    const held = await here.pool.connect();
    try {
      const gotHere = new Promise((resolve) => here.client.once('news', resolve));
      const gotThere = new Promise((resolve) => there.client.once('news', resolve));
      here.io.to('room').emit('news', 'hello');
      expect(await gotHere).toBe('hello');
      expect(await gotThere).toBe('hello');
    } finally {
      held.release();
    }
    expect([...here.errors, ...there.errors]).toEqual([]);
  });

  it('hands every message to the other instance in the order sent, long and binary ones too', async () => {
    // The app's pool size: a burst of this many through such a pool arrived shuffled.
    const [here, there] = await pair(['ours', 'ours'], 10);
    const sent = Array.from({ length: 400 }, (_, n) => (n % 100 === 10 ? long(n) : n % 100 === 20 ? Buffer.from([n, 0, 255]) : `message ${n}`));
    const gotThere = collect(there.client, sent);
    for (const message of sent) here.io.to('room').emit('news', message);
    expect(await gotThere).toEqual(sent.map(brief));
    expect([...here.errors, ...there.errors]).toEqual([]);
  });

  it("keeps the cluster adapter's heartbeat pace when given no heartbeat options", async () => {
    const [here] = await pair();
    const before = here.notifies();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // One heartbeat every 5 s by default: a second holds at most one.
    expect(here.notifies() - before).toBeLessThanOrEqual(1);
  });

  it('listens again after its connection is terminated, and messages flow both ways again', async () => {
    const [here, there] = await pair();
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${here.applicationName}'`);
    // Sent until one arrives: those sent before the loss was noticed may have gone with it.
    const arrives = async (from: Instance, to: Instance) => {
      let got = false;
      const note = () => { got = true; };
      to.client.on('news', note);
      await expect.poll(() => {
        from.io.to('room').emit('news', 'after the loss');
        return got;
      }, { timeout: 10_000, interval: 200 }).toBe(true);
      to.client.off('news', note);
    };
    await arrives(there, here);
    await arrives(here, there);
  });

  it('gives a failed NOTIFY to onError and still delivers here', async () => {
    // PostgreSQL refuses to notify a channel name this long (LISTEN merely shortens it).
    const here = await instance(`lf${'x'.repeat(70)}`);
    const gotHere = new Promise((resolve) => here.client.once('news', resolve));
    here.io.to('room').emit('news', 'still here');
    expect(await gotHere).toBe('still here');
    await expect.poll(() => here.errors.map((error) => (error as Error).message)).toContainEqual(expect.stringMatching(/channel name too long/));
  });

  it('understands an instance still on @socket.io/postgres-adapter 0.5.0, both ways, long messages too', async () => {
    const [ours, released] = await pair(['ours', 'released']);
    // 0.5.0 lets a long message fall behind the next ones (it stores it first when sending, reads it
    // back when receiving): all of them arrive, in an order this test does not hold it to.
    const toOurs = ['to ours', long(1), 'to ours again'];
    const gotOurs = collect(ours.client, toOurs);
    for (const message of toOurs) released.io.to('room').emit('news', message);
    expect((await gotOurs).sort()).toEqual(toOurs.map(brief).sort());
    const toReleased = ['to 0.5.0', long(2), 'to 0.5.0 again'];
    const gotReleased = collect(released.client, toReleased);
    for (const message of toReleased) ours.io.to('room').emit('news', message);
    expect((await gotReleased).sort()).toEqual(toReleased.map(brief).sort());
    expect([...ours.errors, ...released.errors]).toEqual([]);
  });
});
