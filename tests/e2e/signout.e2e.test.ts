/**
 * Signing out on a shared device (docs/decisions/earlier.md, "Shared devices") in real Chromium
 * against the production build: the confirmation and its unsent-message warning, "Also remove my
 * data from this device" deleting the person's IndexedDB database, the data staying without it, and
 * a sign-out made offline whose server session ends when the browser is back online.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseURL, expectPath, expectToast, PASSWORD, signUpApi, useBrowser, WAIT } from './browser';
import { message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { signedInUser, waitForController } from './offline-helpers';

const OFFLINE_NOTE = "You're offline: this device is signed out now, and the server will be told when you're back online.";
const REMOVE = 'Also remove my data from this device';

async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

async function writeDiaryEntry(page: Page, title: string, content: string): Promise<void> {
  await page.goto('/diary');
  await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expectToast(page, 'Diary entry saved!');
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).waitFor();
}

async function uiLogin(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens the confirmation from `button` and returns it. */
async function openLogoutDialog(page: Page, button: Locator): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await dialog.waitFor();
  return dialog;
}

/** What the server says to a request carrying only this session cookie. */
async function checkWithCookie(token: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/auth/check`, { headers: { cookie: `haven_session=${token}` }, signal: AbortSignal.timeout(WAIT) });
  return res.status;
}

describe('signing out on a shared device', () => {
  const browser = useBrowser();

  it('with the box ticked: warns about queued messages, deletes the database, and a new sign-in finds no diary', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const page = await browser.open();
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    const ana = await signUpAs(page.context(), 'user', anaName, code);
    await signUpAs(ben.context(), 'user', benName, code);

    await writeDiaryEntry(page, 'Only on this phone', 'Kept on the device, never sent.');
    await page.goto('/chat');
    await waitForController(page);
    await personRow(page, benName).click();
    await page.context().setOffline(true);
    const stamp = Date.now();
    const texts = [1, 2, 3].map((i) => `queued ${i} (${stamp})`);
    for (const text of texts) {
      await sendWithEnter(page, text);
      await message(page, text).locator('[data-status="pending"]').waitFor();
    }
    expect(await databaseNames(page)).toContain(`haven-${ana._id}`);

    const dialog = await openLogoutDialog(page, page.getByRole('banner').getByRole('button', { name: 'Logout' }));
    // Keyboard first: focus is on the confirmation, and the box is unticked.
    expect(await dialog.getByRole('button', { name: 'Log out' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(dialog.getByText('will be lost').count()).resolves.toBe(0);
    await dialog.getByRole('checkbox', { name: REMOVE }).check();
    await dialog.getByText('3 messages have not been sent yet and will be lost.').waitFor();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Logged out successfully');
    await expectToast(page, OFFLINE_NOTE);
    await page.waitForFunction((name) => indexedDB.databases().then((dbs) => !dbs.some((d) => d.name === name)), `haven-${ana._id}`, { timeout: WAIT });
    expect(await page.evaluate(() => localStorage.getItem('haven-last-user'))).toBeNull();

    // Back online: the server is told, and the queued messages never went anywhere.
    await page.context().setOffline(false);
    await page.waitForFunction(() => localStorage.getItem('haven-pending-sign-out') === null, null, { timeout: WAIT });
    await uiLogin(page, ana.email);
    await expectPath(page, '/dashboard');
    await page.goto('/diary');
    await page.getByText('No entries yet.').waitFor();
    await expect(page.getByText('Only on this phone').count()).resolves.toBe(0);
    const res = await ben.context().request.get(`/api/messages/${ana._id}`, { timeout: WAIT });
    expect(res.ok()).toBe(true);
    const stored = JSON.stringify(await res.json());
    for (const text of texts) expect(stored).not.toContain(text);
  });

  it('without the box (from /verification-needed): the diary stays for the same person', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const therapist = await signUpApi(page.context(), 'therapist');
    await writeDiaryEntry(page, 'Still here', 'Waiting for verification.');
    await page.goto('/verification-needed');
    await expectPath(page, '/verification-needed');

    // Escape cancels: still signed in.
    let dialog = await openLogoutDialog(page, page.getByRole('main').getByRole('button', { name: 'Log out' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/verification-needed');

    dialog = await openLogoutDialog(page, page.getByRole('main').getByRole('button', { name: 'Log out' }));
    expect(await dialog.getByRole('checkbox', { name: REMOVE }).isChecked()).toBe(false);
    // The dialog on a 360 px phone: no serious accessibility finding, no sideways scroll.
    const axe = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Logged out successfully');
    expect(await databaseNames(page)).toContain(`haven-${therapist.user._id}`);

    await uiLogin(page, therapist.email);
    await expectPath(page, '/verification-needed');
    await page.goto('/diary');
    await page.getByRole('button', { name: /^Still here/ }).waitFor();
  });

  it('offline: signs out at once, stays signed out through an offline reload, and the session ends when back online', async () => {
    const page = await browser.open();
    await signedInUser(page.context(), (await browser.open()).context());
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await waitForController(page);
    const token = (await page.context().cookies()).find((c) => c.name === 'haven_session')?.value ?? '';
    expect(token).not.toBe('');

    await page.context().setOffline(true);
    const dialog = await openLogoutDialog(page, page.getByRole('banner').getByRole('button', { name: 'Logout' }));
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Logged out successfully');
    await expectToast(page, OFFLINE_NOTE);
    // The server has not heard yet: the cookie still works, but the app does not use it to sign back in.
    expect(await checkWithCookie(token)).toBe(200);
    await page.reload();
    await expectPath(page, '/login');
    await page.goto('/dashboard');
    await expectPath(page, '/login');

    await page.context().setOffline(false);
    await page.waitForFunction(() => localStorage.getItem('haven-pending-sign-out') === null, null, { timeout: WAIT });
    expect(await checkWithCookie(token)).toBe(401);
    expect((await page.context().cookies()).find((c) => c.name === 'haven_session')).toBeUndefined();
    await page.reload();
    await expectPath(page, '/login');
  });
});
