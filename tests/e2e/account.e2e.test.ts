/**
 * Account controls in real Chromium (docs/security.md, Accounts): the password change, the sessions
 * list with its sign-outs, the data export, self-deletion, and the reset-code flow from /admin to a
 * new sign-in.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AccountExport, AuthUser } from '../../src/shared/api';
import { expectPath, expectToast, loginAdminApi, PASSWORD, useBrowser, verifyApi, WAIT } from './browser';
import { signUpAs, uniqueName } from './chat-helpers';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('account controls', () => {
  const browser = useBrowser();

  /** A verified therapist signed in on `page` (a full person with no referral needed), and the admin's page. */
  async function person(page: Page): Promise<{ user: AuthUser; admin: Page }> {
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const user = await signUpAs(page.context(), 'therapist', uniqueName('Robin'));
    await verifyApi(admin.context(), user._id);
    return { user, admin };
  }

  /** Another device of the same person, seen once with an Android phone's User-Agent. */
  async function phone(user: AuthUser): Promise<Page> {
    const other = await browser.open({ width: 390, height: 844 });
    // The session's label comes from the browser that signs in.
    const res = await other.context().request.post('/api/auth/login', {
      data: { email: user.email, password: PASSWORD }, headers: { 'user-agent': ANDROID }, timeout: WAIT,
    });
    expect(res.status()).toBe(200);
    return other;
  }

  const signedIn = async (page: Page) => (await page.context().request.get('/api/auth/check', { timeout: WAIT })).status();

  it('changes the password: a wrong current one is refused and kept, other devices are signed out', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const { user } = await person(page);
    const other = await phone(user);
    await page.goto('/profile');
    await expectPath(page, '/profile');

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('sea-glass-2041');
    await page.getByLabel('New password again', { exact: true }).fill('sea-glass-2041');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Your current password is not correct.');
    await page.getByText('Your current password is not correct.').first().waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('not-my-password');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('sea-glass-2041');

    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Your password has been changed. Any other devices have been signed out.');
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(page)).toBe(200);
    const old = await page.context().request.post('/api/auth/login', { data: { email: user.email, password: PASSWORD }, timeout: WAIT });
    expect(old.status()).toBe(401);
  });

  it('lists the sessions; "Sign out" ends one, "Sign out everywhere else" the rest', async () => {
    const page = await browser.open();
    const { user } = await person(page);
    const other = await phone(user);
    await page.goto('/profile');
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(2);
    await rows.filter({ hasText: 'This device' }).waitFor();
    await rows.filter({ hasText: 'Chrome on Android' }).waitFor();

    await page.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await expectToast(page, 'Signed out on that device.');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(1);
    await page.getByText('You are not signed in anywhere else.').waitFor();
    expect(await signedIn(other)).toBe(401);

    const [second, third] = [await phone(user), await phone(user)];
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(3);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectToast(page, 'Signed out everywhere else.');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(1);
    expect([await signedIn(second), await signedIn(third), await signedIn(page)]).toEqual([401, 401, 200]);
  });

  it('downloads the person\'s data as a JSON file, beside the diary\'s own export', async () => {
    const page = await browser.open();
    const { user } = await person(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.getByRole('button', { name: 'Export JSON' }).first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`haven-export-${today}.json`);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
    expect(data).toMatchObject({ format: 'haven-account-export', profile: { _id: user._id, email: user.email } });
    expect(JSON.stringify(data)).not.toContain('argon2');

    const res = await page.context().request.get('/api/me/export', { timeout: WAIT });
    expect(res.headers()['content-disposition']).toBe(`attachment; filename="haven-export-${today}.json"`);
  });

  it('deletes the account after the password, says what goes, and signs out', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const { user } = await person(page);
    const other = await phone(user);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText('your direct conversations, on both sides').waitFor();
    await dialog.getByText(/Your diary and safety plan are not on the server/).waitFor();
    await dialog.getByRole('button', { name: 'Export JSON' }).waitFor();

    await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await dialog.getByText('That password is not correct.').waitFor();
    expect(await dialog.getByLabel('Your password', { exact: true }).inputValue()).toBe('not-my-password');
    expect(await signedIn(page)).toBe(200);

    await dialog.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Your account has been deleted.');
    expect(await signedIn(other)).toBe(401);
    const again = await page.context().request.post('/api/auth/login', { data: { email: user.email, password: PASSWORD }, timeout: WAIT });
    expect(again.status()).toBe(401);
  });

  it('reset code: the admin makes one, "Have a reset code?" on /login, and the new password signs in', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const { user, admin } = await person(page);
    await admin.goto('/admin');
    await admin.getByRole('button', { name: `Reset password of ${user.fullName}` }).click();
    const shown = admin.getByRole('dialog', { name: `Reset code for ${user.fullName}` });
    await shown.waitFor();
    await shown.getByText(/one hour/).waitFor();
    const resetCode = (await shown.getByTestId('reset-code').textContent())!.trim();
    expect(resetCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const visitor = await browser.open({ width: 390, height: 844 });
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Have a reset code?' }).click();
    await expectPath(visitor, '/reset-password');
    // The path changes before the screen does: the login form's own Email field may still be there.
    await visitor.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await visitor.getByLabel('Email').fill(user.email);
    await visitor.getByLabel('Reset code').fill(resetCode.toLowerCase());
    await visitor.getByLabel('New password', { exact: true }).fill('password');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await visitor.getByText('This password is too common. Please choose another.').first().waitFor();
    expect(await visitor.getByLabel('Reset code').inputValue()).toBe(resetCode.toLowerCase());

    await visitor.getByLabel('New password', { exact: true }).fill('harbour-lights-77');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expectPath(visitor, '/login');
    await expectToast(visitor, 'Your password has been reset. Please log in with your new password.');
    await visitor.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await signedIn(page)).toBe(401);

    await visitor.getByLabel('Email').fill(user.email);
    await visitor.getByLabel('Password', { exact: true }).fill('harbour-lights-77');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await expectPath(visitor, '/dashboard');
  });

  it('/reset-password, with its field errors showing, has no serious accessibility problem at phone width', async () => {
    for (const theme of ['light', 'coffee']) {
      const page = await browser.open({ theme, width: 360, height: 800 });
      await page.goto('/reset-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Please enter the reset code').waitFor();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id}`);
      expect(serious).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
  });
});
