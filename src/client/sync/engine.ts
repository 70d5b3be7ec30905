/**
 * The sync engine of one signed-in person: their Dexie database, the outbox flusher, catch-up,
 * the directory, the socket, and the state the app shows (status.ts).
 *
 * Triggers (docs/architecture.md section 3): enqueue and app start send at once; the socket's connect runs
 * catch-up (it is joined to its rooms by then, so nothing falls between catch-up and the live
 * events); `online`, tab visible and socket connect also make every waiting row due now. The
 * startup sync runs once: the first connect does it, or a fallback when the socket cannot connect.
 * Overlapping triggers share one run. socket.io events are the fast path; catch-up never misses.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { KyInstance } from 'ky';
import type { AuthUser } from '../../shared/api';
import { setUpdateReady } from '../pwa/update-state';
import { HavenDb } from '../db/database';
import { call } from '../net/call';
import { describeFailure, failureText } from '../net/errors';
import { connection, type Connection } from '../net/connection';
import { catchUp } from './catchup';
import { refreshDirectory } from './directory';
import { refreshSafety } from './safety';
import { refreshAlerts } from './crisis-alerts';
import { isVerifiedProfessional } from '../../shared/limits';
import { isWorkerMessage, SYNC_MESSAGE, SYNC_TAG } from '../../shared/worker-messages';
import type { SafetyChange } from '../../shared/realtime';
import { Flusher } from './flusher';
import { IncomingMessages } from './incoming';
import { fromDirect, fromGroup } from './merge';
import { pruneConversations } from './prune';
import { storeServerReads, syncReads } from './reads';
import { singleFlight } from './single-flight';
import { StatusStore } from './status';
import { Receipts } from './receipts';
import { TypingPeople } from './typing';
import { directKey, groupKey } from '../../shared/conversation';
import type { TypingInput } from '../../shared/messaging';
import { kyTransport } from './transport';
import { createStore, type Store } from '../state/store';
import { nextPhase, type EngineEvent, type EnginePhase } from './lifecycle';

export interface EngineOptions {
  api: KyInstance;
  onUnauthorized: () => void;
  /** False for pending professionals: the local store only (their diary), no socket, no sync. */
  realtime?: boolean;
  connection?: Connection;
}

/** A Background Sync registration is renewed at most this often while messages are queued. */
const BACKGROUND_SYNC_EVERY_MS = 10_000;

/**
 * A resync reaches every client of an instance at the same moment, the moment its database is back:
 * each waits a random part of this first, so they do not all ask at once.
 */
export const RESYNC_SPREAD_MS = 2_000;

/** How long start waits for the socket before catching up over HTTP alone. */
export const STARTUP_SYNC_FALLBACK_MS = 5_000;

const browserOnline = () => globalThis.navigator?.onLine !== false;
// Calm words for the status line; the technical detail goes to the console (net/errors.ts).
const reasonOf = (error: unknown) => failureText(error);

/** Catch-up: the first one still to come, one running, or none. */
export type CatchUpState = 'awaited' | 'running' | 'idle';

export class SyncEngine {
  readonly db: HavenDb;
  readonly flusher: Flusher;
  readonly status: StatusStore;
  private readonly conn: Connection;
  readonly syncNow: () => Promise<void>;
  /** The requests list again after a stranger's message; a burst of them shares one read. */
  private readonly requestsNow: () => Promise<void>;
  private readonly alertsNow: () => Promise<void>;
  private readonly incoming: IncomingMessages;
  /** Ticks of this person's direct messages, and this device's delivered reports (receipts.ts). */
  readonly receipts: Receipts;
  /** Who is typing in which conversation (typing.ts). */
  readonly typingPeople: TypingPeople;
  /** Where the engine is in its life (lifecycle.ts); readable and subscribable like any store. */
  readonly phase: Pick<Store<EnginePhase>, 'get' | 'subscribe'>;
  private readonly phaseStore = createStore<EnginePhase>('created');
  /**
   * Whether a catch-up is running, or the first one is still to come ('awaited'). A conversation
   * the device holds too little of waits for it before fetching its own newest page (history.ts):
   * what catch-up stores reaches back to the first unread message, a page fetched first would
   * not. Unread counts are held while it runs (read-hooks.ts): once after it, not once a page.
   */
  readonly catchUp: Pick<Store<CatchUpState>, 'get' | 'subscribe'>;
  private readonly catchUpStore = createStore<CatchUpState>('idle');
  private syncRegisteredAt = 0;
  private fallback: ReturnType<typeof setTimeout> | undefined;
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: Array<{ unsubscribe(): void } | (() => unknown)> = [];
  /**
   * This person's session was refused. Not once the engine has stopped: a late answer to this
   * person's requests must never sign out whoever is signed in now.
   */
  private readonly unauthorized = () => {
    if (this.phase.get() !== 'stopped') this.options.onUnauthorized();
  };

  private send(event: EngineEvent): void {
    this.phaseStore.set((phase) => nextPhase(phase, event));
  }

  private readonly onNetworkBack = () => {
    this.status.update({ browserOnline: browserOnline() });
    if (browserOnline()) void this.networkBack();
  };
  private readonly onOffline = () => this.status.update({ browserOnline: false });
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') void this.networkBack();
  };
  private readonly onWorkerMessage = (event: MessageEvent) => {
    if (isWorkerMessage(event.data, SYNC_MESSAGE)) void this.syncNow();
  };

  constructor(readonly user: AuthUser, private readonly options: EngineOptions) {
    this.phase = this.phaseStore;
    this.catchUp = this.catchUpStore;
    this.db = new HavenDb(user._id);
    // A newer version in another tab upgraded this database: Dexie closes it here so the upgrade
    // can finish, and this tab's older code cannot reopen it. Say so, with Reload (drafts are kept).
    // (A deletion, "remove my data" in another tab, has no new version: that tab signs this one out.)
    this.db.on('versionchange', (event: IDBVersionChangeEvent) => {
      if (event.newVersion) setUpdateReady(() => globalThis.location.reload(), 'active');
    });
    this.conn = options.connection ?? connection;
    this.status = new StatusStore({
      browserOnline: browserOnline(), connection: this.conn.current, pending: 0, catchingUp: false, sendError: null, syncError: null,
    });
    this.flusher = new Flusher(this.db, kyTransport(options.api), {
      onUnauthorized: () => this.unauthorized(),
      onResult: (failure) => this.status.update({ sendError: failure && failure.kind !== 'offline' ? failure.message : null }),
    });
    this.syncNow = singleFlight(() => this.fullSync());
    this.requestsNow = singleFlight(() => this.safetyNow('requests'));
    this.alertsNow = singleFlight(() => this.refreshAlerts());
    this.incoming = new IncomingMessages(this.db, (error) => console.error('Haven: storing a live message failed', error));
    this.receipts = new Receipts(this.db, options.api, user._id);
    this.typingPeople = new TypingPeople(user._id);
  }

  /** Send first (what the person wrote matters most), then catch up and refresh the directory. */
  private async fullSync(): Promise<void> {
    try {
      await this.sendThenCatchUp();
    } finally {
      // Offline, the first catch-up is still to come; online, a sync that ended ends the wait.
      this.catchUpStore.set((state) => (state === 'running' || browserOnline() ? 'idle' : state));
    }
  }

  private async sendThenCatchUp(): Promise<void> {
    this.send('synced');
    clearTimeout(this.fallback);
    await this.flusher.flush();
    if (!browserOnline()) return;
    this.catchUpStore.set('running');
    this.status.update({ catchingUp: true });
    // Read positions go their own way: a failure there is not a failure to sync messages.
    const reads = syncReads(this.db, this.options.api).catch((error: unknown) => console.error('Haven: read positions not synced', error));
    // Blocks first: one made offline reaches the server before the catch-up reads what to send here.
    const safety = this.safetyNow();
    const alerts = this.alertsNow();
    const messages = catchUp(this.db, (since) => call('sync', { query: { since } }, { http: this.options.api }), (page) => this.receipts.received(page.direct));
    // Keeps the device's copy bounded; older messages reload on demand (history.ts). What waits
    // for catch-up (a short conversation, the unread counts) goes on once the messages are stored
    // and pruned, not after receipts and the directory.
    const stored = messages
      .then(() => pruneConversations(this.db).catch((error: unknown) => console.error('Haven: pruning failed', error)), () => undefined)
      .finally(() => this.catchUpStore.set('idle'));
    const results = await Promise.allSettled([messages, refreshDirectory(this.db, this.options.api)]);
    await stored;
    await safety;
    await alerts;
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Reported, never swallowed: the status line says it, the console keeps the detail.
    if (failed && browserOnline()) console.error('Haven: catch-up failed', failed.reason);
    await this.syncReceipts();
    await reads;
    this.status.update({ catchingUp: false, syncError: failed && browserOnline() ? reasonOf(failed.reason) : null });
  }

  /** Others' ticks afresh, and what this device received and could not report yet; a failure waits for the next sync. */
  private async syncReceipts(): Promise<void> {
    const done = await Promise.allSettled([this.receipts.refresh(), this.receipts.report()]);
    for (const r of done) if (r.status === 'rejected') console.error('Haven: receipts not synced', r.reason);
  }

  /** This person is typing in a direct or group conversation, or stopped (useTyping.ts); dropped when offline. */
  sendTyping(typing: TypingInput): void {
    if (this.options.realtime !== false) this.conn.sendTyping(typing);
  }

  /** A verified professional's crisis alerts (docs/decisions/crisis-alerts.md); nobody else has any. A failure waits for the next sync. */
  private async refreshAlerts(): Promise<void> {
    if (!isVerifiedProfessional(this.user)) return;
    await refreshAlerts(this.db, this.options.api).catch((error: unknown) => console.error('Haven: crisis alerts not synced', error));
  }

  /** Blocks, requests and mutes again (all, or what another device changed); a failure waits for the next sync. */
  private async safetyNow(what?: SafetyChange): Promise<void> {
    const work = what === 'groups' ? refreshDirectory(this.db, this.options.api) : refreshSafety(this.db, this.options.api, what);
    await work.catch((error: unknown) => console.error('Haven: safety lists not synced', error));
  }

  private async networkBack(): Promise<void> {
    await this.flusher.makeDue();
    await this.syncNow();
  }

  start(): void {
    if (this.options.realtime === false) {
      this.send('start-local');
      return;
    }
    this.send('start');
    this.catchUpStore.set('awaited');
    this.conn.connect({
      onConnect: () => void this.networkBack(),
      onRefused: (reason) => {
        if (reason === 'UNAUTHENTICATED') this.unauthorized();
      },
      stillSignedIn: () => this.stillSignedIn(),
      onEvent: {
        // The server is back with its database: what waited for it goes now, then the catch-up.
        resync: () => {
          clearTimeout(this.resyncTimer);
          this.resyncTimer = setTimeout(() => void this.networkBack(), Math.random() * RESYNC_SPREAD_MS);
        },
        newMessage: (m) => {
          // A stranger's message is stored once the requests list read after it has landed, so
          // no screen ever counts it as unread in between (it counts in no total). An edit or
          // take-back of it that arrived meanwhile is newer, and stays.
          if (m.request && m.senderId !== this.user._id) void this.requestsNow().finally(() => this.incoming.add(fromDirect(m, this.user._id), { onlyIfNew: true }));
          else this.incoming.add(fromDirect(m, this.user._id));
          if (m.senderId === this.user._id) return;
          this.receipts.received([m]);
          this.typingPeople.gone(directKey(m.senderId), m.senderId);
        },
        newGroupMessage: (m) => {
          this.incoming.add(fromGroup(m));
          this.typingPeople.gone(groupKey(m.groupId), m.senderId);
        },
        receipt: (r) => this.receipts.apply(r),
        typing: (t) => this.typingPeople.heard(t),
        messageChanged: (m) => this.incoming.add('groupId' in m ? fromGroup(m) : fromDirect(m, this.user._id)),
        safetyChanged: (what) => void this.safetyNow(what),
        crisisAlert: () => void this.alertsNow(),
        readPosition: (p) => void storeServerReads(this.db, [p]).catch((error: unknown) => console.error('Haven: storing a read position failed', error)),
      },
    });
    this.subscriptions.push(this.conn.subscribe(() => this.status.update({ connection: this.conn.current })));
    // Two native counts: a notEqual range would walk every queued row on each change of a backlog.
    const pending: Subscription = liveQuery(async () => (await this.db.outbox.count()) - (await this.db.outbox.where('status').equals('failed').count()))
      .subscribe({ next: (n) => this.status.update({ pending: n }), error: (e: unknown) => console.error('Haven: outbox count failed', e) });
    this.subscriptions.push(pending);
    globalThis.addEventListener('online', this.onNetworkBack);
    globalThis.addEventListener('offline', this.onOffline);
    document.addEventListener('visibilitychange', this.onVisible);
    navigator.serviceWorker?.addEventListener('message', this.onWorkerMessage);
    void this.flusher.flush();
    this.fallback = setTimeout(() => {
      if (this.phase.get() === 'awaiting-first-sync') void this.syncNow();
    }, STARTUP_SYNC_FALLBACK_MS);
  }

  /** Asked when the server closed the socket on purpose: only a 401 means the session has ended. */
  private async stillSignedIn(): Promise<boolean> {
    try {
      await call('check', undefined, { http: this.options.api });
      return true;
    } catch (error) {
      if ((await describeFailure(error)).status !== 401) return true;
      this.unauthorized();
      return false;
    }
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
    // One registration covers every row queued after it; typing a backlog need not ask each time.
    if (Date.now() - this.syncRegisteredAt > BACKGROUND_SYNC_EVERY_MS) {
      this.syncRegisteredAt = Date.now();
      void registerBackgroundSync();
    }
  }

  stop(): void {
    this.send('stop');
    clearTimeout(this.fallback);
    clearTimeout(this.resyncTimer);
    this.incoming.stop();
    this.receipts.stop();
    this.typingPeople.stop();
    for (const s of this.subscriptions.splice(0)) {
      if (typeof s === 'function') s();
      else s.unsubscribe();
    }
    globalThis.removeEventListener('online', this.onNetworkBack);
    globalThis.removeEventListener('offline', this.onOffline);
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
    await sync?.register(SYNC_TAG);
  } catch {
    // Not supported or not allowed: the in-page triggers cover it.
  }
}
