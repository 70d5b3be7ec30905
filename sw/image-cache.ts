/**
 * A small, bounded cache for viewed images (cache-first). The bound is workbox-expiration's
 * `CacheExpiration`: it keeps each entry's storage time in IndexedDB, treats an entry older
 * than MAX_AGE_SECONDS as expired, and beyond MAX_ENTRIES removes the oldest stored first.
 *
 * Not workbox-strategies' CacheFirst with an ExpirationPlugin: CacheFirst answers nothing offline
 * once an entry has expired (and the plugin deletes it in the background), where a stale picture
 * beats a broken one; and workbox-strategies is only here through workbox-precaching, not a
 * dependency of ours.
 * Typed against the Cache API with the expiration injected, so the client tests can drive it.
 */
import { CacheExpiration } from 'workbox-expiration';
import { IMAGE_CACHE } from '../src/shared/cache-names';

export { IMAGE_CACHE };
export const MAX_ENTRIES = 200;
export const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The part of CacheExpiration used here. */
export type ImageExpiration = Pick<CacheExpiration, 'isURLExpired' | 'updateTimestamp' | 'expireEntries'>;

export interface ImageCacheDeps {
  /** The opened IMAGE_CACHE (the one `expiration` trims). */
  cache: Cache;
  fetch: (request: Request) => Promise<Response>;
  expiration: ImageExpiration;
}

/** The bound on IMAGE_CACHE (another name only in tests); one per worker, so two trims never run at once. */
export function imageExpiration(cacheName: string = IMAGE_CACHE): CacheExpiration {
  return new CacheExpiration(cacheName, { maxEntries: MAX_ENTRIES, maxAgeSeconds: MAX_AGE_SECONDS });
}

/** Cache-first: a stored copy within the age limit, else the network (stored when it is a good same-origin answer). */
export async function cacheFirst(request: Request, deps: ImageCacheDeps): Promise<Response> {
  const hit = await deps.cache.match(request);
  // An entry with no recorded time (stored before this worker, or its record cleared) counts as expired.
  if (hit && !(await deps.expiration.isURLExpired(request.url))) return hit;
  try {
    const response = await deps.fetch(request);
    if (response.ok && response.type !== 'opaque') {
      await deps.cache.put(request, response.clone());
      await deps.expiration.updateTimestamp(request.url);
      await deps.expiration.expireEntries();
    }
    return response;
  } catch (error) {
    // Offline: a stale picture beats a broken one.
    if (hit) return hit;
    throw error;
  }
}
