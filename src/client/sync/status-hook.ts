/**
 * The sync engine's state for the offline banner, in its own module: the banner is on every
 * screen, including the sign-in screen, which must not pull in the engine's hooks (and Dexie).
 */
import { useSyncExternalStore } from 'react';
import { useEngine } from './current';
import type { SyncStatus } from './status';

const UP_TO_DATE: SyncStatus = { kind: 'up-to-date', pending: 0 };
const upToDate = () => UP_TO_DATE;
const noSubscription = () => () => undefined;

/** The sync engine's state (offline, connecting, sending N, up to date, error); up to date when signed out. */
export function useSyncStatus(): SyncStatus {
  const engine = useEngine();
  return useSyncExternalStore(engine?.status.subscribe ?? noSubscription, engine?.status.get ?? upToDate, upToDate);
}
