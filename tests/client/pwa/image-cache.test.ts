import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, cacheFirst, isFresh, stamp, trimCache } from '../../../sw/image-cache';

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

const url = (i: number) => `http://localhost/uploads/${i}.jpg`;
const image = (body = 'img') => new Response(body, { status: 200, headers: { 'content-type': 'image/jpeg' } });

describe('the bounded image cache', () => {
  it('keeps at most the limit, dropping the oldest stored first', async () => {
    const cache = new MemoryCache();
    for (let i = 0; i < 5; i++) await cache.put(url(i), await stamp(image(), 1000 + i));
    await trimCache(cache as unknown as Cache, 2000, 3);
    expect([...cache.map.keys()]).toEqual([url(2), url(3), url(4)]);
  });

  it('drops entries older than the age limit', async () => {
    const cache = new MemoryCache();
    const now = 10 * MAX_AGE_MS;
    await cache.put(url(1), await stamp(image(), now - MAX_AGE_MS - 1));
    await cache.put(url(2), await stamp(image(), now - 1000));
    await cache.put(url(3), image()); // no stamp: treated as expired
    await trimCache(cache as unknown as Cache, now);
    expect([...cache.map.keys()]).toEqual([url(2)]);
    expect(isFresh((await cache.match(url(2))) as Response, now)).toBe(true);
  });

  it('is cache-first: the network is asked once, then the stored copy answers; offline a stale copy still does', async () => {
    const cache = new MemoryCache();
    let calls = 0;
    let online = true;
    let now = 1_000_000;
    const deps = {
      cache: cache as unknown as Cache,
      fetch: async () => {
        calls += 1;
        if (!online) throw new TypeError('Failed to fetch');
        return image(`body-${calls}`);
      },
      now: () => now,
    };
    expect(await (await cacheFirst(new Request(url(1)), deps)).text()).toBe('body-1');
    expect(await (await cacheFirst(new Request(url(1)), deps)).text()).toBe('body-1');
    expect(calls).toBe(1);

    now += MAX_AGE_MS + 1;
    online = false;
    expect(await (await cacheFirst(new Request(url(1)), deps)).text()).toBe('body-1');
    expect(calls).toBe(2);
    await expect(cacheFirst(new Request(url(2)), deps)).rejects.toThrow('Failed to fetch');
  });

  it('does not store failed answers', async () => {
    const cache = new MemoryCache();
    const deps = { cache: cache as unknown as Cache, fetch: async () => new Response('no', { status: 404 }), now: () => 1 };
    expect((await cacheFirst(new Request(url(9)), deps)).status).toBe(404);
    expect(cache.map.size).toBe(0);
  });
});
