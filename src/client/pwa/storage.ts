/**
 * Persistent storage keeps the browser from clearing the diary under storage pressure. It is
 * asked once, when the first diary entry is saved (that is when there is something to keep),
 * and the answer is remembered for /settings.
 */
import { useSyncExternalStore } from 'react';

export type PersistState = 'granted' | 'denied' | 'unsupported';
export const PERSIST_KEY = 'haven-storage-persisted';

const listeners = new Set<() => void>();

export function readPersistState(): PersistState | null {
  const value = localStorage.getItem(PERSIST_KEY);
  return value === 'granted' || value === 'denied' || value === 'unsupported' ? value : null;
}

/** Asks the browser (once) and records the answer; a later call returns the recorded one. */
export async function requestPersistentStorage(storage: Pick<StorageManager, 'persist'> | undefined = navigator.storage): Promise<PersistState> {
  const known = readPersistState();
  if (known) return known;
  let state: PersistState = 'unsupported';
  if (storage && typeof storage.persist === 'function') {
    try {
      state = (await storage.persist()) ? 'granted' : 'denied';
    } catch {
      state = 'denied';
    }
  }
  localStorage.setItem(PERSIST_KEY, state);
  for (const l of listeners) l();
  return state;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function usePersistState(): PersistState | null {
  return useSyncExternalStore(subscribe, readPersistState, () => null);
}
