import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectPath, expectToast, loginAdminApi, rejectApi, signUpApi, useBrowser, verifyApi, WAIT } from './browser';

describe('settings and profile', () => {
  const browser = useBrowser();

  it('starts in coffee, applies a chosen theme at once and keeps it across a reload', async () => {
    const page = await browser.open();
    await signUpApi(page.context(), 'therapist');
    await page.goto('/settings');
    await expectPath(page, '/settings');
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    await expect(theme()).resolves.toBe('coffee');
    await expect(page.getByRole('button', { pressed: true }).allTextContents()).resolves.toEqual(['Coffee']);
    // All 32 themes are offered.
    await expect(page.getByRole('group', { name: /Choose a theme/ }).getByRole('button').count()).resolves.toBe(32);
    const bgBefore = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);

    await page.getByRole('button', { name: 'Dracula' }).click();
    await expect(theme()).resolves.toBe('dracula');
    await expect(page.evaluate(() => localStorage.getItem('chat-theme'))).resolves.toBe('dracula');
    const bgAfter = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
    expect(bgAfter).not.toBe(bgBefore);

    await page.reload();
    await page.getByRole('button', { name: 'Dracula', pressed: true }).waitFor();
    await expect(theme()).resolves.toBe('dracula');
    // The header's pages follow too.
    await page.goto('/profile');
    await expect(theme()).resolves.toBe('dracula');
  });

  it('uploads a profile photo, compressed to at most 600 px, and shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-photo-'));
    const file = join(dir, 'portrait.jpg');
    // A noisy 1600x2400 photo, about 3 MB, so the large-image warning shows as well.
    const w = 1600;
    const h = 2400;
    const raw = Buffer.alloc(w * h * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 95 }).toFile(file);

    const page = await browser.open({ width: 360, height: 740 });
    const pro = await signUpApi(page.context(), 'volunteer');
    await page.goto('/profile');
    await page.getByTestId('profile-photo-placeholder').waitFor();
    await page.getByTestId('profile-photo-input').setInputFiles(file);
    await expectToast(page, 'Large image detected. Compressing before upload...');
    await expectToast(page, 'Profile image updated successfully');
    const img = page.getByRole('img', { name: `Profile photo of ${pro.user.fullName}` });
    await expect.poll(() => img.getAttribute('src'), { timeout: WAIT }).toMatch(/^\/uploads\//);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
    const size = await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
    expect(size).toEqual([400, 600]);

    // It survives a reload (it is stored on the server, not only shown).
    await page.reload();
    await expect.poll(() => img.getAttribute('src'), { timeout: WAIT }).toMatch(/^\/uploads\//);
  });

  it('profile shows the account; a rejected professional requests verification again', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const pro = await signUpApi(page.context(), 'therapist');
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    await rejectApi(admin.context(), pro.user._id);

    await page.goto('/profile');
    await expectPath(page, '/profile');
    await page.getByText(pro.email).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Member Since').waitFor();
    await page.getByText('Your account must be verified to get a referral code.').waitFor();
    await page.getByRole('button', { name: 'Request Verification' }).click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Please provide a verification message');
    await page.getByLabel('Verification message').fill('Licensed counsellor, 8 years of practice.');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Verification request submitted successfully');
    await page.getByText('Request Pending').waitFor();
    await expect(page.getByRole('button', { name: 'Request Verification' }).count()).resolves.toBe(0);

    // Pending again, so confined: the dashboard sends them to /verification-needed.
    await page.goto('/dashboard');
    await expectPath(page, '/verification-needed');

    // And once verified, the header offers Aura AI and no Admin link.
    await verifyApi(admin.context(), pro.user._id);
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Aura AI' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  });
});
