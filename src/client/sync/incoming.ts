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
  private pending: { message: LocalMessage; onlyIfNew: boolean }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly db: HavenDb, private readonly onError: (error: unknown) => void) {}

  /**
   * `onlyIfNew`: a message held back for a while (a stranger's, engine.ts) lands only if nothing
   * stored it meanwhile: any copy already here (an edit, a take-back, a catch-up page) is newer.
   */
  add(message: LocalMessage, options: { onlyIfNew?: boolean } = {}): void {
    if (this.stopped) return;
    this.pending.push({ message, onlyIfNew: options.onlyIfNew ?? false });
    this.timer ??= setTimeout(() => void this.apply(), INCOMING_GATHER_MS);
  }

  private async apply(): Promise<void> {
    this.timer = undefined;
    const incoming = this.pending;
    this.pending = [];
    try {
      await this.db.transaction('rw', messageTables(this.db), async () => {
        const held = incoming.filter((i) => i.onlyIfNew).map((i) => i.message.key);
        const stored = new Set((await this.db.messages.bulkGet(held)).flatMap((m) => (m ? [m.key] : [])));
        const seen = new Set<string>();
        const messages = incoming.flatMap(({ message, onlyIfNew }) => {
          const older = onlyIfNew && (stored.has(message.key) || seen.has(message.key));
          seen.add(message.key);
          return older ? [] : [message];
        });
        await putServerMessages(this.db, messages);
      });
    } catch (error) {
      // Catch-up brings these again; the failure is still reported.
      this.onError(error);
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pending = [];
  }
}
