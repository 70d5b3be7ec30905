/**
 * The offline shell in real Chromium against the production build: the service worker opens the
 * app and the diary with no network, server paths are never answered with the app, a new build
 * brings the update prompt, and Chromium reports the app installable.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, expectToast, useBrowser, WAIT } from './browser';
import { persistentContext, redeploy, signedInUser, waitForController } from './offline-helpers';

const OFFLINE_TEXT = "You're offline. Your diary works, and messages you send will go out when you're back online.";

/** Serious or critical axe findings, and any sideways overflow at the current (phone) width. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${overflow}px wider than the screen`);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of result.violations) {
    if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }
  return problems;
}

async function openDiary(page: Page) {
  await page.goto('/diary');
  await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor({ timeout: WAIT });
}

/** A navigation that must not be answered with the app: it fails, or answers something that is not index.html. */
async function navigationOutcome(page: Page, path: string): Promise<{ failed: boolean; type: string; body: string }> {
  try {
    const res = await page.goto(path);
    return { failed: false, type: res?.headers()['content-type'] ?? '', body: (await res?.text()) ?? '' };
  } catch (error) {
    return { failed: true, type: '', body: String(error) };
  }
}

describe('offline, from the service worker', () => {
  const browser = useBrowser();

  it('reloads offline into the app and the diary; an entry written offline survives another offline reload', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const helper = await browser.open();
    await signedInUser(page.context(), helper.context());
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await waitForController(page);

    // Online, the worker lets server paths through untouched.
    const online = await navigationOutcome(page, '/api/health');
    expect(online.failed).toBe(false);
    expect(online.type).toContain('application/json');

    await page.context().setOffline(true);
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await page.getByText(OFFLINE_TEXT).waitFor({ timeout: WAIT });
    await page.reload();
    await expectPath(page, '/dashboard');

    await openDiary(page);
    await page.getByText('No entries yet.').waitFor();
    await page.getByLabel('Title').fill('Written offline');
    await page.getByLabel('Content').fill('The train had no signal, and that was fine.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Diary entry saved!');
    await page.getByRole('button', { name: /^Written offline/ }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await page.getByRole('button', { name: /^Written offline/ }).click();
    await page.getByText('The train had no signal, and that was fine.').waitFor();
    await page.getByText(OFFLINE_TEXT).waitFor();
    // The diary with the offline banner, an entry open, at 360 px: accessible and no sideways scroll.
    expect(await accessibilityProblems(page)).toEqual([]);

    // Offline, /api is never answered with index.html: the navigation simply fails.
    const offline = await navigationOutcome(page, '/api/health');
    expect(offline.type).not.toContain('text/html');
    expect(offline.body).not.toContain('<div id="root">');
    expect(offline.failed).toBe(true);
  });

  it('Chromium reports the app installable (manifest and service worker)', async () => {
    const { context, close } = await persistentContext();
    try {
      const page = context.pages()[0] ?? await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await waitForController(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  // Last: it rebuilds the served directory.
  it('a new build served while the page is open brings the update prompt; Reload switches to it', async () => {
    const page = await browser.open();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await waitForController(page);
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);

    const version = `v-${Date.now()}`;
    redeploy(version);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByText('A new version is available').waitFor({ timeout: WAIT * 2 });
    // It waits for the person: the old worker still controls the page.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    const reloaded = page.waitForEvent('load', { timeout: WAIT * 2 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await waitForController(page);
    // The new version is the one in charge: its precache has the new file, nothing waits.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const cached = await caches.match('/e2e-version.txt', { ignoreSearch: true });
      return { waiting: Boolean(registration?.waiting), cached: cached ? await cached.text() : null };
    });
    expect(state).toEqual({ waiting: false, cached: version });
    await expect(page.getByText('A new version is available').count()).resolves.toBe(0);
  });
});
