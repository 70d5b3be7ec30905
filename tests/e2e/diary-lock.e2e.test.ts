/**
 * The diary lock in real Chromium against the production build (docs/decisions/diary-lock.md):
 * turned on from the diary with the plain warning and a recovery code shown once; IndexedDB read
 * directly holds none of the entry's words; a reload asks for the passcode, a wrong one is
 * refused, the right one shows the diary; the safety plan's private steps wait for it too.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { referredUserPage } from './aura-helpers';
import { expectToast, useBrowser, WAIT } from './browser';
import { smallTargets } from './touch-targets';

const TITLE = 'Lighthouse morning';
const CONTENT = 'Walked to the lighthouse with Ada, then marmalade toast.';
const PLAN_LINE = 'My niece Ada and her paintings';
const WORDS = ['Lighthouse', 'lighthouse with Ada', 'marmalade', 'niece Ada'];
const PASSCODE = '246810';

/** Every value in every object store of the person's databases, read with IndexedDB itself. */
const rawIndexedDb = (page: Page) => page.evaluate(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => Boolean(n?.startsWith('haven-')));
  const dumps: Record<string, unknown> = {};
  for (const name of names) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.addEventListener('success', () => resolve(request.result));
      request.addEventListener('error', () => reject(request.error));
    });
    for (const store of db.objectStoreNames) {
      dumps[`${name}/${store}`] = await new Promise((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.addEventListener('success', () => resolve(request.result));
        request.addEventListener('error', () => reject(request.error));
      });
    }
    db.close();
  }
  return JSON.stringify(dumps);
});

describe('the diary lock', () => {
  const browser = useBrowser();

  it('keeps no word of the diary readable in IndexedDB, and after a reload opens only with the right passcode', async () => {
    const page = await referredUserPage(browser, { width: 390, height: 844 });
    await page.goto('/safety-plan');
    const reasons = page.getByRole('region', { name: 'Reasons for living' });
    await reasons.getByRole('textbox', { name: 'Add to Reasons for living' }).fill(PLAN_LINE);
    await reasons.getByRole('button', { name: 'Add' }).click();
    await reasons.getByText(PLAN_LINE).waitFor();

    await page.goto('/diary');
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Content').fill(CONTENT);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Diary entry saved!');
    expect(await rawIndexedDb(page)).toContain(TITLE);

    // Turned on from the diary: the plain warning must be agreed to first.
    await page.getByRole('button', { name: 'Lock my diary…' }).click();
    await page.getByText('nobody can open your diary again: not you, not Haven, not anyone').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /my diary cannot be read/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('New passcode', { exact: true }).fill(PASSCODE);
    await page.getByLabel('New passcode again').fill(PASSCODE);
    await page.getByRole('button', { name: 'Turn on the lock' }).click();
    const code = await page.getByTestId('recovery-code').textContent({ timeout: WAIT * 2 });
    expect(code).toMatch(/^([2-9A-Z]{4}-){5}[2-9A-Z]{4}$/);
    await page.getByRole('button', { name: 'I have kept it safe' }).click();
    await page.getByRole('button', { name: new RegExp(`^${TITLE}`) }).waitFor();

    const locked = await rawIndexedDb(page);
    expect(WORDS.filter((w) => locked.toLowerCase().includes(w.toLowerCase()))).toEqual([]);
    expect(locked).toContain('"sealed"');

    // A reload asks for the passcode; the entries are not on the page.
    await page.reload();
    await page.getByRole('heading', { name: 'Your diary is locked' }).waitFor();
    expect(await page.getByText(TITLE).count()).toBe(0);
    expect(await smallTargets(page)).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The wrong passcode is refused.
    await page.getByLabel('Passcode', { exact: true }).fill('135790');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'That passcode is not right' }).waitFor({ timeout: WAIT * 2 });
    expect(await page.getByText(TITLE).count()).toBe(0);

    // The right one shows the diary.
    await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${TITLE}`) }).click({ timeout: WAIT * 2 });
    await page.getByText(CONTENT).waitFor();
    const afterUnlock = await rawIndexedDb(page);
    expect(WORDS.filter((w) => afterUnlock.toLowerCase().includes(w.toLowerCase()))).toEqual([]);

    // Another tab's worth of fresh start: the safety plan's private steps wait for the passcode, the crisis lines do not.
    await page.reload();
    await page.goto('/safety-plan');
    await page.getByRole('heading', { name: 'Some steps are locked' }).waitFor();
    expect(await page.getByText(PLAN_LINE).count()).toBe(0);
    await page.getByRole('region', { name: 'Professionals and crisis lines' }).getByText(/988 Suicide & Crisis Lifeline/).first().waitFor();
    await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByRole('region', { name: 'Reasons for living' }).getByText(PLAN_LINE).waitFor({ timeout: WAIT * 2 });
  });
});
