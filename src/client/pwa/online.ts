/** navigator.onLine as a React value. */
import { useSyncExternalStore } from 'react';

function subscribe(l: () => void) {
  globalThis.addEventListener('online', l);
  globalThis.addEventListener('offline', l);
  return () => {
    globalThis.removeEventListener('online', l);
    globalThis.removeEventListener('offline', l);
  };
}

const isOnline = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
