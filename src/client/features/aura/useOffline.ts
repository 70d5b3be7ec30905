/** Whether this device has no way to the server right now: the browser says so, or the socket gave up. */
import { useOnline } from '../../pwa/online';
import { useConnectionState } from '../../sync/hooks';

export function useOffline(): boolean {
  const online = useOnline();
  const socket = useConnectionState();
  return !online || socket === 'offline';
}
