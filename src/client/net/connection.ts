/**
 * The one socket for the whole app and its state machine:
 *   idle → connecting → online ⇄ reconnecting → offline (after 5 failed attempts) → connecting …
 * socket.io makes up to 5 attempts (1 s to 5 s apart, 20 s timeout, the spec's numbers); after that
 * a fresh attempt starts whenever the browser comes back online or the tab becomes visible.
 * The server refuses the socket for signed-out and pending accounts ('refused').
 *
 * A server that closes the socket on purpose ('io server disconnect') does so when a session ends
 * elsewhere or a person's standing changes, but socket.io then never reconnects by itself. So it is
 * final only when the session check says signed out; otherwise (standing changed, a server that
 * could not be asked) the socket connects again and the handshake decides. A handshake the server
 * could not check (its database away) is not retried by socket.io either. Both are retried here,
 * later each time (net/backoff.ts), up to the same 5 attempts. A restarting server just drops
 * the connection, which socket.io already retries.
 *
 * socket.io's client (about 12 KB compressed, with socket.ts) is fetched with the first connect,
 * not in the sync engine's file, and only once the browser is idle after drawing (within a second):
 * a first visit's screen is drawn before it competes for the network and the main thread. The
 * service worker precaches it like every other file.
 */
import { SOCKET_RECONNECT_ATTEMPTS } from '../../shared/limits';
import type { AppSocket, SocketExtras } from './socket';
import { createStore } from '../state/store';
import { backoffDelay } from './backoff';
import { whenIdle } from '../state/idle';
import { isSocketRefusal, type ServerToClientEvents, type SocketRefusal } from '../../shared/realtime';
import type { TypingInput } from '../../shared/messaging';

type SocketClient = typeof import('./socket');

/** The longest the first connect waits for an idle moment before loading socket.io's client. */
const CLIENT_WITHIN_MS = 1000;
const nothingToCancel = () => {};

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline' | 'refused';

export interface ConnectionHandlers {
  onConnect(): void;
  onRefused(reason: SocketRefusal): void;
  /** The server closed the socket on purpose: false when the person is signed out (then it stays closed). */
  stillSignedIn(): Promise<boolean>;
  onEvent: Partial<ServerToClientEvents>;
}

export class Connection {
  private socket: AppSocket | null = null;
  /** Set as a fresh object each time: the online list changes while the state stays, and listeners must hear it. */
  private readonly store = createStore<{ state: ConnectionState; online: string[] }>({ state: 'idle', online: [] });
  /** Our own tries after a refusal socket.io does not retry (see above); reset by a connect. */
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every connect and disconnect: a client that loads after either is not opened. */
  private opened = 0;
  /** What the current connect asked for, kept while the client loads, so a failed load can be tried again. */
  private handlers: ConnectionHandlers | null = null;
  /** Cancels a client load still waiting for an idle moment. */
  private cancelLoad = nothingToCancel;
  private readonly wake = () => {
    if (!this.socket && this.handlers && this.current === 'offline') {
      this.connect(this.handlers);
      return;
    }
    if (this.socket && !this.socket.connected && (this.current === 'offline' || this.current === 'reconnecting')) {
      clearTimeout(this.retryTimer);
      this.retries = 0;
      this.set('connecting');
      this.socket.connect();
    }
  };
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.wake();
  };

  /** `options` add to the app's own (a test outside a browser passes the session cookie). */
  constructor(private readonly url = '/', private readonly options: SocketExtras = {}) {}

  get current(): ConnectionState {
    return this.store.get().state;
  }

  get onlineUsers(): string[] {
    return this.store.get().online;
  }

  readonly subscribe = this.store.subscribe;

  private set(state: ConnectionState, online = this.onlineUsers) {
    this.store.set({ state, online });
  }

  connect(handlers: ConnectionHandlers): void {
    this.disconnect();
    const opened = this.opened;
    this.handlers = handlers;
    this.set('connecting');
    globalThis.addEventListener?.('online', this.wake);
    globalThis.document?.addEventListener('visibilitychange', this.onVisible);
    this.cancelLoad = whenIdle(() => {
      import('./socket').then(({ openSocket }) => {
        if (this.opened === opened) this.open(openSocket, handlers);
      }, (error: unknown) => {
        if (this.opened !== opened) return;
        // Offline on a first visit, before the worker holds the file: coming back online tries again.
        console.error('Haven: the live connection could not load', error);
        this.set('offline', []);
      });
    }, CLIENT_WITHIN_MS);
  }

  private open(openSocket: SocketClient['openSocket'], handlers: ConnectionHandlers): void {
    const socket = openSocket(this.url, this.options);
    this.socket = socket;
    socket.on('connect', () => {
      this.retries = 0;
      this.set('online');
      handlers.onConnect();
    });
    socket.on('disconnect', (reason) => {
      this.set('reconnecting', []);
      if (reason === 'io server disconnect') void this.afterServerClosed(socket, handlers);
    });
    socket.on('connect_error', (error) => {
      if (isSocketRefusal(error.message)) {
        this.set('refused', []);
        handlers.onRefused(error.message);
      } else if (!socket.active) {
        // The server answered but could not let it in yet (SOCKET_TRY_LATER): socket.io gives up here.
        this.retryLater(socket);
      } else if (this.current !== 'offline') {
        this.set('reconnecting', []);
      }
    });
    socket.io.on('reconnect_failed', () => this.set('offline', []));
    socket.on('getOnlineUsers', (ids) => {
      this.set(this.current, ids);
      handlers.onEvent.getOnlineUsers?.(ids);
    });
    if (handlers.onEvent.newMessage) socket.on('newMessage', handlers.onEvent.newMessage);
    if (handlers.onEvent.newGroupMessage) socket.on('newGroupMessage', handlers.onEvent.newGroupMessage);
    if (handlers.onEvent.readPosition) socket.on('readPosition', handlers.onEvent.readPosition);
    if (handlers.onEvent.resync) socket.on('resync', handlers.onEvent.resync);
    if (handlers.onEvent.messageChanged) socket.on('messageChanged', handlers.onEvent.messageChanged);
    if (handlers.onEvent.safetyChanged) socket.on('safetyChanged', handlers.onEvent.safetyChanged);
    if (handlers.onEvent.crisisAlert) socket.on('crisisAlert', handlers.onEvent.crisisAlert);
    if (handlers.onEvent.receipt) socket.on('receipt', handlers.onEvent.receipt);
    if (handlers.onEvent.typing) socket.on('typing', handlers.onEvent.typing);
  }

  /**
   * Tells the conversation this person is typing, or stopped. Only while connected: socket.io
   * would otherwise buffer it and send it late, after the moment has passed. Answers whether it went.
   */
  sendTyping(typing: TypingInput): boolean {
    if (!this.socket?.connected) return false;
    this.socket.emit('typing', typing);
    return true;
  }

  private async afterServerClosed(socket: AppSocket, handlers: ConnectionHandlers): Promise<void> {
    const signedIn = await handlers.stillSignedIn().catch(() => true);
    // Signed out, or this connection was replaced meanwhile (sign-out, another person): leave it closed.
    if (this.socket !== socket || socket.connected) return;
    if (!signedIn) this.set('refused', []);
    else this.retryLater(socket);
  }

  private retryLater(socket: AppSocket): void {
    clearTimeout(this.retryTimer);
    if (this.retries >= SOCKET_RECONNECT_ATTEMPTS) {
      this.set('offline', []);
      return;
    }
    this.retries += 1;
    this.set('reconnecting', []);
    this.retryTimer = setTimeout(() => {
      if (this.socket === socket && !socket.connected) socket.connect();
    }, backoffDelay(this.retries));
  }

  disconnect(): void {
    this.opened += 1;
    this.cancelLoad();
    this.cancelLoad = nothingToCancel;
    this.handlers = null;
    clearTimeout(this.retryTimer);
    this.retries = 0;
    globalThis.removeEventListener?.('online', this.wake);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisible);
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.set('idle', []);
  }
}

export const connection = new Connection();
