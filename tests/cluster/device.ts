/**
 * One person's device as the browser app behaves on the network, in Node:
 * - an outbox: each message gets its clientId when written and goes out in order through
 *   POST /api/messages/batch, retried with the same clientId as the app's transport and flusher
 *   do (ky's two quick retries on network errors, 408, 429 and 5xx; then the app's capped,
 *   jittered backoff, which every socket connect cuts short);
 * - one socket.io connection with the app's settings (websocket, 1 s to 5 s between attempts, five
 *   attempts); a server's 'io server disconnect' is final only when GET /api/auth/check says 401;
 * - a catch-up through GET /api/messages/sync from its cursor at every (re)connect and 'resync'
 *   (which also makes the outbox due, as in the app).
 * It records when each live message arrived, and which instance its socket is on: through
 * HAProxy that is the SERVERID cookie, which the device reads, as a browser does, from the
 * websocket's handshake answer when HAProxy sends it to another instance than the cookie named.
 */
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, NodeWebSocket } from 'socket.io-client';
import { backoffDelay } from '../../src/client/net/backoff';
import { singleFlight } from '../../src/client/sync/single-flight';
import { MESSAGE_SEND_TIMEOUT_MS } from '../../src/client/sync/transport';
import type { BatchResponse, SyncPage } from '../../src/shared/api';
import { BATCH_MAX_ITEMS, SOCKET_RECONNECT_ATTEMPTS } from '../../src/shared/limits';
import { isSocketRefusal } from '../../src/shared/realtime';
import type { BatchItemInput } from '../../src/shared/schemas';
import type { Agent } from '../server/agent';
import type { ClientSocket } from '../server/socket-client';
import type { Draft, Ledger, Message } from './ledger';

/** What the app's transport retries (src/client/sync/transport.ts). */
const RETRYABLE = [408, 429, 500, 502, 503, 504];
/** ky's retries within one attempt in the app (limit 2, jitter): up to 0.3 s, then up to 0.6 s. */
const KY_RETRY_DELAYS_MS = [300, 600];
const SERVER_COOKIE = 'SERVERID';

type Outcome = { kind: 'ok'; answer: BatchResponse } | { kind: 'retry' | 'unauthorized' | 'rejected'; why: string };

export class Device {
  readonly socket: ClientSocket;
  /** Everything it holds, by id: live events and catch-up pages. */
  readonly held = new Map<string, Message>();
  /** What catch-up pages alone brought, by id. */
  readonly caughtUp = new Map<string, Message>();
  /** Each live newMessage / newGroupMessage: its clientId and performance.now() on arrival. */
  readonly arrivals: { clientId: string; at: number }[] = [];
  readonly connects: { at: number; instance: string }[] = [];
  readonly disconnects: { at: number; reason: string; instance: string }[] = [];
  /** Failed send attempts by cause ('502', 'network', 'timeout', …). */
  readonly failures = new Map<string, number>();
  catchUpFailures = 0;
  /** Set when the socket stays closed: refused by the server, signed out, or five failed attempts. */
  stopped: string | null = null;
  instance: string;
  /** Called as each send request leaves (a test times a disruption with it). */
  onSend: (() => void) | null = null;
  private handshakeInstance: string;
  private cursor = 0;
  private epoch: string | null = null;
  private readonly outbox: BatchItemInput[] = [];
  private attempts = 0;
  private dueAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly flush: () => Promise<void>;
  readonly catchUp: () => Promise<void>;

  /** `direct`: the instance's name when `agent` talks to one instance itself rather than to HAProxy. */
  constructor(readonly name: string, readonly agent: Agent, readonly userId: string, private readonly ledger: Ledger, direct?: string) {
    this.instance = direct ?? agent.cookies.get(SERVER_COOKIE) ?? '?';
    this.handshakeInstance = this.instance;
    this.flush = singleFlight(() => this.drain());
    this.catchUp = singleFlight(async () => { await this.syncOnce(); });
    const readHandshake = (setCookies: string[]) => this.readHandshake(setCookies);
    class HandshakeReader extends NodeWebSocket {
      override createSocket(uri: string, protocols: string | string[] | undefined, opts: Record<string, unknown>) {
        const ws = super.createSocket(uri, protocols, opts) as { once(e: 'upgrade', f: (res: IncomingMessage) => void): void };
        ws.once('upgrade', (res) => readHandshake(res.headers['set-cookie'] ?? []));
        return ws;
      }
    }
    this.socket = io(agent.baseUrl, {
      transports: [HandshakeReader], forceNew: true, extraHeaders: this.headers(),
      reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS, reconnectionDelay: 1_000, reconnectionDelayMax: 5_000, timeout: 20_000,
    });
    // Each attempt carries the cookies as they are now (HAProxy may have moved us meanwhile).
    this.socket.io.on('reconnect_attempt', () => { this.socket.io.opts.extraHeaders = this.headers(); });
    this.socket.io.on('reconnect_failed', () => { this.stopped = 'five reconnection attempts failed'; });
    this.socket.on('connect', () => {
      this.instance = this.handshakeInstance;
      this.connects.push({ at: performance.now(), instance: this.instance });
      void this.catchUp();
      this.makeDue();
    });
    this.socket.on('disconnect', (reason) => {
      this.disconnects.push({ at: performance.now(), reason, instance: this.instance });
      if (reason === 'io server disconnect') void this.afterServerClosed();
    });
    this.socket.on('connect_error', (error) => {
      if (isSocketRefusal(error.message)) this.stopped = `refused: ${error.message}`;
    });
    this.socket.on('newMessage', (m) => this.arrived(m));
    this.socket.on('newGroupMessage', (m) => this.arrived(m));
    // As the app: the server is back with its database, so what waits goes now, and it catches up.
    this.socket.on('resync', () => {
      this.makeDue();
      void this.catchUp();
    });
  }

  private headers(): Record<string, string> {
    this.handshakeInstance = this.agent.cookies.get(SERVER_COOKIE) ?? this.handshakeInstance;
    return { cookie: this.agent.cookieHeader, origin: this.agent.origin ?? this.agent.baseUrl };
  }

  private readHandshake(setCookies: string[]): void {
    for (const line of setCookies) {
      const match = new RegExp(`^${SERVER_COOKIE}=([^;]+)`).exec(line);
      if (!match) continue;
      this.agent.cookies.set(SERVER_COOKIE, match[1]!);
      this.handshakeInstance = match[1]!;
    }
  }

  private arrived(message: Message): void {
    this.held.set(message._id, message);
    this.arrivals.push({ clientId: message.clientId, at: performance.now() });
  }

  /** As the app: only a 401 from the session check means signed out; otherwise connect again. */
  private async afterServerClosed(): Promise<void> {
    const check = await this.agent.get('/api/auth/check').catch(() => null);
    if (check?.status === 401) this.stopped = 'signed out';
    else if (!this.socket.connected && !this.closed) {
      this.socket.io.opts.extraHeaders = this.headers();
      this.socket.connect();
    }
  }

  /** Resolves once the socket is connected and its first catch-up has run. */
  async ready(timeoutMs = 10_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (this.connects.length === 0 || (this.cursor === 0 && this.epoch === null)) {
      if (performance.now() > until) throw new Error(`${this.name}: not connected and caught up within ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  /** The person presses send: into the outbox, then out. Answers the message's clientId. */
  send(item: Draft): string {
    const written = this.ledger.write(this.userId, item);
    this.outbox.push(written);
    void this.flush();
    return written.clientId;
  }

  /** Resolves when a live event for this clientId has arrived; fails after `timeoutMs`. */
  async received(clientId: string, timeoutMs = 5_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (!this.arrivals.some((a) => a.clientId === clientId)) {
      if (performance.now() > until) throw new Error(`${this.name} did not receive ${clientId} live within ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  get pending(): number {
    return this.outbox.length;
  }

  /** The app's makeDue (socket connect, back online): the backoff is forgotten and sending starts now. */
  makeDue(): void {
    this.attempts = 0;
    this.dueAt = 0;
    void this.flush();
  }

  private async drain(): Promise<void> {
    while (!this.closed && this.outbox.length > 0) {
      const wait = this.dueAt - performance.now();
      if (wait > 0) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.flush(), wait);
        return;
      }
      const batch = this.outbox.slice(0, BATCH_MAX_ITEMS);
      const outcome = await this.post(batch);
      if (outcome.kind === 'ok') {
        for (const result of outcome.answer.results) {
          if (result.ok) this.ledger.stored(result.clientId, result.message);
          else this.ledger.refused(result.clientId ?? '?', result.message);
        }
      } else if (outcome.kind === 'rejected') {
        for (const item of batch) this.ledger.refused(item.clientId, outcome.why);
      } else if (outcome.kind === 'unauthorized') {
        this.stopped = 'a send answered 401';
        return;
      } else {
        this.attempts += 1;
        this.dueAt = performance.now() + backoffDelay(this.attempts);
        continue;
      }
      this.outbox.splice(0, batch.length);
      this.attempts = 0;
    }
  }

  private failed(cause: string): void {
    this.failures.set(cause, (this.failures.get(cause) ?? 0) + 1);
  }

  /** One attempt as the app's kyTransport makes it: up to three tries, then a verdict. */
  private async post(items: BatchItemInput[]): Promise<Outcome> {
    for (let tryNo = 0; ; tryNo += 1) {
      const timeout = sleep(MESSAGE_SEND_TIMEOUT_MS, 'timeout' as const);
      this.onSend?.();
      const answer = await Promise.race([this.agent.post<BatchResponse>('/api/messages/batch', { items }), timeout]).catch(() => 'network' as const);
      if (answer === 'timeout') {
        this.failed('timeout');
        return { kind: 'retry', why: 'timeout' };
      }
      if (answer !== 'network' && answer.status === 200 && answer.body?.results?.length === items.length) return { kind: 'ok', answer: answer.body };
      const cause = answer === 'network' ? 'network' : String(answer.status);
      this.failed(cause);
      if (answer !== 'network' && answer.status === 401) return { kind: 'unauthorized', why: '401' };
      if (answer !== 'network' && answer.status !== 200 && !RETRYABLE.includes(answer.status)) {
        return { kind: 'rejected', why: `${answer.status} ${JSON.stringify(answer.body)}` };
      }
      const delay = KY_RETRY_DELAYS_MS[tryNo];
      if (delay === undefined) return { kind: 'retry', why: cause };
      await sleep(Math.random() * delay);
    }
  }

  /** One catch-up from the cursor, page after page; answers whether it got to the end. */
  async syncOnce(): Promise<boolean> {
    try {
      let page = await this.page(this.cursor);
      // Another database (epoch) than the cursor came from: start over, as the app does.
      if (page.epoch !== this.epoch && this.cursor > 0) page = await this.page(0);
      for (;;) {
        for (const message of [...page.direct, ...page.group]) {
          this.held.set(message._id, message);
          this.caughtUp.set(message._id, message);
        }
        this.cursor = page.cursor;
        this.epoch = page.epoch;
        if (!page.hasMore) return true;
        page = await this.page(this.cursor);
      }
    } catch {
      this.catchUpFailures += 1;
      return false;
    }
  }

  private async page(since: number): Promise<SyncPage> {
    const res = await this.agent.get<SyncPage>(`/api/messages/sync?since=${since}`);
    if (res.status !== 200) throw new Error(`sync answered ${res.status}`);
    return res.body;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket.disconnect();
  }
}
