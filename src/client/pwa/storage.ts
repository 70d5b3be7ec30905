/**
 * Persistent storage keeps the browser from clearing the diary under storage pressure. It is
 * asked once, when the first diary entry is saved (that is when there is something to keep),
 * and the answer is remembered for /settings.
 */
import { LOCAL_KEYS } from '../state/local-keys';
import { createSignal, useStore } from '../state/store';

export type PersistState = 'granted' | 'denied' | 'unsupported';

/** The answer is read from localStorage each time; this only tells readers it was just written. */
const recorded = createSignal();

export function readPersistState(): PersistState | null {
  const value = localStorage.getItem(LOCAL_KEYS.storagePersisted);
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
  localStorage.setItem(LOCAL_KEYS.storagePersisted, state);
  recorded.emit();
  return state;
}

const persistState = { get: readPersistState, subscribe: recorded.listen };

export function usePersistState(): PersistState | null {
  return useStore(persistState);
}
