/**
 * Images under /uploads (profile photos, Aura attachments): cache-first, bounded (see image-cache),
 * and emptied whenever the page says nobody is signed in any more (CLEAR_IMAGES_MESSAGE).
 */
import { registerRoute } from 'workbox-routing';
import { UPLOADS_PATH } from '../src/shared/paths';
import { CLEAR_IMAGES_MESSAGE, CLEARED_REPLY, isWorkerMessage } from '../src/shared/worker-messages';
import { ClearGate, IMAGE_CACHE, cacheFirst, imageExpiration } from './image-cache';
import { sw } from './scope';

export function setupImages(): void {
  const expiration = imageExpiration();
  const gate = new ClearGate();
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && url.pathname.startsWith(`${UPLOADS_PATH}/`) && request.method === 'GET'
      && (request.destination === 'image' || /\.(png|jpe?g|gif|webp|avif)$/i.test(url.pathname)),
    async ({ request }) => {
      // The pass first, then the cache: opened after any clearing under way has finished.
      const pass = await gate.enter();
      return cacheFirst(request, { cache: await caches.open(IMAGE_CACHE), fetch: (r) => fetch(r), expiration, pass });
    },
  );
  sw.addEventListener('message', (event) => {
    if (!isWorkerMessage(event.data, CLEAR_IMAGES_MESSAGE)) return;
    // Workbox's own delete() empties the expiration records through the connection this worker
    // holds open (a deletion of the database from the page would wait for the worker to stop).
    const cleared = gate.clear(async () => {
      await caches.delete(IMAGE_CACHE);
      await expiration.delete();
    });
    // Answered only when both are gone; else the page deletes the database itself.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- MessagePort.postMessage has no target origin
    event.waitUntil(cleared.then(() => event.ports[0]?.postMessage(CLEARED_REPLY), () => undefined));
  });
}
