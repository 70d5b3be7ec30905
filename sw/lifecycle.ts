/**
 * No silent takeover: a new worker installs and then waits until the page's "Reload" asks it
 * to take over (SKIP_WAITING_MESSAGE). On the very first install there is no old worker, so
 * it claims the open page at once and the app works offline from the first visit.
 */
import { SKIP_WAITING_MESSAGE, isWorkerMessage } from '../src/shared/worker-messages';
import { sw } from './scope';

export function setupLifecycle(): void {
  sw.addEventListener('message', (event) => {
    if (isWorkerMessage(event.data, SKIP_WAITING_MESSAGE)) void sw.skipWaiting();
  });
  sw.addEventListener('activate', (event) => {
    event.waitUntil(sw.clients.claim());
  });
}
