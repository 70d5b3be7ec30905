/**
 * The socket's fast path into Dexie. Events are gathered for a moment and merged in one
 * transaction, like a catch-up page: during a backlog replay the sender gets an echo of each of
 * its own messages, and one write (and one re-render) per echo would compete with the replay.
 * An echo of a row already stored as sent changes nothing, so it writes nothing (mergeBatch).
 * `messageChanged` lands here too: an edit, changed reactions or a tombstone, merged the same way
 * (this device's edits and reactions still waiting stay on top; see merge.ts).
 */
import type { HavenDb, LocalMessage } from '../db/database';
import { messageTables, putServerMessages } from './merge';

export const INCOMING_GATHER_MS = 30;

export class IncomingMessages {
  private pending: LocalMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: HavenDb, private readonly onError: (error: unknown) => void) {}

  add(message: LocalMessage): void {
    this.pending.push(message);
    this.timer ??= setTimeout(() => void this.apply(), INCOMING_GATHER_MS);
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    const incoming = this.pending;
    this.pending = [];
    try {
      await this.db.transaction('rw', messageTables(this.db), async () => {
        await putServerMessages(this.db, incoming);
      });
    } catch (error) {
      // Catch-up brings these again; the failure is still reported.
      this.onError(error);
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    this.pending = [];
  }
}
