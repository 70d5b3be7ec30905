/**
 * The app's own socket connection (src/client/net/connection.ts) against the real server: a restart
 * never leaves it closed, and a socket the server closes on purpose stays closed only when the
 * session has ended (docs/decisions/restarts-and-reconnection.md). The session question is asked as
 * the sync engine asks it: GET /api/auth/check, where only a 401 means signed out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Connection, type ConnectionState } from '../../src/client/net/connection';
import type { DirectMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, verifiedProfessional } from './people';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startServer();
  ({ code } = await verifiedProfessional(server));
});
afterAll(async () => { await server?.close(); });

const connections: Connection[] = [];
afterEach(() => { for (const c of connections.splice(0)) c.disconnect(); });

/** The app's connection for this browser, with what it went through. */
function connect(agent: Agent) {
  const connection = new Connection(server.baseUrl, { transports: ['websocket'], extraHeaders: { cookie: agent.cookieHeader } });
  connections.push(connection);
  const states: ConnectionState[] = [];
  const received: DirectMessage[] = [];
  let refusedWith: string | null = null;
  connection.subscribe(() => { if (states.at(-1) !== connection.current) states.push(connection.current); });
  connection.connect({
    onConnect: () => undefined,
    onRefused: (reason) => { refusedWith = reason; },
    stillSignedIn: async () => (await agent.get('/api/auth/check')).status !== 401,
    onEvent: { newMessage: (m) => received.push(m) },
  });
  return { connection, states, received, refused: () => refusedWith };
}

async function until(probe: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the app's socket connection", () => {
  it('reconnects by itself after a graceful restart and receives live messages again', async () => {
    const reader = await referredUser(server, code);
    const writer = await referredUser(server, code);
    const app = connect(reader.agent);
    await until(() => app.connection.current === 'online', 'online');

    await server.restart();
    await until(() => app.states.includes('reconnecting'), 'noticed the restart');
    await until(() => app.connection.current === 'online', 'online again');
    expect(app.states).not.toContain('refused');
    expect((await writer.agent.post(`/api/messages/send/${reader.id}`, { text: 'after the restart' })).status).toBe(201);
    await until(() => app.received.some((m) => m.text === 'after the restart'), 'live message after the restart');
  });

  it('stays closed when the server closes it because the session ended elsewhere', async () => {
    const person = await referredUser(server, code);
    const app = connect(person.agent);
    await until(() => app.connection.current === 'online', 'online');
    // Another device of theirs signs in, and signs this one out everywhere else.
    const other = server.agent();
    expect((await other.post('/api/auth/login', { email: person.email, password: PASSWORD })).status).toBe(200);
    expect((await other.delete('/api/auth/sessions')).status).toBe(200);
    await until(() => app.connection.current === 'refused', 'refused');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(app.connection.current).toBe('refused');
  });

  /** Someone already online, and every online list their connection hears. */
  async function onlineWatcher(): Promise<string[][]> {
    const seen = connect((await referredUser(server, code)).agent);
    const onlineLists: string[][] = [];
    seen.connection.subscribe(() => onlineLists.push(seen.connection.onlineUsers));
    await until(() => seen.connection.current === 'online', 'watcher online');
    return onlineLists;
  }

  it('opens no socket for a connect given up before the socket client has loaded (a sign-out right after a sign-in)', async () => {
    const person = await referredUser(server, code);
    const onlineLists = await onlineWatcher();
    const app = connect(person.agent);
    app.connection.disconnect();
    // A socket opened anyway would show in everyone's online list within this time.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(app.states).toEqual(['idle', 'connecting', 'idle']);
    expect(onlineLists.flat()).not.toContain(person.id);
    // The same connection connects normally afterwards.
    app.connection.connect({ onConnect: () => undefined, onRefused: () => undefined, stillSignedIn: async () => true, onEvent: {} });
    await until(() => app.connection.current === 'online', 'online after all');
    await until(() => onlineLists.some((ids) => ids.includes(person.id)), 'seen online');
  });

  it('opens no socket for a connect given up while the socket client is loading (the idle moment already came)', async () => {
    const person = await referredUser(server, code);
    const onlineLists = await onlineWatcher();
    // An idle moment at once: the client's import has begun when the disconnect comes.
    vi.stubGlobal('requestIdleCallback', (work: () => void) => { work(); return 1; });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const app = connect(person.agent);
      app.connection.disconnect();
      await new Promise((r) => setTimeout(r, 1_000));
      expect(app.states).toEqual(['idle', 'connecting', 'idle']);
      expect(onlineLists.flat()).not.toContain(person.id);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('connects again when the server closed it for a change of standing that leaves the person signed in', async () => {
    const { agent, user, admin } = await verifiedProfessional(server);
    const app = connect(agent);
    await until(() => app.connection.current === 'online', 'online');
    // The admin verifies them again (a new standing): the server closes their sockets to re-check them.
    const again = await admin.post(`/api/admin/verify-user/${user._id}`);
    expect(again.status).toBe(200);
    await until(() => app.states.includes('reconnecting'), 'closed by the server');
    await until(() => app.connection.current === 'online', 'online again');
  });
});
