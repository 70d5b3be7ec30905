import 'fake-indexeddb/auto';
import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../src/shared/api';
import type { Connection, ConnectionHandlers } from '../../../src/client/net/connection';
import { RESYNC_SPREAD_MS, SyncEngine } from '../../../src/client/sync/engine';
import { queueDirect } from '../../../src/client/sync/outbox';
import { readSummaries } from '../../../src/client/sync/unread';
import { directKey } from '../../../src/shared/conversation';
import { OTHER } from './fixtures';

/** A socket stand-in: the test says when it connects. */
class FakeConnection {
  handlers: ConnectionHandlers | null = null;
  current = 'idle' as const;
  connect(h: ConnectionHandlers) { this.handlers = h; }
  disconnect() { this.handlers = null; }
  subscribe = () => () => true;
}

let userCount = 0;
function setup(gate: Promise<void> = Promise.resolve(), checkStatus = 200, requestsGate: Promise<void> = Promise.resolve()) {
  userCount += 1;
  let unauthorized = 0;
  const user = { _id: `e${userCount}`.padEnd(24, '0'), fullName: 'Me', profilePic: '' } as AuthUser;
  const asked: string[] = [];
  const api = ky.create({
    prefixUrl: 'http://haven.test/api', retry: 0,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname);
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/auth/check')) {
        return checkStatus === 200 ? json(user) : new Response(JSON.stringify({ message: 'no', code: checkStatus === 401 ? 'UNAUTHENTICATED' : 'UNAVAILABLE' }), { status: checkStatus });
      }
      if (url.pathname.endsWith('/messages/sync')) return json({ direct: [], group: [], cursor: 0, hasMore: false, epoch: 'e1' });
      if (url.pathname.endsWith('/messages/groups') || url.pathname.endsWith('/messages/users') || url.pathname.endsWith('/messages/therapists')) return json([]);
      if (url.pathname.endsWith('/messages/requests')) {
        await requestsGate;
        return json([{ _id: OTHER, fullName: 'Stranger', profilePic: '', role: 'user', count: 1, lastAt: new Date().toISOString() }]);
      }
      if (url.pathname.endsWith('/messages/batch')) {
        await gate;
        const { items } = await (input as Request).json() as { items: Array<{ clientId: string; to: string; text: string }> };
        return json({ results: items.map((item, i) => ({ clientId: item.clientId, ok: true, message: {
          _id: String(i + 1).padStart(24, '0'), seq: i + 1, senderId: user._id, receiverId: item.to, text: item.text, image: null, clientId: item.clientId, createdAt: new Date().toISOString(),
        } })) });
      }
      return new Response('{}', { status: 404 });
    },
  });
  const conn = new FakeConnection();
  const engine = new SyncEngine(user, { api, onUnauthorized: () => { unauthorized += 1; }, connection: conn as unknown as Connection });
  return { engine, conn, asked, unauthorized: () => unauthorized };
}

let engine: SyncEngine | undefined;
afterEach(() => {
  engine?.stop();
  vi.useRealTimers();
});

describe('the sync engine', () => {
  it('runs the startup catch-up once: the first socket connect does it, not start and connect both', async () => {
    const s = setup();
    engine = s.engine;
    expect(engine.catchUp.get()).toBe('idle');
    const states: string[] = [];
    engine.catchUp.subscribe(() => states.push(engine!.catchUp.get()));
    engine.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(0);
    // The first catch-up is still to come: a conversation short of messages waits for it (history.ts).
    expect(engine.catchUp.get()).toBe('awaited');
    s.conn.handlers!.onConnect();
    await vi.waitFor(() => expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(1));
    // Once that sync has finished, nothing asked again.
    await vi.waitFor(() => expect(engine!.status.get().kind).toBe('up-to-date'));
    await vi.waitFor(() => expect(states).toEqual(['awaited', 'running', 'idle']));
    expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(1);
    expect(s.asked.filter((p) => p.endsWith('/messages/groups'))).toHaveLength(1);
  });

  it('sends what waited at start without waiting for the socket, and reports "sending N" meanwhile', async () => {
    let open!: () => void;
    const s = setup(new Promise((resolve) => { open = resolve; }));
    engine = s.engine;
    for (const t of ['a', 'b', 'c']) await queueDirect(engine.db, engine.user._id, OTHER, t, null);
    const seen: string[] = [];
    engine.status.subscribe(() => seen.push(`${engine!.status.get().kind}:${engine!.status.get().pending}`));
    engine.start();
    await vi.waitFor(() => expect(seen.at(-1)).toBe('sending:3'));
    open();
    await vi.waitFor(async () => expect(await engine!.db.outbox.count()).toBe(0));
    expect(s.asked.filter((p) => p.endsWith('/messages/batch'))).toHaveLength(1);
    await vi.waitFor(() => expect(seen.at(-1)).toBe('up-to-date:0'));
  });

  it('catches up over HTTP alone when the socket never connects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const s = setup();
    engine = s.engine;
    engine.start();
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(1));
  });

  it('catches up when the server says it may have missed live events (resync)', async () => {
    const s = setup();
    engine = s.engine;
    engine.start();
    s.conn.handlers!.onConnect();
    await vi.waitFor(() => expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(1));
    s.conn.handlers!.onEvent.resync!();
    await vi.waitFor(() => expect(s.asked.filter((p) => p.endsWith('/messages/sync'))).toHaveLength(2), { timeout: RESYNC_SPREAD_MS + 2_000 });
  });

  it('stores a stranger\'s live message only once the requests list read after it has landed: it is never counted unread', async () => {
    let release = () => {};
    const s = setup(Promise.resolve(), 200, new Promise<void>((resolve) => { release = resolve; }));
    engine = s.engine;
    engine.start();
    const me = engine.db.userId;
    s.conn.handlers!.onEvent.newMessage!({
      _id: 'm'.padEnd(24, '1'), seq: 7, senderId: OTHER, receiverId: me, text: 'hey', image: null,
      clientId: 'c1', createdAt: new Date().toISOString(), request: true,
    });
    await vi.waitFor(() => expect(s.asked.filter((p) => p.endsWith('/messages/requests'))).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await engine.db.messages.count()).toBe(0);
    release();
    await vi.waitFor(async () => expect(await engine!.db.messages.count()).toBe(1));
    expect((await readSummaries(engine.db)).get(directKey(OTHER))).toMatchObject({ unread: 0, request: true });
  });
});

describe('a socket the server closed on purpose', () => {
  it('ends the session only when the session check answers 401', async () => {
    const out = setup(undefined, 401);
    engine = out.engine;
    engine.start();
    expect(await out.conn.handlers!.stillSignedIn()).toBe(false);
    expect(out.unauthorized()).toBe(1);
    engine.stop();

    // A late answer, after this person's engine stopped (someone else may be signed in now): nothing.
    const late = setup(undefined, 401);
    late.engine.start();
    const handlers = late.conn.handlers!;
    late.engine.stop();
    expect(await handlers.stillSignedIn()).toBe(false);
    expect(late.unauthorized()).toBe(0);

    for (const status of [200, 503]) {
      const s = setup(undefined, status);
      engine = s.engine;
      engine.start();
      expect(await s.conn.handlers!.stillSignedIn()).toBe(true);
      expect(s.unauthorized()).toBe(0);
      engine.stop();
    }
    engine = undefined;
  });
});
