/**
 * The sync engine of one signed-in person: their Dexie database, the outbox flusher, catch-up,
 * the directory, and the socket. Triggers (DESIGN section 3): start, enqueue, `online`, tab
 * visible, socket connect, and the service worker's `sync` message. Overlapping triggers share
 * one run. socket.io events are the fast path; catch-up is the path that never misses.
 */
import type { KyInstance } from 'ky';
import type { AuthUser, SyncPage } from '../../shared/api';
import { HavenDb } from '../db/database';
import { connection, type Connection } from '../net/connection';
import { catchUp } from './catchup';
import { refreshDirectory } from './directory';
import { Flusher } from './flusher';
import { fromDirect, fromGroup, mergeServerMessage } from './merge';
import { singleFlight } from './single-flight';
import { kyTransport } from './transport';

export interface EngineOptions {
  api: KyInstance;
  onUnauthorized: () => void;
  /** False for pending professionals: the local store only (their diary), no socket, no sync. */
  realtime?: boolean;
  connection?: Connection;
}

export class SyncEngine {
  readonly db: HavenDb;
  readonly flusher: Flusher;
  private readonly conn: Connection;
  readonly syncNow: () => Promise<void>;
  private readonly onOnline = () => void this.syncNow();
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.syncNow();
  };
  private readonly onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'haven-sync') void this.syncNow();
  };

  constructor(readonly user: AuthUser, private readonly options: EngineOptions) {
    this.db = new HavenDb(user._id);
    this.conn = options.connection ?? connection;
    this.flusher = new Flusher(this.db, kyTransport(options.api), { onUnauthorized: options.onUnauthorized });
    this.syncNow = singleFlight(async () => {
      // Send first: what the person wrote matters most, and catch-up then brings its echo too.
      await this.flusher.flush().catch(() => undefined);
      await Promise.allSettled([
        catchUp(this.db, (since) => options.api.get('messages/sync', { searchParams: { since } }).json<SyncPage>()),
        refreshDirectory(this.db, options.api),
      ]);
    });
  }

  start(): void {
    if (this.options.realtime === false) return;
    this.conn.connect({
      onConnect: () => void this.syncNow(),
      onRefused: (reason) => {
        if (reason === 'UNAUTHENTICATED') this.options.onUnauthorized();
      },
      onEvent: {
        newMessage: (m) => void this.putServerMessage(fromDirect(m, this.user._id)),
        newGroupMessage: (m) => void this.putServerMessage(fromGroup(m)),
      },
    });
    globalThis.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisible);
    navigator.serviceWorker?.addEventListener('message', this.onWorkerMessage);
    void this.syncNow();
  }

  get realtime(): boolean {
    return this.options.realtime !== false;
  }

  /** A new sign-in by the same person after a 401: go on sending what waited. */
  resumeAfterSignIn(): void {
    if (this.realtime) this.flusher.resume();
  }

  /** After an enqueue: send now if we can; the outbox keeps it otherwise. */
  kick(): void {
    if (this.options.realtime === false) return;
    void this.flusher.flush();
    void registerBackgroundSync();
  }

  private async putServerMessage(server: ReturnType<typeof fromDirect>): Promise<void> {
    await this.db.transaction('rw', this.db.messages, async () => {
      await this.db.messages.put(mergeServerMessage(await this.db.messages.get(server.key), server));
    });
  }

  stop(): void {
    globalThis.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisible);
    navigator.serviceWorker?.removeEventListener('message', this.onWorkerMessage);
    this.flusher.stop();
    this.conn.disconnect();
    this.db.close();
  }
}

/** Background Sync, where the browser has it: the service worker wakes the page to flush. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register('haven-outbox');
  } catch {
    // Not supported or not allowed: the in-page triggers cover it.
  }
}
