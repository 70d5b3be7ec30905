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
 *
 * Whenever nobody is signed in any more the page asks for the cache to be emptied (ClearGate):
 * no request that overlaps that clearing is answered from the cache or stored into it, so a photo
 * requested while a sign-out is under way goes to the network, where the server refuses it.
 */
import { CacheExpiration } from 'workbox-expiration';
import { IMAGE_CACHE } from '../src/shared/cache-names';

export { IMAGE_CACHE };
export const MAX_ENTRIES = 200;
export const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The part of CacheExpiration used here. */
export type ImageExpiration = Pick<CacheExpiration, 'isURLExpired' | 'updateTimestamp' | 'expireEntries'>;

/** A request's standing against clearings (ClearGate.enter); without a gate, always current. */
export interface CachePass {
  /** False once a clearing has begun since the request started: nothing from or into the cache then. */
  current(): boolean;
  /** Runs a store into the cache; a clearing asked for meanwhile starts only after it. */
  store(work: () => Promise<void>): Promise<void>;
}

const UNGATED: CachePass = { current: () => true, store: (work) => work() };

export interface ImageCacheDeps {
  /** The opened IMAGE_CACHE (the one `expiration` trims). */
  cache: Cache;
  fetch: (request: Request) => Promise<Response>;
  expiration: ImageExpiration;
  pass?: CachePass;
}

/**
 * Orders clearings against the requests around them. A request that arrives while a clearing
 * runs waits for it (and then finds the cache empty); one that overlaps a clearing does not use
 * the cache (CachePass.current); a clearing begins only once the stores already under way have
 * landed, so nothing it should remove arrives after it.
 */
export class ClearGate {
  private epoch = 0;
  private clearing: Promise<void> = Promise.resolve();
  private readonly stores = new Set<Promise<void>>();

  async enter(): Promise<CachePass> {
    for (let waited = this.clearing; ; waited = this.clearing) {
      await waited;
      if (waited === this.clearing) break;
    }
    const at = this.epoch;
    return {
      current: () => at === this.epoch,
      store: (work) => {
        const stored = work();
        this.stores.add(stored);
        const settle = () => void this.stores.delete(stored);
        stored.then(settle, settle);
        return stored;
      },
    };
  }

  /**
   * Every pass given out so far stops being current at once; `work` (the emptying) runs after the
   * stores under way. Rejects when the emptying failed; the next request waits for it either way.
   */
  clear(work: () => Promise<void>): Promise<void> {
    this.epoch += 1;
    const under = [...this.stores];
    const run = this.clearing.then(() => Promise.allSettled(under)).then(work);
    this.clearing = run.catch((error: unknown) => console.error('Haven: clearing the image cache failed', error));
    return run;
  }
}

/** The bound on IMAGE_CACHE (another name only in tests); one per worker, so two trims never run at once. */
export function imageExpiration(cacheName: string = IMAGE_CACHE): CacheExpiration {
  return new CacheExpiration(cacheName, { maxEntries: MAX_ENTRIES, maxAgeSeconds: MAX_AGE_SECONDS });
}

/** Cache-first: a stored copy within the age limit, else the network (stored when it is a good same-origin answer). */
export async function cacheFirst(request: Request, deps: ImageCacheDeps): Promise<Response> {
  const pass = deps.pass ?? UNGATED;
  const hit = await deps.cache.match(request);
  // An entry with no recorded time (stored before this worker, or its record cleared) counts as expired.
  if (hit && !(await deps.expiration.isURLExpired(request.url)) && pass.current()) return hit;
  try {
    const response = await deps.fetch(request);
    if (response.ok && response.type !== 'opaque' && pass.current()) {
      const copy = response.clone();
      await pass.store(async () => {
        await deps.cache.put(request, copy);
        await deps.expiration.updateTimestamp(request.url);
        await deps.expiration.expireEntries();
      });
    }
    return response;
  } catch (error) {
    // Offline: a stale picture beats a broken one (unless a clearing came in between).
    if (hit && pass.current()) return hit;
    throw error;
  }
}
