/**
 * Drains the outbox: one flusher across tabs (Web Locks), strictly in outbox order. A retryable
 * failure stops the run so nothing overtakes it (each conversation stays in the order typed), and
 * schedules the next attempt with capped, jittered backoff. A 401 pauses until signed in again,
 * keeping every row. A refusal marks that row failed (text kept, Retry offered) and moves on.
 * A row left 'sending' by a crash or a closed tab is simply sent again: same clientId, stored once.
 */
import type { HavenDb, OutboxRow } from '../db/database';
import { applySent, markState } from './apply';
import { backoffDelay } from './backoff';
import { singleFlight } from './single-flight';
import type { OutboxTransport } from './transport';

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

export interface FlusherOptions {
  onUnauthorized?: () => void;
  lock?: LockRunner;
  now?: () => number;
}

export class Flusher {
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  readonly flush: () => Promise<void>;

  constructor(private readonly db: HavenDb, private readonly transport: OutboxTransport, private readonly options: FlusherOptions = {}) {
    this.flush = singleFlight(() => (options.lock ?? webLock)(`haven-outbox-${db.userId}`, () => this.drain()));
  }

  /** After a new sign-in: go on where the 401 stopped. */
  resume(): void {
    this.paused = false;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (!this.stopped) this.timer = setTimeout(() => void this.flush(), ms);
  }

  private nextRow(): Promise<OutboxRow | undefined> {
    return this.db.outbox.orderBy('order').filter((r) => r.status !== 'failed').first();
  }

  private async drain(): Promise<void> {
    const now = this.options.now ?? Date.now;
    for (;;) {
      if (this.paused || this.stopped) return;
      const row = await this.nextRow();
      if (!row) return;
      const wait = row.nextAttemptAt - now();
      if (wait > 0) {
        this.schedule(wait);
        return;
      }
      await markState(this.db, row, { status: 'sending' });
      const outcome = await this.transport.send(row);
      if (outcome.ok) {
        await applySent(this.db, row, outcome.data);
        continue;
      }
      if (outcome.kind === 'rejected') {
        await markState(this.db, row, { status: 'failed', error: outcome.message });
        continue;
      }
      if (outcome.kind === 'unauthorized') {
        await markState(this.db, row, { status: 'queued', error: null });
        this.paused = true;
        this.options.onUnauthorized?.();
        return;
      }
      const attempts = row.attempts + 1;
      const delay = backoffDelay(attempts);
      await markState(this.db, row, { status: 'queued', attempts, nextAttemptAt: now() + delay, error: null });
      this.schedule(delay);
      return;
    }
  }
}
