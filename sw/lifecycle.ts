/**
 * No silent takeover: a new worker installs and then waits until the page's "Reload" asks it
 * to take over ({type: 'SKIP_WAITING'}). On the very first install there is no old worker, so
 * it claims the open page at once and the app works offline from the first visit.
 */
import { sw } from './scope';

export function setupLifecycle(): void {
  sw.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
  });
  sw.addEventListener('activate', (event) => {
    event.waitUntil(sw.clients.claim());
  });
}
