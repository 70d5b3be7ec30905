/** Real socket.io-client connections to a test server, as a given agent (its session cookie). */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/realtime';
import type { Agent } from './agent';
import type { TestServer } from './harness';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type EventArg<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface OpenOptions {
  origin?: string;
  query?: Record<string, string>;
}

/** Every socket opened here, so a test file can close whatever a failing test left open. */
const opened = new Set<ClientSocket>();

/** Opens (does not wait for) a socket to the server carrying the agent's cookies, if any. */
export function openSocket(server: TestServer, agent: Agent | null, options: OpenOptions = {}): ClientSocket {
  const extraHeaders: Record<string, string> = {};
  if (agent?.cookieHeader) extraHeaders.cookie = agent.cookieHeader;
  if (options.origin) extraHeaders.origin = options.origin;
  const socket: ClientSocket = io(server.baseUrl, {
    transports: ['websocket'], extraHeaders, reconnection: false, forceNew: true, query: options.query,
  });
  opened.add(socket);
  return socket;
}

/** Resolves on 'connect'; rejects with connect_error's message. */
export function connected(socket: ClientSocket, timeoutMs = 5000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { done(); reject(new Error('no connect or connect_error in time')); }, timeoutMs);
    const onConnect = () => { done(); resolve(); };
    const onError = (error: Error) => { done(); reject(new Error(error.message)); };
    const done = () => { clearTimeout(timer); socket.off('connect', onConnect); socket.off('connect_error', onError); };
    socket.on('connect', onConnect);
    socket.on('connect_error', onError);
  });
}

/** The message of the connect_error the server answers (fails if the socket connects instead). */
export async function refusal(socket: ClientSocket): Promise<string> {
  try {
    await connected(socket);
  } catch (error) {
    return (error as Error).message;
  }
  return 'CONNECTED';
}

/** The next `name` event (matching `where`, if given) within the timeout. */
export function nextEvent<E extends EventName>(
  socket: ClientSocket, name: E, timeoutMs = 5000, where: (arg: EventArg<E>) => boolean = () => true,
): Promise<EventArg<E>> {
  return new Promise((resolve, reject) => {
    const listener = (arg: EventArg<E>) => {
      if (!where(arg)) return;
      clearTimeout(timer);
      socket.off(name, listener as never);
      resolve(arg);
    };
    const timer = setTimeout(() => {
      socket.off(name, listener as never);
      reject(new Error(`no ${name} event within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(name, listener as never);
  });
}

/** Asserts no `name` event (matching `where`) arrives within a short window: a negative check. */
export function noEvent<E extends EventName>(
  socket: ClientSocket, name: E, ms = 400, where: (arg: EventArg<E>) => boolean = () => true,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const listener = (arg: EventArg<E>) => {
      if (!where(arg)) return;
      clearTimeout(timer);
      socket.off(name, listener as never);
      reject(new Error(`unexpected ${name} event: ${JSON.stringify(arg)}`));
    };
    const timer = setTimeout(() => { socket.off(name, listener as never); resolve(); }, ms);
    socket.on(name, listener as never);
  });
}

/** Resolves when the server closes the socket; rejects if it stays open. */
export function serverDisconnect(socket: ClientSocket, timeoutMs = 5000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not disconnect the socket')), timeoutMs);
    socket.once('disconnect', (reason) => { clearTimeout(timer); resolve(reason); });
  });
}

/**
 * A connected socket whose rooms are joined: waits for 'connect', then for a getOnlineUsers
 * naming the user (the server broadcasts presence after the socket has joined its rooms).
 */
export async function readySocket(server: TestServer, agent: Agent, userId: string, options: OpenOptions = {}): Promise<ClientSocket> {
  const socket = openSocket(server, agent, options);
  const online = nextEvent(socket, 'getOnlineUsers', 5000, (ids) => ids.includes(userId));
  await Promise.all([connected(socket), online]);
  return socket;
}

export function closeSocket(socket: ClientSocket): void {
  socket.disconnect();
  opened.delete(socket);
}

/** For afterEach: disconnects every socket opened through this module. */
export function closeAllSockets(): void {
  for (const socket of opened) socket.disconnect();
  opened.clear();
}

/**
 * noEvent, with its failure kept for the `await` that reads it: a socket event that arrives while
 * the test is still awaiting something else must fail the test, not surface as an unhandled rejection.
 */
export function quiet<E extends EventName>(socket: ClientSocket, name: E, ms?: number, where?: (arg: EventArg<E>) => boolean): Promise<void> {
  const waiting = noEvent(socket, name, ms, where);
  waiting.catch(() => undefined);
  return waiting;
}
