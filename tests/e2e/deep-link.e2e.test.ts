/**
 * A link opened while signed out survives the sign-in (real Chromium, 390 px): /login carries
 * where the person was going and sends them there after signing in; only a path of the app is
 * kept, never another site.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, expectToast, PASSWORD, uniqueEmail, useBrowser, WAIT } from './browser';
import { createGroupApi, uniqueName, verifiedTherapist } from './chat-helpers';
import type { AuthUser } from '../../src/shared/api';

const PHONE = { width: 390, height: 844 };

/** An account made through the API in another context, so `page` stays signed out. */
async function account(other: Page, code: string, fullName = uniqueName('Ana')): Promise<{ email: string; user: AuthUser }> {
  const email = uniqueEmail('user');
  const res = await other.context().request.post('/api/auth/signup', { data: { fullName, email, password: PASSWORD, role: 'user', referralCode: code }, timeout: WAIT });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return { email, user: (await res.json()) as AuthUser };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a link opened while signed out', () => {
  const browser = useBrowser();

  it('/chat?group= goes to /login, and after signing in joins the group as the link does', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Morning Light');
    const groupId = await createGroupApi(admin, groupName);
    const { email } = await account(await browser.open(), code);
    const fay = await browser.open(PHONE);

    await fay.goto(`/chat?group=${groupId}`);
    await expectPath(fay, '/login');
    expect(new URL(fay.url()).searchParams.get('redirect')).toBe(`/chat?group=${groupId}`);
    await signIn(fay, email);
    await fay.getByRole('dialog', { name: `Before you join ${groupName}` }).getByRole('button', { name: 'I agree, join' }).click();
    await expectToast(fay, `Joined ${groupName}`);
    await expectPath(fay, `/chat/group/${groupId}`);
  });

  it('/chat/dm/{id}?message= lands on the message after signing in', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const benPage = await browser.open();
    const ben = await account(benPage, code, uniqueName('Ben'));
    const { email, user: ana } = await account(await browser.open(), code);
    const send = await benPage.context().request.post(`/api/messages/send/${ana._id}`, { data: { text: 'the one you were sent.', clientId: `deep-${Date.now()}` }, timeout: WAIT });
    expect(send.ok()).toBe(true);
    const messageId = ((await send.json()) as { _id: string })._id;
    const page = await browser.open(PHONE);
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { ringed: string[] }).ringed = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-highlighted]')) seen.push(el.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-highlighted'] });
    });

    await page.goto(`/chat/dm/${ben.user._id}?message=${messageId}`);
    await expectPath(page, '/login');
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === `/chat/dm/${ben.user._id}`, { timeout: WAIT });
    await expect.poll(() => page.evaluate(() => (window as unknown as { ringed: string[] }).ringed.some((r) => r.includes('the one you were sent.'))), { timeout: WAIT }).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/chat'],
    ['a protocol-relative address', '//evil.example/chat'],
    ['a backslash trick', '/\\evil.example'],
  ])('refuses to send anyone to %s: the dashboard instead', async (_name, target) => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const { email } = await account(await browser.open(), code);
    const page = await browser.open(PHONE);
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await signIn(page, email);
    await expectPath(page, '/dashboard');
    expect(page.url()).not.toContain('evil');
  });
});
