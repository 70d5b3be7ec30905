/**
 * A sign-out that happens elsewhere (docs/decisions/photos-on-session-end.md) takes the viewed
 * photos off this device too, in real Chromium against the production build: "sign out everywhere"
 * from another browser, which the open page learns from the server closing its socket or, with no
 * socket, from its next call's 401; and a password change, which a page opened later learns at the
 * start-up check. Afterwards the photo's URL no longer gives its bytes from that page, and neither
 * the service worker's cache nor workbox-expiration's records name it.
 */
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IMAGE_CACHE, IMAGE_EXPIRATION_DB } from '../../src/shared/cache-names';
import { expectPath, loginApi, PASSWORD, signUpApi, useBrowser, WAIT, type Person } from './browser';
import { signedInUser, waitForController } from './offline-helpers';

interface PhotoState {
  status: number;
  /** The answer's bytes, base64: compared with the photo's own. */
  body: string;
  cached: boolean;
  /** workbox-expiration's records naming the photo. */
  records: number;
}

/** Fetches `url` from the page (through its service worker) and reads what the device keeps of it. */
async function photoState(page: Page, url: string): Promise<PhotoState> {
  return page.evaluate(async ({ photo, cacheName, dbName }) => {
    const res = await fetch(photo);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const body = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
    const cached = Boolean(await (await caches.open(cacheName)).match(photo));
    // Read only: a database that is not there is not made (workbox would find it without its store).
    const exists = (await indexedDB.databases()).some((d) => d.name === dbName);
    const records = !exists ? [] : await new Promise<{ url: string }[]>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.addEventListener('error', () => reject(open.error));
      open.addEventListener('success', () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('cache-entries')) {
          db.close();
          resolve([]);
          return;
        }
        const all = db.transaction('cache-entries').objectStore('cache-entries').getAll();
        all.addEventListener('success', () => { db.close(); resolve(all.result as { url: string }[]); });
        all.addEventListener('error', () => { db.close(); reject(all.error); });
      });
    });
    return { status: res.status, body, cached, records: records.filter((r) => r.url.endsWith(photo)).length };
  }, { photo: url, cacheName: IMAGE_CACHE, dbName: IMAGE_EXPIRATION_DB });
}

/**
 * A signed-in person on their start page under the service worker, with a profile photo they have
 * viewed (so it is cached): a regular user on /dashboard, or with `pending` a professional waiting
 * for verification (who has no socket) on /verification-needed.
 */
async function personWithViewedPhoto(page: Page, helper: Page, pending = false): Promise<{ person: Person; photo: string; bytes: string }> {
  const person = pending ? await signUpApi(page.context(), 'therapist') : await signedInUser(page.context(), helper.context());
  const start = pending ? '/verification-needed' : '/dashboard';
  await page.goto(start);
  await expectPath(page, start);
  await waitForController(page);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
  const photo = await page.evaluate(async (profilePic) => {
    const res = await fetch('/api/auth/update-profile', {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ profilePic }),
    });
    return ((await res.json()) as { profilePic: string }).profilePic;
  }, `data:image/png;base64,${png.toString('base64')}`);
  expect(photo).toMatch(/^\/uploads\/.+\.png$/);
  const viewed = await photoState(page, photo);
  expect({ status: viewed.status, cached: viewed.cached, records: viewed.records }).toEqual({ status: 200, cached: true, records: 1 });
  return { person, photo, bytes: viewed.body };
}

/** The same person signed in from another browser. */
async function elsewhere(context: BrowserContext, person: Person): Promise<BrowserContext> {
  await loginApi(context, person.email, person.password);
  return context;
}

async function expectPhotoGone(page: Page, photo: string, bytes: string): Promise<void> {
  const after = await photoState(page, photo);
  expect(after.status).not.toBe(200);
  expect(after.body).not.toBe(bytes);
  expect({ cached: after.cached, records: after.records }).toEqual({ cached: false, records: 0 });
}

describe('a sign-out made elsewhere clears the viewed photos', () => {
  const browser = useBrowser();

  it('"sign out everywhere" from another browser: the open page is told by the server and keeps no photo', async () => {
    const page = await browser.open();
    const { person, photo, bytes } = await personWithViewedPhoto(page, await browser.open());
    const other = await elsewhere((await browser.open()).context(), person);

    const res = await other.request.delete('/api/auth/sessions', { timeout: WAIT });
    expect(res.status()).toBe(200);
    expect((await res.json()) as { ended: number }).toMatchObject({ ended: 1 });
    // No click, no reload: the server closes the page's socket, and the check it then asks says 401.
    await expectPath(page, '/login');
    await expectPhotoGone(page, photo, bytes);
  });

  it('a refused call the page makes (a pending professional: no socket) is confirmed by the check, and the photo goes', async () => {
    const page = await browser.open();
    const { person, photo, bytes } = await personWithViewedPhoto(page, await browser.open(), true);
    const other = await elsewhere((await browser.open()).context(), person);
    expect((await other.request.delete('/api/auth/sessions', { timeout: WAIT })).status()).toBe(200);

    // Nothing tells this page; its next call does: /profile lists the person's sessions, and gets 401.
    await page.getByRole('main').getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/login');
    await expectPhotoGone(page, photo, bytes);
  });

  it('a password change elsewhere: a page opened later learns it at the start-up check and keeps no photo', async () => {
    const first = await browser.open();
    const { person, photo, bytes } = await personWithViewedPhoto(first, await browser.open());
    const context = first.context();
    // The app closed (its service worker and caches stay with the browser profile).
    await first.close();
    const other = await elsewhere((await browser.open()).context(), person);
    const res = await other.request.put('/api/auth/password', { data: { currentPassword: PASSWORD, newPassword: 'another-calm-password-2' }, timeout: WAIT });
    expect(res.status()).toBe(200);

    const page = await context.newPage();
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await expectPhotoGone(page, photo, bytes);
  });
});
