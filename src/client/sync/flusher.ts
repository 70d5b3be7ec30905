/**
 * Drains the outbox: one flusher across tabs (Web Locks). Direct and group rows go in batches of
 * up to 100 (one request, one IndexedDB transaction each); each Aura chat is its own lane, so a
 * slow answer holds back nothing else. Order is kept per conversation (see plan.ts).
 *
 * Failures: a refused item is marked failed (text kept, Retry offered) and the rest go on. A
 * retryable failure backs its rows off (capped, jittered) — but no attempt is spent while the
 * browser is offline, and `makeDue` (on `online`, socket connect, tab visible) makes every waiting
 * row due at once. A 401 pauses until signed in again, keeping every row. A row left 'sending' by
 * a crash or a closed tab is simply sent again: same clientId, stored once.
 *
 * A photo kept on the device is uploaded just before its message is sent, and the upload's URL is
 * recorded first (recordUpload), so neither the upload nor the send ever happens twice. A photo
 * that cannot be uploaded yet holds back its message and the rest of the batch after it.
 */
import { toast } from 'react-hot-toast';
import type { HavenDb, OutboxRow } from '../db/database';
import { isDeviceImage, requestImage } from '../db/device-images';
import { applyAuraAnswer, applyBatch, deferBatch, markAuraState, markFailed, recordUpload } from './apply';
import { backoffDelay } from '../net/backoff';
import { auraLanes, nextBatch, nextWakeUp } from './plan';
import { singleFlight } from './single-flight';
import { SEND_TEXTS } from './texts';
import type { OutboxTransport, SendFailure } from './transport';

export type LockRunner = (name: string, work: () => Promise<void>) => Promise<void>;

/** Web Locks where the browser has them (every tab shares one); in Node or old browsers, just run. */
export const webLock: LockRunner = async (name, work) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return work();
  await locks.request(name, { ifAvailable: true }, async (lock) => {
    // Another tab holds it and is flushing the same shared outbox.
    if (lock) await work();
  });
};

const browserOnline = () => (globalThis.navigator as Navigator | undefined)?.onLine !== false;

export interface FlusherOptions {
  onUnauthorized?: () => void;
  /** Told after every run that went to the network: the last failure, or null when all went well. */
  onResult?: (failure: SendFailure | null) => void;
  /** Told what the person should read now (a refused edit or reaction); a toast by default. */
  onNotice?: (text: string) => void;
  lock?: LockRunner;
  now?: () => number;
  isOnline?: () => boolean;
}

export class Flusher {
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private failure: SendFailure | null = null;
  readonly flush: () => Promise<void>;

  constructor(private readonly db: HavenDb, private readonly transport: OutboxTransport, private readonly options: FlusherOptions = {}) {
    this.flush = singleFlight(async () => {
      // Offline, an enqueue costs no lock and no read: `online` brings everything out.
      if (!this.canSend()) return;
      try {
        await (options.lock ?? webLock)(`haven-outbox-${db.userId}`, () => this.drain());
      } catch (error) {
        // Reported, never swallowed; the rows stay queued for the next trigger.
        console.error('Haven: sending failed', error);
        options.onResult?.({ ok: false, kind: 'retry', message: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  private online(): boolean {
    return (this.options.isOnline ?? browserOnline)();
  }

  /** After a new sign-in: go on where the 401 stopped. */
  resume(): void {
    this.paused = false;
    void this.flush();
  }

  /** The network is back (or may be): every waiting row is due now, with its backoff forgotten. */
  async makeDue(): Promise<void> {
    // Only rows backing off are touched: a backlog typed offline was never tried, so none of it is.
    await this.db.outbox.where('nextAttemptAt').above(0).modify((row) => {
      if (row.status === 'failed') return;
      row.nextAttemptAt = 0;
      row.attempts = 0;
    });
    await this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(at: number | null): void {
    clearTimeout(this.timer);
    if (at !== null && !this.stopped) this.timer = setTimeout(() => void this.flush(), Math.max(0, at - this.now));
  }

  private canSend(): boolean {
    return !this.paused && !this.stopped && this.online();
  }

  private async drain(): Promise<void> {
    this.failure = null;
    const rows = await this.db.outbox.orderBy('order').toArray();
    await Promise.all([this.drainMessages(rows), ...auraLanes(rows).map((lane) => this.drainAura(lane))]);
    if (!this.stopped) this.schedule(nextWakeUp(await this.db.outbox.toArray(), this.now));
    this.options.onResult?.(this.failure);
  }

  private async drainMessages(initial: OutboxRow[]): Promise<void> {
    // Rows queued while this runs are picked up by the run singleFlight schedules after this one.
    let rows = initial;
    // Each answer is applied while the next batch is on its way (local writes, in answer order);
    // the server still gets one batch at a time, so it stores them in order.
    let applying = Promise.resolve();
    try {
      for (;;) {
        if (!this.canSend()) return;
        const batch = nextBatch(rows, this.now);
        if (batch.length === 0) return;
        const { ready, stuck } = await this.withUploads(batch);
        if (ready.length > 0) {
          const outcome = await this.transport.sendBatch(ready);
          if (outcome.ok) applying = applying.then(async () => this.notify(await applyBatch(this.db, ready, outcome.results)));
          else {
            await applying;
            if (!(await this.handleFailure(ready, outcome))) return;
          }
        }
        if (stuck) {
          await applying;
          await this.handleFailure([stuck.row], stuck.failure);
          return;
        }
        const done = new Set(batch);
        rows = rows.filter((r) => !done.has(r));
      }
    } finally {
      await applying;
    }
  }

  private async drainAura(lane: OutboxRow[]): Promise<void> {
    for (const row of lane) {
      if (!this.canSend() || row.nextAttemptAt > this.now) return;
      await markAuraState(this.db, row, { status: 'sending' });
      const { ready: [prepared], stuck } = await this.withUploads([row]);
      if (stuck) {
        await markAuraState(this.db, row, { status: 'queued' });
        await this.handleFailure([row], stuck.failure);
        return;
      }
      // Its photo was refused or is gone: marked failed, and the chat goes on.
      if (!prepared) continue;
      const outcome = await this.transport.send(prepared);
      if (outcome.ok) await applyAuraAnswer(this.db, row, outcome.data);
      else if (outcome.kind === 'rejected') await markAuraState(this.db, row, { status: 'failed', error: outcome.message });
      else {
        await markAuraState(this.db, row, { status: 'queued' });
        await this.handleFailure([row], outcome);
        return;
      }
    }
  }

  private notify(notices: readonly string[]): void {
    for (const text of notices) (this.options.onNotice ?? ((t: string) => toast.error(t)))(text);
  }

  /**
   * Uploads the kept photos of these rows, in order. Answers the rows ready to send (with their
   * URLs) and, when a photo could not be uploaded now, the row it stopped at; a photo refused for
   * good (or gone) marks its row failed and the rest go on, as a refused item does.
   */
  private async withUploads(batch: readonly OutboxRow[]): Promise<{ ready: OutboxRow[]; stuck?: { row: OutboxRow; failure: SendFailure } }> {
    const ready: OutboxRow[] = [];
    for (const row of batch) {
      const ref = requestImage(row.request);
      if (!isDeviceImage(ref)) {
        ready.push(row);
        continue;
      }
      const image = await this.db.images.get(ref);
      const outcome = image ? await this.transport.upload(image) : { ok: false as const, kind: 'rejected' as const, message: SEND_TEXTS.photoGone };
      if (outcome.ok) ready.push(await recordUpload(this.db, row, ref, outcome.url));
      else if (outcome.kind === 'rejected') await markFailed(this.db, row, outcome.message);
      else return { ready, stuck: { row, failure: outcome } };
    }
    return { ready };
  }

  /** Answers whether the lane may go on with other rows (only after a refusal). */
  private async handleFailure(rows: OutboxRow[], failure: SendFailure): Promise<boolean> {
    if (failure.kind === 'rejected') {
      // The whole request was refused (not one item): each row shows why and offers Retry.
      this.notify(await applyBatch(this.db, rows, rows.map(() => ({ ok: false, message: failure.message, code: failure.code }))));
      return true;
    }
    this.failure = failure;
    if (failure.kind === 'unauthorized') {
      this.paused = true;
      this.options.onUnauthorized?.();
      return false;
    }
    // Offline: nothing was really tried, so no attempt is counted; `online` will make them due.
    if (failure.kind === 'offline') return false;
    // One wait for the whole batch: rows that failed together are tried again together.
    const nextAttemptAt = this.now + backoffDelay(Math.max(...rows.map((r) => r.attempts)) + 1);
    await deferBatch(this.db, rows, (row) => ({ attempts: row.attempts + 1, nextAttemptAt, error: null }));
    return false;
  }
}
