/**
 * The screens' rough edges on a 390 px phone, in real Chromium against the production build:
 * Aura's refused first message, its chat list (when, rename, delete, chats that share a title),
 * tappable lines in the safety plan, diary times as HH:MM, groups listed once, the referral
 * invitation with Haven's address and the share sheet, the install offer, and a dashboard that
 * asks nothing it cannot follow up.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, chatPath, expectCount, referredUserPage } from './aura-helpers';
import { baseURL, expectPath, expectToast, loginAdminApi, loginApi, signUpApi, useBrowser, verifyApi, WAIT } from './browser';
import { createGroupApi, uniqueName } from './chat-helpers';

const PHONE = { width: 390, height: 844 };
const HHMM = /\b\d{2}:\d{2}\b/;

/** Chromium's install offer, as the browser would make it (headless Chromium never does by itself). */
const offerInstall = (page: Page) => page.evaluate(() => {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => {},
    userChoice: Promise.resolve({ outcome: 'dismissed' }),
  });
  globalThis.dispatchEvent(event);
});

async function openChatsMenu(page: Page) {
  await page.getByText('Chats', { exact: true }).click();
  await page.getByTestId('aura-chats-menu').waitFor();
}

describe('rough edges of the screens (390 px)', () => {
  const browser = useBrowser();

  it('Aura: a refused first message says "Failed to create new chat"', async () => {
    const page = await referredUserPage(browser, PHONE);
    await page.context().route('**/api/chats', (route) => (route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid message or chat', code: 'VALIDATION' }) })
      : route.continue()));
    await page.goto('/aura-ai');
    await ask(page, 'a first message the server refuses');
    await expectToast(page, 'Failed to create new chat');
  });

  it('Aura: the list shows when, chats with one title are told apart, a chat is renamed and deleted; offline both need a connection', async () => {
    const page = await referredUserPage(browser, PHONE);
    await page.goto('/aura-ai');
    await ask(page, 'I keep worrying about exams');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    await expectCount(page, 'model', 1);
    await page.getByRole('button', { name: 'New Chat' }).click();
    await expectPath(page, '/aura-ai');
    await ask(page, 'I keep worrying about exams');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    await expectCount(page, 'model', 1);
    const second = new URL(page.url()).pathname;

    await openChatsMenu(page);
    // The phone's menu (the desktop sidebar is in the page too, hidden).
    const items = page.getByTestId('aura-chats-menu').getByTestId('aura-chat-item');
    await expect.poll(() => items.count(), { timeout: WAIT }).toBe(2);
    for (const text of await items.allTextContents()) expect(text).toMatch(HHMM);
    await expect(page.getByTestId('aura-chats-menu').getByTestId('aura-chat-started').count()).resolves.toBe(2);
    await page.keyboard.press('Escape');

    // Rename.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename chat' });
    await dialog.getByLabel('Title').fill('Exam week, second try');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Exam week, second try' }).waitFor();
    await openChatsMenu(page);
    // The titles differ now: nothing more to tell apart.
    await expect.poll(() => page.getByTestId('aura-chats-menu').getByTestId('aura-chat-started').count(), { timeout: WAIT }).toBe(0);
    await page.keyboard.press('Escape');

    // Offline, both say they need a connection and change nothing.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByLabel('Title').fill('Not now');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Renaming a chat needs a connection').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this chat?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleting a chat needs a connection. Please try again when you are back online.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.context().setOffline(false);

    // Delete, with a confirmation: gone here and on the server.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Chat deleted');
    await expectPath(page, '/aura-ai');
    await openChatsMenu(page);
    await expect.poll(() => items.count(), { timeout: WAIT }).toBe(1);
    const listed = await page.context().request.get('/api/chats/userchats');
    expect((await listed.json() as { _id: string }[]).map((c) => c._id)).not.toContain(second.split('/').at(-1));
  });

  it('the safety plan: crisis lines call and text, a keyword text carries its word, the referring therapist opens the conversation', async () => {
    const page = await browser.open(PHONE);
    const helper = await browser.open();
    const therapist = await signUpApi(helper.context(), 'therapist');
    await loginAdminApi(helper.context());
    const { referralCode } = await verifyApi(helper.context(), therapist.user._id);
    await signUpApi(page.context(), 'user', referralCode);
    await page.goto('/therapist-chat');
    await page.getByText(therapist.user.fullName).first().waitFor();

    await page.goto('/safety-plan');
    const professionals = page.getByRole('region', { name: 'Professionals and crisis lines' });
    await professionals.locator('a[href="tel:116123"]').waitFor();
    await professionals.locator('a[href="sms:988"]').first().waitFor();
    await professionals.locator('a[href="https://findahelpline.com"]').waitFor();

    const helpers = page.getByRole('region', { name: 'People I can ask for help' });
    await helpers.getByRole('textbox', { name: 'Add to People I can ask for help' }).fill('Shout: text SHOUT to 85258');
    await helpers.getByRole('button', { name: 'Add' }).click();
    await helpers.locator('a[href="sms:85258?body=SHOUT"]').waitFor();

    await professionals.getByRole('link', { name: `Message ${therapist.user.fullName}` }).click();
    await expectPath(page, `/chat/dm/${therapist.user._id}`);
  });

  it('the diary shows its times as 24-hour HH:MM', async () => {
    const page = await referredUserPage(browser, PHONE);
    await page.goto('/diary');
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await page.getByLabel('Title').fill('Evening notes');
    await page.getByLabel('Content').fill('A calmer day than yesterday.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    const row = page.getByRole('button', { name: /^Evening notes/ });
    await row.waitFor();
    const listed = await row.locator('time').textContent();
    expect(listed).toMatch(HHMM);
    expect(listed).not.toMatch(/AM|PM/i);
    await row.click();
    const shown = await page.locator('article time').textContent();
    expect(shown).toMatch(HHMM);
    expect(shown).not.toMatch(/AM|PM/i);
  });

  it('/chat on a phone lists the groups once: the Groups tab\'s rows, without the cards under them', async () => {
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const groupName = uniqueName('Quiet Harbour');
    await createGroupApi(admin, groupName);
    const page = await referredUserPage(browser, PHONE);
    await page.goto('/chat');
    // Direct Messages open: the groups are the cards below the people.
    await page.getByTestId('group-card').filter({ hasText: groupName }).waitFor();
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByTestId('group-item').filter({ hasText: groupName }).waitFor();
    await page.getByTestId('groups-panel').waitFor({ state: 'hidden' });
    expect(await page.getByText(groupName).filter({ visible: true }).count()).toBe(1);
  });

  it('the referral invitation carries Haven\'s sign-up address and goes to the share sheet where there is one', async () => {
    const page = await browser.open(PHONE);
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const therapist = await signUpApi(page.context(), 'therapist');
    const { referralCode } = await verifyApi(admin.context(), therapist.user._id);
    await page.context().addInitScript(() => {
      (globalThis as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => { (globalThis as unknown as { shared: unknown[] }).shared.push(data); },
      });
    });
    await page.goto('/therapist-chat');
    await page.getByRole('button', { name: 'My Referral Code' }).click();
    await page.getByRole('button', { name: 'Share invitation' }).click();
    const shared = await page.waitForFunction(() => (globalThis as unknown as { shared: { text: string }[] }).shared[0]?.text, undefined, { timeout: WAIT });
    const text = await shared.jsonValue() as string;
    expect(text).toContain(`${new URL(baseURL()).origin}/signup`);
    expect(text).toContain(referralCode);

    // Without a share sheet: Copy, as before.
    const desktop = await browser.open();
    await loginApi(desktop.context(), therapist.email, therapist.password);
    await desktop.goto('/therapist-chat');
    await desktop.getByRole('button', { name: 'My Referral Code' }).click();
    const body = desktop.getByRole('dialog', { name: 'My Referral Code' });
    await body.getByRole('button', { name: 'Copy invitation' }).waitFor();
    await expect(body.getByRole('button', { name: 'Share invitation' }).count()).resolves.toBe(0);
  });

  it('the dashboard asks no question it cannot follow, and offers Install Haven calmly, once put away never again; never on the login screen', async () => {
    const visitor = await browser.open(PHONE);
    await visitor.goto('/login');
    await visitor.getByRole('button', { name: /log in/i }).first().waitFor();
    await offerInstall(visitor);
    await expect(visitor.getByText('Install Haven').count()).resolves.toBe(0);

    const page = await referredUserPage(browser, PHONE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    // The question now leads somewhere: the check-in's five answers sit right under it.
    await page.getByTestId('check-in').getByRole('radio', { name: /Very low/ }).waitFor();
    await expect(page.getByTestId('install-prompt').count()).resolves.toBe(0);
    await offerInstall(page);
    const offer = page.getByTestId('install-prompt');
    await offer.getByRole('heading', { name: 'Install Haven' }).waitFor();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    await offerInstall(page);
    await expect(page.getByTestId('install-prompt').count()).resolves.toBe(0);
  });
});
