/**
 * The safety plan in real Chromium against the production build: filled in with no network,
 * still there after an offline reload, prefilled with the crisis lines and the referring
 * therapist, printable, usable at phone width, and part of the diary's export.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, loginAdminApi, signUpApi, useBrowser, verifyApi, WAIT } from './browser';
import { waitForController } from './offline-helpers';
import { smallTargets } from './touch-targets';

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function add(page: Page, sectionName: string, text: string) {
  const box = section(page, sectionName);
  await box.getByRole('textbox', { name: `Add to ${sectionName}` }).fill(text);
  await box.getByRole('button', { name: 'Add' }).click();
  await box.getByRole('list').getByText(text, { exact: true }).waitFor();
}

async function openPlan(page: Page) {
  await page.goto('/safety-plan');
  await page.getByRole('heading', { level: 1, name: 'My safety plan' }).waitFor({ timeout: WAIT });
}

describe('the safety plan, offline', () => {
  const browser = useBrowser();

  it('is filled in offline, survives an offline reload, is prefilled, printable and exported with the diary', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const helper = await browser.open();
    const therapist = await signUpApi(helper.context(), 'therapist');
    await loginAdminApi(helper.context());
    const { referralCode } = await verifyApi(helper.context(), therapist.user._id);
    await signUpApi(page.context(), 'user', referralCode);

    // Online once: the people list (with the referring therapist) reaches the device.
    await page.goto('/therapist-chat');
    await expectPath(page, '/therapist-chat');
    await page.getByText(therapist.user.fullName).first().waitFor();
    await waitForController(page);

    await page.context().setOffline(true);
    await openPlan(page);
    await page.getByText('Kept only on this device').waitFor();

    const pros = section(page, 'Professionals and crisis lines');
    await pros.getByText('988 Suicide & Crisis Lifeline (United States): Call or text 988').waitFor();
    await pros.getByText(`${therapist.user.fullName} (therapist) — message them in Haven`).waitFor();

    await add(page, 'Warning signs', 'Not sleeping for days');
    await add(page, 'Things I can do on my own', 'A long walk with music');
    await add(page, 'Reasons for living', 'My niece Ada');

    // A blank line is refused with a reason; what was typed stays.
    const signs = section(page, 'Warning signs');
    await signs.getByRole('textbox', { name: 'Add to Warning signs' }).fill('   ');
    await signs.getByRole('button', { name: 'Add' }).click();
    await signs.getByRole('alert').getByText('Please write something first').waitFor();

    // Edited in place.
    await signs.getByRole('button', { name: 'Edit Not sleeping for days' }).click();
    await signs.getByRole('textbox', { name: 'Edit a line in Warning signs' }).fill('Not sleeping for two nights');
    await signs.getByRole('button', { name: 'Save' }).click();
    await signs.getByText('Not sleeping for two nights').waitFor();

    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My safety plan' }).waitFor();
    await section(page, 'Warning signs').getByText('Not sleeping for two nights').waitFor();
    await section(page, 'Things I can do on my own').getByText('A long walk with music').waitFor();
    await section(page, 'Reasons for living').getByText('My niece Ada').waitFor();
    // Prefilled once only: the reload added nothing twice.
    await expect(section(page, 'Professionals and crisis lines').getByText(/988 Suicide & Crisis Lifeline/).count()).resolves.toBe(1);

    // Print: the dialog is the browser's; the page hides its header and buttons on paper.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Add' }).first().isVisible()).toBe(false);
    expect(await page.getByText('My niece Ada').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The diary's export carries the plan.
    await page.goto('/diary');
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { version: number; safetyPlan: Record<string, string[]> };
    expect(data.version).toBe(3);
    expect(data.safetyPlan.reasonsForLiving).toEqual(['My niece Ada']);
    expect(data.safetyPlan.warningSigns).toEqual(['Not sleeping for two nights']);
  });
});
