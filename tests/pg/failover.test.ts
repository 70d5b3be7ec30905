/**
 * When PostgreSQL goes away from a server (restart, failover, terminated backends) the server lives
 * on: it answers 503 on /api/health and on writes, keeps its sockets, and once PostgreSQL is back
 * it listens to the other instances again and tells its clients to catch up
 * (docs/decisions/database-away.md). Instance A reaches the database through a proxy the test cuts;
 * instance B keeps its own link.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../../src/client/net/connection';
import { SOCKET_TRY_LATER } from '../../src/shared/realtime';
import { referredUser, verifiedProfessional } from '../server/people';
import { closeAllSockets, connected, nextEvent, openSocket, readySocket } from '../server/socket-client';
import { eventually, freshDatabase, sameBrowserOn, startInstance } from './instances';

afterEach(() => closeAllSockets());

/**
 * Instance A reaches the database through a proxy the test cuts, B directly; a reader with a
 * socket on A, and a writer who writes through B.
 */
async function readerOnCutOffInstance() {
  const databaseUrl = await freshDatabase();
  const a = await startInstance(databaseUrl, { viaProxy: true });
  const b = await startInstance(databaseUrl);
  const { code } = await verifiedProfessional(b);
  const reader = await referredUser(b, code);
  const writer = await referredUser(b, code);
  const readerOnA = sameBrowserOn(reader.agent, a);
  const socket = await readySocket(a, readerOnA, reader.id);
  return { a, reader, readerOnA, writer, socket };
}

describe('a server that loses PostgreSQL', () => {
  it('answers 503 meanwhile, keeps its sockets, and recovers by itself: listening again and telling its clients to catch up', async () => {
    const { a, reader, readerOnA, writer, socket } = await readerOnCutOffInstance();
    let dropped = false;
    socket.on('disconnect', () => { dropped = true; });

    await a.proxy!.cut();
    expect((await readerOnA.get('/api/health')).status).toBe(503);
    const refused = await readerOnA.post(`/api/messages/send/${writer.id}`, { text: 'while the database is away' });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('UNAVAILABLE');
    // Written through B while A cannot hear the other instances: A's clients must learn of it later.
    const missed = await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'sent while A was cut off' });
    expect(missed.status).toBe(201);

    const resync = nextEvent(socket, 'resync', 15_000);
    await a.proxy!.restore();
    await eventually(async () => (await readerOnA.get('/api/health')).status === 200, 15_000, 'health back to 200');
    await resync;
    expect(dropped).toBe(false);
    const page = await readerOnA.get('/api/messages/sync?since=0');
    expect(page.body.direct.map((m: { text: string }) => m.text)).toContain('sent while A was cut off');
    // Live again from B to a socket on A: the LISTEN connection is back.
    const live = nextEvent(socket, 'newMessage', 5_000, (m) => m.text === 'live again');
    expect((await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'live again' })).status).toBe(201);
    await live;
  });

  it('survives its database link being cut again and again, without using up its connections', async () => {
    const { a, reader, readerOnA, writer, socket } = await readerOnCutOffInstance();
    for (let round = 0; round < 11; round += 1) {
      const resync = nextEvent(socket, 'resync', 15_000);
      await a.proxy!.cut();
      await a.proxy!.restore();
      await resync;
    }
    // Had each lost LISTEN connection stayed checked out, 11 would be (more than the pool's 10):
    // only the one listening now may be, and nothing waits for a connection.
    const pool = a.database.pool!;
    expect(pool.totalCount - pool.idleCount).toBeLessThanOrEqual(1);
    expect(pool.waitingCount).toBe(0);
    expect((await readerOnA.get('/api/messages/sync?since=0')).status).toBe(200);
    const live = nextEvent(socket, 'newMessage', 5_000, (m) => m.text === 'after eleven cuts');
    await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'after eleven cuts' });
    await live;
  });
});

describe('a link to PostgreSQL that goes silent without a word', () => {
  it('is noticed by the LISTEN probe, listened again, and the clients told to catch up', async () => {
    const { a, reader, writer, socket } = await readerOnCutOffInstance();
    a.proxy!.freeze();
    const resync = nextEvent(socket, 'resync', 25_000);
    await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'while the link was silent' });
    await resync;
    const live = nextEvent(socket, 'newMessage', 5_000, (m) => m.text === 'after the silence');
    expect((await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'after the silence' })).status).toBe(201);
    await live;
  });
});

describe('a socket that connects while PostgreSQL is away', () => {
  it('is told to try later, in words that carry no query, and the app connects once the database is back', async () => {
    const { a, readerOnA } = await readerOnCutOffInstance();
    await a.proxy!.cut();
    const raw = openSocket(a, readerOnA);
    const told = await new Promise<string>((resolve) => raw.once('connect_error', (error) => resolve(error.message)));
    expect(told).toBe(SOCKET_TRY_LATER);

    const app = new Connection(a.baseUrl, { transports: ['websocket'], extraHeaders: { cookie: readerOnA.cookieHeader } });
    const states: string[] = [];
    app.subscribe(() => states.push(app.current));
    app.connect({ onConnect: () => undefined, onRefused: () => undefined, stillSignedIn: async () => true, onEvent: {} });
    try {
      await eventually(async () => states.includes('reconnecting'), 10_000, 'refused for now');
      await a.proxy!.restore();
      await eventually(async () => app.current === 'online', 20_000, 'online once the database is back');
    } finally {
      app.disconnect();
    }
  });
});

describe('presence across instances', () => {
  it('is never held up by an instance that stopped answering, and forgets its people', async () => {
    const databaseUrl = await freshDatabase();
    const a = await startInstance(databaseUrl);
    const b = await startInstance(databaseUrl, { viaProxy: true });
    const { code } = await verifiedProfessional(a);
    const onB = await referredUser(a, code);
    const onA = await referredUser(a, code);
    await readySocket(b, sameBrowserOn(onB.agent, b), onB.id);
    const watcher = openSocket(a, onA.agent);
    let online: string[] = [];
    watcher.on('getOnlineUsers', (ids) => { online = ids; });
    await connected(watcher);
    await eventually(async () => online.includes(onB.id) && online.includes(onA.id), 12_000, "B's people online at A");

    // B can no longer reach anyone (its database link is the only way between instances), but A
    // still counts it among the cluster's nodes for a while.
    await b.proxy!.cut();
    const late = await referredUser(a, code);
    const started = Date.now();
    await readySocket(a, late.agent, late.id);
    expect(Date.now() - started).toBeLessThan(2_000);
    // B's people drop out once B has been silent long enough (presence.ts: three heartbeats).
    await eventually(async () => !online.includes(onB.id) && online.includes(late.id), 25_000, "B's people gone at A");
    await b.proxy!.restore();
  });
});
