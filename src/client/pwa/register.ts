/**
 * Registers the service worker by hand (workbox-window), in builds only: the dev server has no
 * sw.js and a worker there would serve stale modules. MODE, not PROD: a `vite build` run with
 * NODE_ENV=test (as under vitest) is still a build with a sw.js, but PROD is false there. A new
 * version never takes over silently: it waits, the prompt offers Reload, and only then does the
 * page switch.
 */
import { Workbox, messageSW } from 'workbox-window';
import { SKIP_WAITING_MESSAGE } from '../../shared/worker-messages';
import { setUpdateReady } from './update-state';

const UPDATE_EVERY_MS = 30 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  let registration: ServiceWorkerRegistration | undefined;
  let reloading = false;

  wb.addEventListener('waiting', () => {
    setUpdateReady(() => {
      reloading = true;
      // What wb.messageSkipWaiting() does, with the message both sides import.
      if (registration?.waiting) void messageSW(registration.waiting, SKIP_WAITING_MESSAGE);
    });
  });
  // This tab's Reload: switch once the new worker controls the page, so every file comes from one
  // version. Another tab's Reload put the new worker in charge here too, but this tab is not
  // reloaded under the person's hands (docs/everyday-chat.md: that lost a diary entry and a message being
  // typed); it says a new version is ready and reloads when they choose. Until then it runs the
  // old version: a lazy chunk the new deploy no longer has makes it reload itself once (main.tsx,
  // vite:preloadError), and the drafts kept on the device (features/drafts) protect the words
  // typed here.
  // Not workbox's isUpdate, which only says whether a worker controlled the page when it
  // registered: a page opened during the very first install is claimed by that worker a moment
  // later and is just as old when the next version takes over.
  let controlled = navigator.serviceWorker.controller !== null;
  wb.addEventListener('controlling', () => {
    if (reloading) globalThis.location.reload();
    else if (controlled) setUpdateReady(() => globalThis.location.reload(), 'active');
    controlled = true;
  });

  const check = () => {
    if (navigator.onLine) wb.update().catch(() => undefined);
  };
  wb.register().then((registered) => {
    registration = registered;
    setInterval(check, UPDATE_EVERY_MS);
    globalThis.addEventListener('online', check);
  }).catch((error: unknown) => {
    // No worker (private mode, blocked storage): the app still works online.
    console.warn('Service worker registration failed', error);
  });
}
