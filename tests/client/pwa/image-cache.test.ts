/**
 * The service worker's image cache: cache-first, bounded by workbox-expiration (timestamps in
 * IndexedDB, here fake-indexeddb) with the worker's real limits; a fake Cache Storage stands in
 * for the one CacheExpiration trims.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AGE_SECONDS, MAX_ENTRIES, cacheFirst, imageExpiration, type ImageCacheDeps } from '../../../sw/image-cache';

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
