/**
 * What two people do on messages, in real Chromium through the real server, one of them on a
 * 390 px phone (docs/decisions/message-menu.md): the menu by a long touch and by right-click, a
 * reply and its quote (a tap opens the original), an edit seen live, reactions counted live, Copy.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, useBrowser, WAIT } from './browser';
import { message, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 844 };

/** Holds a finger still on the message's bubble until its menu opens, then lifts it. */
async function longPress(page: Page, text: string): Promise<void> {
  const box = await message(page, text).first().locator('.chat-bubble').boundingBox();
  if (!box) throw new Error(`no bubble for ${text}`);
  const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await menu(page).waitFor({ timeout: WAIT });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** An own direct message the server stored: its tick says Sent, Delivered or Read. */
async function expectStored(page: Page, text: string): Promise<void> {
  await message(page, text).locator('[data-status="sent"], [data-status="delivered"], [data-status="read"]').first().waitFor({ timeout: WAIT }).catch(async (error: unknown) => {
    // Says what the row showed instead (queued, failed, or not there at all).
    const rows = await message(page, text).evaluateAll((els) => els.map((el) => el.outerHTML.slice(0, 800)));
    throw new Error(`${String(error)}\nrows: ${rows.join('\n') || 'none'}`);
  });
}

const menu = (page: Page) => page.getByRole('menu', { name: 'Message actions' });

async function rightClick(page: Page, text: string): Promise<void> {
  // The first row with the words is their own; a reply quoting them comes after it.
  await message(page, text).first().locator('.chat-bubble').click({ button: 'right' });
  await menu(page).waitFor();
}

/** The menu is whole on screen. */
async function expectOnScreen(page: Page): Promise<void> {
  const box = await menu(page).boundingBox();
  const view = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(view.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(view.height);
}

describe('messaging habits, live, in two browsers', () => {
  const browser = useBrowser();

  it('reply, quote, edit, react and copy between a phone and a desktop', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const alex = await browser.open(PHONE);
    const sam = await browser.open();
    const alexName = uniqueName('Alex');
    const samName = uniqueName('Sam');
    const alexId = (await signUpAs(alex.context(), 'user', alexName, code))._id;
    const samId = (await signUpAs(sam.context(), 'user', samName, code))._id;
    await alex.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await alex.goto(`/chat/dm/${samId}`);
    await sam.goto(`/chat/dm/${alexId}`);
    // Both conversations open (the session check and the device's database first: allow a slow machine).
    for (const page of [alex, sam]) await page.getByLabel('Message', { exact: true }).waitFor({ timeout: WAIT * 3 });
    const question = `how was your day? ${Date.now()}`;
    await sendWithEnter(sam, question);
    await expectStored(sam, question);
    await message(alex, question).waitFor();

    // A long touch opens the menu on the phone, whole on screen; Reply shows what is answered.
    await longPress(alex, question);
    await expectOnScreen(alex);
    await expect(menu(alex).getByRole('menuitemcheckbox').count()).resolves.toBe(6);
    await menu(alex).getByRole('menuitem', { name: 'Reply' }).click();
    const bar = alex.getByRole('group', { name: `Replying to ${samName}` });
    await bar.waitFor();
    expect(await bar.textContent()).toContain(question);
    const answer = `calm, thanks ${Date.now()}`;
    await sendWithEnter(alex, answer);
    await bar.waitFor({ state: 'detached' });
    await expectStored(alex, answer);

    // Sam sees the quote of his own words; a tap opens the original in place.
    const quote = message(sam, answer).getByTestId('reply-quote');
    await quote.waitFor();
    // The quote says "…" until the quoted message is read from the device.
    await expect.poll(() => quote.textContent(), { timeout: WAIT }).toBe(`You${question}`);
    const opened = sam.waitForURL((url) => url.searchParams.has('message'), { timeout: WAIT });
    await quote.click();
    await opened;
    await sam.locator('[data-highlighted]').filter({ hasText: question }).first().waitFor();

    // Alex edits by right-click: Sam sees the new words and "edited", live.
    await rightClick(alex, answer);
    await expectOnScreen(alex);
    await menu(alex).getByRole('menuitem', { name: 'Edit' }).click();
    const field = alex.getByRole('textbox', { name: 'Edit message' });
    const edited = `calm and sunny, thanks ${Date.now()}`;
    await field.fill(edited);
    await field.press('Enter');
    await message(alex, edited).getByTestId('edited').waitFor();
    await message(sam, edited).getByTestId('edited').waitFor();
    expect(await message(sam, edited).getByTestId('reply-quote').textContent()).toBe(`You${question}`);

    // Alex reacts with a heart: Sam sees one; Sam's own makes two, on both screens.
    await rightClick(alex, question);
    await menu(alex).getByRole('menuitemcheckbox', { name: 'React with ❤️' }).click();
    const samChip = message(sam, question).getByRole('button', { name: `❤️ 1: ${alexName}` });
    await samChip.waitFor();
    expect(await samChip.getAttribute('aria-pressed')).toBe('false');
    await samChip.click();
    await message(sam, question).getByRole('button', { name: `❤️ 2: ${alexName} and you`, pressed: true }).waitFor();
    await message(alex, question).getByRole('button', { name: `❤️ 2: ${samName} and you`, pressed: true }).waitFor();

    // Copy puts the words on the clipboard.
    await longPress(alex, question);
    await menu(alex).getByRole('menuitem', { name: 'Copy' }).click();
    await expectToast(alex, 'Copied');
    await expect(alex.evaluate(() => navigator.clipboard.readText())).resolves.toBe(question);

    // Escape closes the menu and gives focus back to the message.
    await rightClick(alex, question);
    await alex.keyboard.press('Escape');
    await menu(alex).waitFor({ state: 'detached' });
    await expect(message(alex, question).first().locator('.chat-bubble').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
