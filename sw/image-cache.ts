/**
 * A small, bounded cache for viewed images (cache-first). workbox-expiration is not installed,
 * so the bound is kept here with the Cache API alone: each stored response carries the time it
 * was stored, entries older than MAX_AGE are ignored and removed, and beyond MAX_ENTRIES the
 * oldest stored go first (Cache keys come back in insertion order).
 * Typed against the DOM/worker-common Cache API so the client tests can drive it with a fake.
 */
import { IMAGE_CACHE } from '../src/shared/cache-names';

export { IMAGE_CACHE };
export const MAX_ENTRIES = 200;
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const STORED_AT = 'x-haven-stored-at';

export interface ImageCacheDeps {
  cache: Cache;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
}

export function isFresh(response: Response, now: number, maxAge = MAX_AGE_MS): boolean {
  const at = Number(response.headers.get(STORED_AT));
  return Number.isFinite(at) && at > 0 && now - at < maxAge;
}

/** Copies a response with its storage time, for `isFresh` later. */
export async function stamp(response: Response, now: number): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, String(now));
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Removes expired entries, then the oldest until at most `max` remain. */
export async function trimCache(cache: Cache, now: number, max = MAX_ENTRIES, maxAge = MAX_AGE_MS): Promise<void> {
  const keys = await cache.keys();
  const alive: Request[] = [];
  for (const key of keys) {
    const hit = await cache.match(key);
    if (hit && isFresh(hit, now, maxAge)) alive.push(key);
    else await cache.delete(key);
  }
  for (const key of alive.slice(0, Math.max(0, alive.length - max))) await cache.delete(key);
}

/** Cache-first: a fresh stored copy, else the network (stored when it is a good same-origin answer). */
export async function cacheFirst(request: Request, deps: ImageCacheDeps): Promise<Response> {
  const hit = await deps.cache.match(request);
  if (hit && isFresh(hit, deps.now())) return hit;
  try {
    const response = await deps.fetch(request);
    if (response.ok && response.type !== 'opaque') {
      await deps.cache.put(request, await stamp(response.clone(), deps.now()));
      await trimCache(deps.cache, deps.now());
    }
    return response;
  } catch (error) {
    // Offline: a stale picture beats a broken one.
    if (hit) return hit;
    throw error;
  }
}
