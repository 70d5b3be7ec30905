/**
 * "Get help now" in real Chromium: in the header of every signed-in screen and on the screens
 * without one, tappable lines in its dialog, still there offline after one visit, and a header
 * that fits a 360 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, loginAdminApi, settle, signUpApi, useBrowser, WAIT } from './browser';
import { signedInUser, waitForController } from './offline-helpers';

const helpButton = (page: Page) => page.getByRole('button', { name: 'Get help now' });

/** Opens the dialog and checks what every "Get help now" must offer; answers the dialog. */
async function openHelp(page: Page) {
  await helpButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  await dialog.waitFor({ timeout: WAIT });
  expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  expect(await dialog.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
  expect(await dialog.locator('a[href^="sms:"]').count()).toBeGreaterThan(0);
  expect(await dialog.locator('a[href="https://findahelpline.com"]').count()).toBeGreaterThan(0);
  // A tap target a shaking hand can hit.
  for (const box of await Promise.all((await dialog.locator('a[href^="tel:"], a[href^="sms:"]').all()).map((a) => a.boundingBox()))) {
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  return dialog;
}

async function closeWithEscape(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: WAIT });
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Get help now');
}

const SIGNED_IN = ['/dashboard', '/chat', '/therapist-chat', '/aura-ai', '/diary', '/settings', '/profile', '/safety-plan'];

describe('"Get help now"', () => {
  const browser = useBrowser();

  it('is in the header of every signed-in screen, and its dialog offers the lines and the safety plan', async () => {
    const page = await browser.open();
    const helper = await browser.open();
    await signedInUser(page.context(), helper.context());
    for (const path of SIGNED_IN) {
      expect(await settle(page, path)).toBe(path);
      await page.getByRole('banner').getByRole('button', { name: 'Get help now' }).waitFor({ timeout: WAIT });
    }
    await settle(page, '/dashboard');
    const dialog = await openHelp(page);
    await dialog.getByRole('link', { name: 'My safety plan' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await openHelp(page);
    await closeWithEscape(page);

    await openHelp(page);
    await page.getByRole('dialog').getByRole('link', { name: 'My safety plan' }).click();
    await page.waitForURL((url) => url.pathname === '/safety-plan', { timeout: WAIT });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('is in the admin header too', async () => {
    const page = await browser.open();
    await loginAdminApi(page.context());
    expect(await settle(page, '/admin')).toBe('/admin');
    await page.getByRole('banner').getByRole('button', { name: 'Get help now' }).waitFor();
    await openHelp(page);
  });

  it('is on the sign-in and sign-up screens, without anyone\'s safety plan', async () => {
    const page = await browser.open();
    for (const path of ['/login', '/signup']) {
      expect(await settle(page, path)).toBe(path);
      const dialog = await openHelp(page);
      expect(await dialog.getByRole('link', { name: 'My safety plan' }).count()).toBe(0);
      await closeWithEscape(page);
    }
    // Still there on the sign-up form, after choosing a role.
    await page.getByRole('button', { name: /Join as a regular user/ }).click();
    await page.getByLabel('Referral Code').waitFor();
    await openHelp(page);
  });

  it('is on the verification-needed screen, with the safety plan', async () => {
    const page = await browser.open();
    await signUpApi(page.context(), 'ngo');
    expect(await settle(page, '/verification-needed')).toBe('/verification-needed');
    const dialog = await openHelp(page);
    await dialog.getByRole('link', { name: 'My safety plan' }).waitFor();
  });

  it('works offline with the lines kept from the last visit', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const helper = await browser.open();
    // The first visit (before the service worker) gets this deployment's own list.
    await page.route('**/api/safety/resources', (route) => route.fulfill({
      json: { resources: [{ name: 'Kept Test Line', contact: 'Call or text 555 0100', region: 'Testland', phone: '555 0100', sms: '555 0100' }] },
    }));
    await signedInUser(page.context(), helper.context());
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await page.waitForFunction(() => localStorage.getItem('haven.crisisResources')?.includes('Kept Test Line'), null, { timeout: WAIT });
    await waitForController(page);
    await page.unroute('**/api/safety/resources');

    await page.context().setOffline(true);
    await page.reload();
    await expectPath(page, '/dashboard');
    const dialog = await openHelp(page);
    await dialog.getByText('Kept Test Line').waitFor();
    expect(await dialog.locator('a[href="tel:5550100"]').count()).toBe(1);
    expect(await dialog.locator('a[href="sms:5550100"]').count()).toBe(1);
  });

  for (const who of ['user', 'admin'] as const) {
    it(`fits a 360 px phone header with everything else (${who})`, async () => {
      const page = await browser.open({ width: 360, height: 740 });
      if (who === 'admin') await loginAdminApi(page.context());
      else await signedInUser(page.context(), (await browser.open()).context());
      expect(await settle(page, '/dashboard')).toBe('/dashboard');
      const banner = page.getByRole('banner');
      const button = banner.getByRole('button', { name: 'Get help now' });
      expect(await button.isVisible()).toBe(true);
      expect(await button.innerText()).toMatch(/help/i);
      const logout = banner.getByRole('button', { name: 'Logout' });
      for (const box of [await button.boundingBox(), await logout.boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The dialog fits the phone too.
      await openHelp(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
