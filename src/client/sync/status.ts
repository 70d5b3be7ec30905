/**
 * The engine's state, as the app shows it (docs/architecture.md section 3): offline, connecting, sending N,
 * up to date, or an error with a reason. Derived by one pure function from what the engine
 * knows, so every screen tells the same story.
 */
import type { ConnectionState } from '../net/connection';
import { createStore, type Store } from '../state/store';

export type SyncStatus =
  | { kind: 'offline'; pending: number }
  | { kind: 'connecting'; pending: number }
  | { kind: 'sending'; pending: number }
  | { kind: 'up-to-date'; pending: 0 }
  | { kind: 'error'; pending: number; reason: string };

export interface SyncFacts {
  browserOnline: boolean;
  connection: ConnectionState;
  /** Outbox rows still to send (failed ones wait for the person, not the engine). */
  pending: number;
  /** A catch-up or directory refresh is running. */
  catchingUp: boolean;
  /** Why the last send went wrong, cleared by the next send that works. */
  sendError: string | null;
  /** Why the last catch-up went wrong, cleared by the next one that works. */
  syncError: string | null;
}

export function deriveStatus(f: SyncFacts): SyncStatus {
  if (!f.browserOnline) return { kind: 'offline', pending: f.pending };
  const reason = f.sendError ?? f.syncError;
  if (reason) return { kind: 'error', pending: f.pending, reason };
  if (f.pending > 0) return { kind: 'sending', pending: f.pending };
  if (f.catchingUp || f.connection === 'connecting' || f.connection === 'reconnecting') return { kind: 'connecting', pending: 0 };
  if (f.connection === 'offline') return { kind: 'offline', pending: 0 };
  return { kind: 'up-to-date', pending: 0 };
}

const sameStatus = (a: SyncStatus, b: SyncStatus) => JSON.stringify(a) === JSON.stringify(b);

/** The facts change; listeners hear only when the status they derive to changes. */
export class StatusStore {
  private facts: SyncFacts;
  private readonly status: Store<SyncStatus>;
  readonly get: () => SyncStatus;
  readonly subscribe: (listener: () => void) => () => void;

  constructor(initial: SyncFacts) {
    this.facts = initial;
    this.status = createStore(deriveStatus(initial), sameStatus);
    this.get = this.status.get;
    this.subscribe = this.status.subscribe;
  }

  update(change: Partial<SyncFacts>): void {
    this.facts = { ...this.facts, ...change };
    this.status.set(deriveStatus(this.facts));
  }
}
