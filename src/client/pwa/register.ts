/**
 * Registers the service worker by hand (workbox-window), in builds only: the dev server has no
 * sw.js and a worker there would serve stale modules. MODE, not PROD: a `vite build` run with
 * NODE_ENV=test (as under vitest) is still a build with a sw.js, but PROD is false there. A new version never takes
 * over silently: it waits, the prompt offers Reload, and only then does the page switch.
 */
import { Workbox } from 'workbox-window';
import { setUpdateReady } from './update-state';

const UPDATE_EVERY_MS = 30 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  let reloading = false;

  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      reloading = true;
      wb.messageSkipWaiting();
    });
  });
  // Reload once the new worker controls this page, so every file comes from one version. Also
  // when another tab pressed Reload: the old version's files leave the cache as the new one
  // activates, so this tab follows rather than fail to load a lazy chunk later.
  wb.addEventListener('controlling', (event) => {
    if (reloading || event.isUpdate) globalThis.location.reload();
  });

  const check = () => {
    if (navigator.onLine) wb.update().catch(() => undefined);
  };
  wb.register().then(() => {
    setInterval(check, UPDATE_EVERY_MS);
    globalThis.addEventListener('online', check);
  }).catch((error: unknown) => {
    // No worker (private mode, blocked storage): the app still works online.
    console.warn('Service worker registration failed', error);
  });
}
