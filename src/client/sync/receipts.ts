/**
 * Delivered and read ticks of the person's own direct messages (docs/decisions/receipts-and-typing.md),
 * and this device's own delivered reports.
 *
 * What others received and read: one receipt per person, from GET /api/receipts at every sync and
 * from the socket's `receipt` event. Positions only move forward, so an answer computed before a
 * live event never takes a tick back; `read` alone may turn null (receipts turned off) and back.
 *
 * What this device received: the newest seq per sender, after each catch-up page and each live
 * message, sent with PUT /api/receipts/delivered. At most one request is in flight; what arrives
 * meanwhile goes in one trailing request. What could not be sent (offline, a server error) waits in
 * Dexie for the next sync, so a reload does not lose it.
 */
import type { KyInstance } from 'ky';
import type { Receipt } from '../../shared/api';
import type { HavenDb } from '../db/database';
import { call } from '../net/call';
import { classify } from '../net/errors';
import { createStore, type Store } from '../state/store';

export type ReceiptStatus = 'sent' | 'delivered' | 'read';

/** The tick a message of seq `seq` shows, given its receiver's receipt. */
export function receiptStatus(seq: number | null, receipt: Receipt | undefined): ReceiptStatus {
  if (seq === null || !receipt) return 'sent';
  if (receipt.read !== null && seq <= receipt.read) return 'read';
  return seq <= receipt.delivered ? 'delivered' : 'sent';
}

/** A newer receipt over an older one: numbers never go back; a null read means "not shown" now. */
export function mergeReceipt(old: Receipt | undefined, next: Receipt): Receipt {
  if (!old) return next;
  const delivered = Math.max(old.delivered, next.delivered);
  const read = next.read === null ? null : Math.max(old.read ?? 0, next.read);
  return old.delivered === delivered && old.read === read ? old : { id: next.id, delivered, read };
}

/** Waiting reports, kept in the person's database between sessions. */
const WAITING_KEY = 'deliveredToReport';
/** The server takes at most this many positions in one request. */
const MAX_POSITIONS = 500;

/** 4xx other than these cannot succeed by trying again: the report is dropped. */
const worthRetrying = (status: number | null) => status === null || status === 401 || status === 408 || status === 429 || status >= 500;

export class Receipts {
  readonly store: Store<ReadonlyMap<string, Receipt>> = createStore<ReadonlyMap<string, Receipt>>(new Map());
  /** Sender id → newest seq received here and not yet confirmed by the server. */
  private waiting = new Map<string, number>();
  private loaded = false;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly db: HavenDb, private readonly http: KyInstance, private readonly me: string) {}

  /** Whole list from the server, merged so a live event that came first is not undone. */
  async refresh(): Promise<void> {
    const list = await call('receipts', undefined, { http: this.http });
    this.store.set((current) => {
      const next = new Map<string, Receipt>();
      for (const receipt of list) next.set(receipt.id, mergeReceipt(current.get(receipt.id), receipt));
      // Someone left out now is blocked (either way) or hidden: no ticks beyond Sent for them.
      return next;
    });
  }

  apply(receipt: Receipt): void {
    this.store.set((current) => {
      const merged = mergeReceipt(current.get(receipt.id), receipt);
      return merged === current.get(receipt.id) ? current : new Map(current).set(receipt.id, merged);
    });
  }

  /** Direct messages that reached this device (a catch-up page, a live message): report them. */
  received(messages: readonly { senderId: string; seq: number; receiverId?: string }[]): void {
    let added = false;
    for (const m of messages) {
      if (m.senderId === this.me || (m.receiverId !== undefined && m.receiverId !== this.me)) continue;
      if ((this.waiting.get(m.senderId) ?? 0) >= m.seq) continue;
      this.waiting.set(m.senderId, m.seq);
      added = true;
    }
    if (added) void this.report();
  }

  /**
   * Sends what waits. Called again while a request is out, it returns that run, which goes round
   * once more for what arrived meanwhile. A failure keeps everything for the next sync.
   */
  report(): Promise<void> {
    this.running ??= this.run().then((sent) => {
      this.running = null;
      // Something may have arrived after the loop's last look and before this line.
      if (sent && this.waiting.size && !this.stopped) void this.report();
    });
    return this.running;
  }

  /** Answers false when it stopped on a failure: the next sync tries again. */
  private async run(): Promise<boolean> {
    await this.load();
    while (this.waiting.size && !this.stopped) {
      const batch = [...this.waiting].slice(0, MAX_POSITIONS).map(([id, seq]) => ({ id, seq }));
      try {
        await call('markDelivered', { body: { positions: batch } }, { http: this.http });
      } catch (error) {
        if (worthRetrying(classify(error).status)) {
          await this.save();
          return false;
        }
        console.error('Haven: a delivered report was refused', error);
      }
      for (const { id, seq } of batch) {
        if (this.waiting.get(id) === seq) this.waiting.delete(id);
      }
      await this.save();
    }
    return true;
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const row = await this.db.meta.get(WAITING_KEY).catch(() => undefined);
    const stored = Array.isArray(row?.value) ? (row.value as [string, number][]) : [];
    for (const [id, seq] of stored) {
      if (typeof id === 'string' && typeof seq === 'number' && seq > (this.waiting.get(id) ?? 0)) this.waiting.set(id, seq);
    }
  }

  private async save(): Promise<void> {
    if (this.stopped) return;
    await this.db.meta.put({ key: WAITING_KEY, value: [...this.waiting] }).catch((error: unknown) => console.error('Haven: keeping delivered reports failed', error));
  }

  stop(): void {
    this.stopped = true;
  }
}
