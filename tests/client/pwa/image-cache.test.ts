/**
 * The service worker's image cache: cache-first, bounded by workbox-expiration (timestamps in
 * IndexedDB, here fake-indexeddb) with the worker's real limits; a fake Cache Storage stands in
 * for the one CacheExpiration trims. And the clearing a sign-out asks for (ClearGate): no photo
 * is answered from, or stored into, the cache by a request that overlaps it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClearGate, MAX_AGE_SECONDS, MAX_ENTRIES, cacheFirst, imageExpiration, type ImageCacheDeps } from '../../../sw/image-cache';

/** The part of the Cache API the image cache uses, in memory, keys in insertion order like the real one. */
class MemoryCache {
  readonly map = new Map<string, Response>();
  async match(request: RequestInfo | URL) {
    return this.map.get(new Request(request).url)?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    const url = new Request(request).url;
    this.map.delete(url);
    this.map.set(url, response);
  }
  async delete(request: RequestInfo | URL) {
    return this.map.delete(new Request(request).url);
  }
  async keys() {
    return [...this.map.keys()].map((u) => new Request(u));
  }
}

/** CacheExpiration deletes through `self.caches`: each test's cache is reachable by its own name. */
const stores = new Map<string, MemoryCache>();
(globalThis as { caches?: unknown }).caches = { open: async (name: string) => stores.get(name) };
// workbox logs every trim outside production builds.
(globalThis as { __WB_DISABLE_DEV_LOGS?: boolean }).__WB_DISABLE_DEV_LOGS = true;

const DAY = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = MAX_AGE_SECONDS * 1000;
const url = (i: number) => `http://localhost/uploads/${i}.jpg`;
const image = (body = 'img') => new Response(body, { status: 200, headers: { 'content-type': 'image/jpeg' } });

let names = 0;
/** A fresh cache with its own expiration record, and a network that counts its calls. */
function setup() {
  const name = `test-images-${++names}`;
  const cache = new MemoryCache();
  stores.set(name, cache);
  const net = { calls: 0, online: true, status: 200 };
  const deps: ImageCacheDeps = {
    cache: cache as unknown as Cache,
    expiration: imageExpiration(name),
    fetch: async () => {
      net.calls += 1;
      if (!net.online) throw new TypeError('Failed to fetch');
      return net.status === 200 ? image(`body-${net.calls}`) : new Response('no', { status: net.status });
    },
  };
  const get = async (i: number) => cacheFirst(new Request(url(i)), deps);
  return { cache, net, deps, get };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the bounded image cache', () => {
  it('keeps the worker\'s limits: 200 images for 30 days', () => {
    expect(MAX_ENTRIES).toBe(200);
    expect(MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
  });

  it(`keeps at most ${MAX_ENTRIES} images, dropping the oldest stored first (not the least read)`, async () => {
    const { cache, net, get } = setup();
    for (let i = 0; i < MAX_ENTRIES; i++) {
      vi.advanceTimersByTime(1000);
      await get(i);
    }
    expect(cache.map.size).toBe(MAX_ENTRIES);
    // Reading the oldest again does not make it younger: the bound is by storage time.
    await get(0);
    expect(net.calls).toBe(MAX_ENTRIES);
    vi.advanceTimersByTime(1000);
    await get(MAX_ENTRIES);
    vi.advanceTimersByTime(1000);
    await get(MAX_ENTRIES + 1);
    expect(cache.map.size).toBe(MAX_ENTRIES);
    expect(cache.map.has(url(0))).toBe(false);
    expect(cache.map.has(url(1))).toBe(false);
    expect(cache.map.has(url(2))).toBe(true);
    expect(cache.map.has(url(MAX_ENTRIES + 1))).toBe(true);
  }, 30_000);

  it('serves a stored image until it is 30 days old, then asks the network again and drops expired ones', async () => {
    const { cache, net, get } = setup();
    await get(1);
    await get(2);
    vi.advanceTimersByTime(MAX_AGE_MS - DAY);
    expect(await (await get(1)).text()).toBe('body-1');
    expect(net.calls).toBe(2);

    vi.advanceTimersByTime(DAY + 1);
    expect(await (await get(1)).text()).toBe('body-3');
    expect(net.calls).toBe(3);
    // Storing the new copy trimmed the other expired image.
    expect([...cache.map.keys()]).toEqual([url(1)]);
  });

  it('is cache-first: the network is asked once, then the stored copy answers; offline an expired copy still does', async () => {
    const { net, get } = setup();
    expect(await (await get(1)).text()).toBe('body-1');
    expect(await (await get(1)).text()).toBe('body-1');
    expect(net.calls).toBe(1);

    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    net.online = false;
    expect(await (await get(1)).text()).toBe('body-1');
    expect(net.calls).toBe(2);
    await expect(get(2)).rejects.toThrow('Failed to fetch');
  });

  it('treats an image with no recorded time (stored by an older worker) as expired', async () => {
    const { cache, net, get } = setup();
    await cache.put(url(7), image('old'));
    expect(await (await get(7)).text()).toBe('body-1');
    expect(net.calls).toBe(1);
    expect(await (await get(7)).text()).toBe('body-1');
    expect(net.calls).toBe(1);
  });

  it('does not store failed answers', async () => {
    const { cache, net, get } = setup();
    net.status = 404;
    expect((await get(9)).status).toBe(404);
    expect(cache.map.size).toBe(0);
  });
});

/** A promise to settle by hand, for putting one step of a request or a clearing on hold. */
function held<T = void>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => { release = resolve; });
  return { promise, release };
}

describe('clearing at a sign-out (ClearGate)', () => {
  /** The worker's clearing: the cache and its records emptied (here the cache; the records are workbox's). */
  const emptying = (cache: MemoryCache) => async () => { cache.map.clear(); };

  it('a request that was looking up its photo when a sign-out came is not answered from the cache', async () => {
    const { cache, net, deps, get } = setup();
    await get(1);
    const gate = new ClearGate();
    const lookup = held<boolean>();
    const slow = { ...deps.expiration, isURLExpired: () => lookup.promise } as ImageCacheDeps['expiration'];
    const answer = cacheFirst(new Request(url(1)), { ...deps, expiration: slow, pass: await gate.enter() });
    await Promise.resolve();
    await gate.clear(emptying(cache));
    lookup.release(false);
    // The network answers (the server decides; for a signed-out page it refuses) and nothing is stored.
    expect(await (await answer).text()).toBe('body-2');
    expect(net.calls).toBe(2);
    expect(cache.map.size).toBe(0);
  });

  it('a request that arrives while the cache is being emptied waits, then finds nothing stored', async () => {
    const { cache, net, deps, get } = setup();
    await get(1);
    const gate = new ClearGate();
    const emptied = held();
    const clearing = gate.clear(async () => { await emptied.promise; cache.map.clear(); });
    let entered = false;
    const pass = gate.enter().then((p) => { entered = true; return p; });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(entered).toBe(false);
    emptied.release();
    await clearing;
    expect(await (await cacheFirst(new Request(url(1)), { ...deps, pass: await pass })).text()).toBe('body-2');
    expect(net.calls).toBe(2);
    // A later request, after the clearing, is cached as usual (for whoever signed in next).
    expect(cache.map.has(url(1))).toBe(true);
  });

  it('a clearing waits for a photo being stored, so it removes it too', async () => {
    const { cache, deps } = setup();
    const gate = new ClearGate();
    const stored = held();
    const slowCache = { ...cache, match: cache.match.bind(cache), put: async (r: Request, res: Response) => { await stored.promise; await cache.put(r, res); } };
    const answer = cacheFirst(new Request(url(3)), { ...deps, cache: slowCache as unknown as Cache, pass: await gate.enter() });
    await new Promise((resolve) => setTimeout(resolve, 5));
    let emptiedAt = -1;
    const clearing = gate.clear(async () => { emptiedAt = cache.map.size; cache.map.clear(); });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(emptiedAt).toBe(-1);
    stored.release();
    await Promise.all([answer, clearing]);
    expect(emptiedAt).toBe(1);
    expect(cache.map.size).toBe(0);
  });

  it('offline, a stored photo is not the fallback once a sign-out came in between', async () => {
    const { cache, net, deps, get } = setup();
    await get(1);
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    net.online = false;
    const gate = new ClearGate();
    const pass = await gate.enter();
    const fetched = held();
    const answer = cacheFirst(new Request(url(1)), { ...deps, pass, fetch: async (r) => { await fetched.promise; return deps.fetch(r); } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await gate.clear(async () => {});
    fetched.release();
    await expect(answer).rejects.toThrow('Failed to fetch');
    expect(cache.map.size).toBe(1);
  });

  it('a failed emptying is reported to the one who asked, and later requests still go on', async () => {
    const { deps } = setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const gate = new ClearGate();
    await expect(gate.clear(async () => { throw new Error('disk full'); })).rejects.toThrow('disk full');
    expect(logged).toHaveBeenCalledWith('Haven: clearing the image cache failed', expect.any(Error));
    logged.mockRestore();
    expect((await cacheFirst(new Request(url(5)), { ...deps, pass: await gate.enter() })).status).toBe(200);
  });
});
