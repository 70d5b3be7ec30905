/** Images under /uploads (profile photos, Aura attachments): cache-first, bounded (see image-cache). */
import { registerRoute } from 'workbox-routing';
import { UPLOADS_PATH } from '../src/shared/paths';
import { IMAGE_CACHE, cacheFirst, imageExpiration } from './image-cache';
import { sw } from './scope';

export function setupImages(): void {
  const expiration = imageExpiration();
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && url.pathname.startsWith(`${UPLOADS_PATH}/`) && request.method === 'GET'
      && (request.destination === 'image' || /\.(png|jpe?g|gif|webp|avif)$/i.test(url.pathname)),
    async ({ request }) => cacheFirst(request, { cache: await caches.open(IMAGE_CACHE), fetch: (r) => fetch(r), expiration }),
  );
}
