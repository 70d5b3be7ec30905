/**
 * The sign-in screen drawn into index.html (docs/decisions/sign-in-shell.md), in real Chromium
 * against the production build: it is on screen while the start-up script is still held back, and
 * what a person types, where their caret is and what they tap there reach the app's own screen
 * when it takes over, so signing in before the app has run works and loses nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectPath, expectToast, useBrowser } from './browser';
import { signedInUser } from './offline-helpers';

/** Holds the start-up script (the entry) until `release`: the page shows only what index.html draws. */
async function holdStartUp(page: Page) {
  const held: Route[] = [];
  let hold = true;
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => {
    if (hold) held.push(route);
    else void route.continue();
  });
  return {
    async release() {
      hold = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const shell = (page: Page) => page.locator('#sign-in-shell');

/** A person signed up in another browser, and a page of their own that has no cookie and remembers nobody, its start-up held. */
async function visitorWithAccount(browser: ReturnType<typeof useBrowser>) {
  const helper = await browser.open();
  const person = await signedInUser(helper.context(), helper.context());
  const page = await browser.open({ width: 390, height: 844 });
  return { person, page, startUp: await holdStartUp(page) };
}

/** Every sign-in request the page makes: its method and body. */
function recordLogins(page: Page): { method: string; body: string }[] {
  const logins: { method: string; body: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) logins.push({ method: r.method(), body: r.postData() ?? '' });
  });
  return logins;
}

describe('the sign-in screen drawn by the page', () => {
  const browser = useBrowser();

  it('is on screen before the app runs; typed and sent there, it signs the person in once the app takes over', async () => {
    const { person, page, startUp } = await visitorWithAccount(browser);
    const logins = recordLogins(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await shell(page).getByLabel('Email').fill(person.email);
    await shell(page).getByLabel('Password', { exact: true }).fill(person.password);
    await shell(page).getByLabel('Password', { exact: true }).press('Enter');
    // Nothing sent by the page itself: no navigation with the password in its address, no request.
    expect(new URL(page.url()).search).toBe('');
    expect(logins).toEqual([]);
    await startUp.release();
    await expectToast(page, 'Logged in successfully');
    await expectPath(page, '/dashboard');
    expect(logins.map((l) => l.method)).toEqual(['POST']);
    expect(await shell(page).count()).toBe(0);
  });

  it('Enter and then "Log in" send once; typing after a send takes the send back', async () => {
    const { person, page, startUp } = await visitorWithAccount(browser);
    const logins = recordLogins(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await shell(page).getByLabel('Email').fill(person.email);
    await shell(page).getByLabel('Password', { exact: true }).fill('an-old-guess');
    await shell(page).getByLabel('Password', { exact: true }).press('Enter');
    // The guess was wrong after all: retyped, and sent twice in impatience.
    await shell(page).getByLabel('Password', { exact: true }).fill(person.password);
    await shell(page).getByLabel('Password', { exact: true }).press('Enter');
    await shell(page).getByRole('button', { name: 'Log in' }).click();
    await startUp.release();
    await expectPath(page, '/dashboard');
    expect(logins).toHaveLength(1);
    expect(JSON.parse(logins[0]!.body)).toEqual({ email: person.email, password: person.password });
  });

  it('typing after pressing Enter sends nothing until the person sends again', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const startUp = await holdStartUp(page);
    const logins = recordLogins(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await shell(page).getByLabel('Email').fill('someone@example.org');
    await shell(page).getByLabel('Email').press('Enter');
    await shell(page).getByLabel('Password', { exact: true }).fill('still-typ');
    await startUp.release();
    await expect.poll(() => shell(page).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Password', { exact: true }).inputValue()).toBe('still-typ');
    await page.waitForLoadState('networkidle');
    expect(logins).toEqual([]);
  });

  it('is taken away if the app\'s script cannot be loaded, not left as a form that never sends', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/login', { waitUntil: 'commit' });
    await page.waitForSelector('#root', { state: 'attached' });
    await expect.poll(() => shell(page).count()).toBe(0);
  });

  it('hands over what was typed and where the caret was, without sending', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const startUp = await holdStartUp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await shell(page).getByLabel('Email').fill('half-typed@exam');
    await shell(page).getByLabel('Password', { exact: true }).fill('secr');
    await startUp.release();
    await expect.poll(() => shell(page).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('half-typed@exam');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('secr');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    // Typing goes on where it stopped.
    await page.keyboard.type('et');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('secret');
    await expectPath(page, '/login');
  });

  it('"Get help now" tapped before the app runs opens the help dialog once it does', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const startUp = await holdStartUp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await shell(page).getByRole('button', { name: 'Get help now' }).click();
    await startUp.release();
    await page.getByRole('dialog', { name: 'Get help now' }).waitFor();
  });

  it('is not shown on other screens, nor at /login to a person this device remembers', async () => {
    const page = await browser.open({ width: 390, height: 844 });
    const startUp = await holdStartUp(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.waitForSelector('#root', { state: 'attached' });
    expect(await shell(page).count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('haven-last-user', '{}'));
    await page.goto('/login', { waitUntil: 'commit' });
    await page.waitForSelector('#root', { state: 'attached' });
    expect(await shell(page).count()).toBe(0);
    await startUp.release();
  });
});
