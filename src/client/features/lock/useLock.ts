/** The diary lock as screens see it: off, locked or unlocked in this tab, live across tabs and lock events. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { HavenDb } from '../../db/database';
import { keyFor, useHeld } from './keyring';
import type { LockRecord } from './keys';
import { readLock } from './rows';

export type LockStatus = 'loading' | 'off' | 'locked' | 'unlocked';

export interface LockState {
  status: LockStatus;
  record: LockRecord | null;
}

/** `db` may be missing on a first paint before the person's database is open: 'loading' then. */
export function useLockState(db: HavenDb | null | undefined): LockState {
  useHeld();
  const record = useLiveQuery(async () => (db ? readLock(db) : undefined), [db]);
  if (!db || record === undefined) return { status: 'loading', record: null };
  if (record === null) return { status: 'off', record };
  return { status: keyFor(db, record) ? 'unlocked' : 'locked', record };
}
