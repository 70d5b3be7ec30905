/**
 * The service worker's image cache in real Chromium: a viewed image is kept (its time recorded by
 * workbox-expiration in IndexedDB) and shown again offline; an image never viewed fails plainly
 * offline, never answered with the app.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_CACHE } from '../../src/shared/cache-names';
import { expectPath, useBrowser } from './browser';
import { signedInUser, waitForController } from './offline-helpers';

describe('the image cache, from the service worker', () => {
  const browser = useBrowser();

  it('keeps a viewed image for offline, with its time in workbox-expiration, and never answers a missing one with the app', async () => {
    const page = await browser.open();
    const helper = await browser.open();
    await signedInUser(page.context(), helper.context());
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await waitForController(page);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toBuffer();
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const src = await page.evaluate(async (profilePic) => {
      const res = await fetch('/api/auth/update-profile', {
        method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ profilePic }),
      });
      return ((await res.json()) as { profilePic: string }).profilePic;
    }, dataUrl);
    expect(src).toMatch(/^\/uploads\/.+\.png$/);

    const viewed = await page.evaluate(async ({ url, cacheName }) => {
      const res = await fetch(url);
      const bytes = (await res.arrayBuffer()).byteLength;
      const cached = await (await caches.open(cacheName)).match(url);
      // workbox-expiration's record of when it was stored.
      const records = await new Promise<{ url: string; cacheName: string; timestamp: number }[]>((resolve, reject) => {
        const open = indexedDB.open('workbox-expiration');
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const all = open.result.transaction('cache-entries').objectStore('cache-entries').getAll();
          all.addEventListener('success', () => resolve(all.result));
          all.addEventListener('error', () => reject(all.error));
        });
      });
      return { status: res.status, bytes, cached: Boolean(cached), records: records.filter((r) => r.cacheName === cacheName && r.url.endsWith(url)) };
    }, { url: src, cacheName: IMAGE_CACHE });
    expect(viewed.status).toBe(200);
    expect(viewed.bytes).toBeGreaterThan(0);
    expect(viewed.cached).toBe(true);
    expect(viewed.records).toHaveLength(1);
    expect(Math.abs((viewed.records[0]?.timestamp ?? 0) - Date.now())).toBeLessThan(5 * 60_000);

    await page.context().setOffline(true);
    const offline = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const other = await fetch('/uploads/never-viewed-0123456789.png').then((r) => `answered ${r.status} ${r.headers.get('content-type')}`, () => 'failed');
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength, type: res.headers.get('content-type'), other };
    }, src);
    expect(offline).toEqual({ status: 200, bytes: viewed.bytes, type: 'image/png', other: 'failed' });
  });
});
