/** Whether this device has no way to the server right now: the browser says so, or the socket gave up. */
import { useSyncExternalStore } from 'react';
import { useConnectionState } from '../../sync/hooks';

function subscribe(onChange: () => void) {
  globalThis.addEventListener('online', onChange);
  globalThis.addEventListener('offline', onChange);
  return () => {
    globalThis.removeEventListener('online', onChange);
    globalThis.removeEventListener('offline', onChange);
  };
}

const browserOnline = () => navigator.onLine;

export function useOffline(): boolean {
  const online = useSyncExternalStore(subscribe, browserOnline, () => true);
  const socket = useConnectionState();
  return !online || socket === 'offline';
}
