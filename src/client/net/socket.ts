/**
 * The socket with Haven's options (the spec's reconnection numbers), and socket.io's client with
 * it: this module is loaded by the first connect (connection.ts), not in the sync engine's file,
 * so a first visit's screen does not wait for socket.io's 12 KB.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { SOCKET_RECONNECT_ATTEMPTS } from '../../shared/limits';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketExtras = Partial<ManagerOptions & SocketOptions>;

/** `extras` add to the app's own (a test outside a browser passes the session cookie). */
export function openSocket(url: string, extras: SocketExtras): AppSocket {
  return io(url, {
    withCredentials: true,
    transports: ['websocket', 'polling'],
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    timeout: 20_000,
    ...extras,
  });
}
