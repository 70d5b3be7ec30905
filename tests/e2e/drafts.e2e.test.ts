/**
 * Nothing typed is lost (docs/everyday-chat.md), in real Chromium against the production build: each
 * conversation's unsent text and the diary's new entry come back after a reload and are gone once
 * sent; the update prompt's Reload in one tab never reloads another under the person's hands, and
 * the prompt never covers a composer on a phone. Also: signing in offline says why it cannot.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { referredUserPage, textbox as auraBox } from './aura-helpers';
import { expectToast, PASSWORD, signUpApi, useBrowser, WAIT } from './browser';
import { createGroupApi, expectTick, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { redeploy, waitForController } from './offline-helpers';

const messageBox = (page: Page) => page.getByLabel('Message', { exact: true });

/** Reloads the page the way a person (or the update prompt) does, and waits for the app again. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.locator('main').first().waitFor({ timeout: WAIT });
}

async function openDiary(page: Page): Promise<void> {
  await page.goto('/diary');
  await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
}

/** Whether two boxes on screen share any pixel. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('a box is not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe('drafts are kept on the device', () => {
  const browser = useBrowser();

  it('direct, group, Aura and diary drafts come back after a reload; a sent one does not', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Evening Calm');
    await createGroupApi(admin, groupName);
    const friendName = uniqueName('Rae');
    await signUpAs((await browser.open()).context(), 'user', friendName, code);
    const page = await browser.open();
    await signUpAs(page.context(), 'user', uniqueName('Kit'), code);

    // A direct message half written, then a reload.
    await page.goto('/chat');
    await personRow(page, friendName).click();
    const dm = `I keep meaning to tell you ${Date.now()}`;
    await messageBox(page).fill(dm);
    await reload(page);
    await personRow(page, friendName).click();
    await expect(messageBox(page).inputValue()).resolves.toBe(dm);
    // Sent: the box empties, and stays empty through a reload.
    await messageBox(page).press('Enter');
    await expectTick(page, dm);
    await reload(page);
    await personRow(page, friendName).click();
    await expect(messageBox(page).inputValue()).resolves.toBe('');

    // A group message: joined, written, reloaded.
    await page.goto('/chat');
    await page.getByTestId('group-card').filter({ hasText: groupName }).getByRole('button', { name: `Join ${groupName}` }).click();
    // The group's guidelines come first (docs/decisions/community-rules.md).
    await page.getByRole('dialog').getByRole('button', { name: 'I agree, join' }).click();
    await expectToast(page, `Joined ${groupName}`);
    await page.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    // Marked in base 36: a run of digits would look like a phone number to the group's contact-details check.
    const said = `Has anyone tried writing before bed? ${Date.now().toString(36)}`;
    await messageBox(page).fill(said);
    await reload(page);
    // The group's own address reopens it (docs/decisions/route-tree.md).
    await page.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await expect(messageBox(page).inputValue()).resolves.toBe(said);
    await messageBox(page).press('Enter');
    await expectTick(page, said);
    await reload(page);
    // The group's own address reopens it (docs/decisions/route-tree.md).
    await page.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await expect(messageBox(page).inputValue()).resolves.toBe('');

    // Aura's new-chat box.
    await page.goto('/aura-ai');
    const question = `How do I slow my breathing down? ${Date.now()}`;
    await auraBox(page).fill(question);
    await reload(page);
    await expect(auraBox(page).inputValue()).resolves.toBe(question);
    await auraBox(page).press('Enter');
    await page.waitForURL(/\/aura-ai\/chats\/[0-9a-f]{24}$/);
    await page.goto('/aura-ai');
    await expect(auraBox(page).inputValue()).resolves.toBe('');

    // The diary's new entry, title and content.
    await openDiary(page);
    await page.getByLabel('Title').fill('Not finished yet');
    await page.getByLabel('Content').fill('The first line of something.');
    await reload(page);
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Not finished yet');
    await expect(page.getByLabel('Content').inputValue()).resolves.toBe('The first line of something.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Diary entry saved!');
    await reload(page);
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Content').inputValue()).resolves.toBe('');

    // Kept per person: one key each, naming them, so "remove my data" finds them; none left once sent.
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('haven-draft:')));
    expect(left).toEqual([]);
  });

  // Last: it rebuilds the served directory.
  it("one tab's Reload never reloads another: that one says a new version is ready, keeps its text, and the prompt never covers the composer at 360 px", async () => {
    const diaryTab = await referredUserPage(browser);
    const phoneTab = await diaryTab.context().newPage();
    await phoneTab.setViewportSize({ width: 360, height: 740 });
    await openDiary(diaryTab);
    await phoneTab.goto('/aura-ai');
    await auraBox(phoneTab).waitFor();
    await Promise.all([waitForController(diaryTab), waitForController(phoneTab)]);

    await diaryTab.getByLabel('Title').fill('Halfway through');
    await diaryTab.getByLabel('Content').fill('Today was long, but');
    const typed = `Something I have not told anyone ${Date.now()}`;
    await auraBox(phoneTab).fill(typed);
    // Marks this document: a reload would lose it.
    await phoneTab.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    redeploy(`drafts-${Date.now()}`);
    for (const tab of [diaryTab, phoneTab]) {
      await tab.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
    }
    await diaryTab.getByText('A new version is available').waitFor({ timeout: WAIT * 2 });
    await phoneTab.getByText('A new version is available').waitFor({ timeout: WAIT * 2 });
    const composer = phoneTab.locator('form').filter({ has: auraBox(phoneTab) });
    expect(await overlaps(phoneTab.getByTestId('update-prompt').getByRole('status'), composer)).toBe(false);

    // Reload in the diary's tab: that tab reloads, and its half-written entry is still there.
    const reloaded = diaryTab.waitForEvent('load', { timeout: WAIT * 2 });
    await diaryTab.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await diaryTab.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await expect(diaryTab.getByLabel('Title').inputValue()).resolves.toBe('Halfway through');
    await expect(diaryTab.getByLabel('Content').inputValue()).resolves.toBe('Today was long, but');

    // The other tab was not reloaded: it says so, and the words are still in the box.
    await phoneTab.getByText('A new version is ready').waitFor({ timeout: WAIT * 2 });
    expect(await phoneTab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(auraBox(phoneTab).inputValue()).resolves.toBe(typed);
    expect(await overlaps(phoneTab.getByTestId('update-prompt').getByRole('status'), composer)).toBe(false);

    // When the person chooses, it reloads into the new version with the words back.
    const phoneReloaded = phoneTab.waitForEvent('load', { timeout: WAIT * 2 });
    await phoneTab.getByRole('button', { name: 'Reload' }).click();
    await phoneReloaded;
    await expect(auraBox(phoneTab).inputValue()).resolves.toBe(typed);
    expect(await phoneTab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
    await expect(phoneTab.getByTestId('update-prompt').count()).resolves.toBe(0);
  });
});

describe('signing in offline', () => {
  const browser = useBrowser();

  it('says signing in needs a connection, not "Failed to login"; a wrong password online still gets the server\'s words', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    const person = await signUpApi((await browser.open()).context(), 'therapist');
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.context().setOffline(true);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, "You're offline. Signing in needs a connection.");
    await expect(page.getByText('Failed to login').count()).resolves.toBe(0);
    // Nothing was lost: the form is as typed and can be sent again.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(person.email);
    await expect(page.getByRole('button', { name: 'Log in' }).isEnabled()).resolves.toBe(true);

    await page.context().setOffline(false);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Invalid email or password');
  });
});
