/**
 * The outbox in real Chromium: messages typed offline survive closing the page, stay queued
 * through an offline reopen, and reach the other person exactly once and in order when the
 * connection returns, while the sender's clocks turn into ticks.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, WAIT } from './browser';
import { createGroupApi, expectTick, message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';

interface ServerMessage { text: string; senderId: string }

async function serverTexts(page: Page, path: string): Promise<string[]> {
  const res = await page.context().request.get(path, { timeout: WAIT });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as ServerMessage[] | { messages: ServerMessage[] };
  return (Array.isArray(body) ? body : body.messages).map((m) => m.text);
}

async function joinApi(page: Page, groupId: string): Promise<void> {
  const res = await page.context().request.post(`/api/messages/join-group/${groupId}`, { timeout: WAIT });
  expect(res.ok()).toBe(true);
}

const pending = (page: Page, text: string) => message(page, text).locator('[data-status="pending"]');

async function openGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByTestId('group-item').filter({ hasText: name }).filter({ hasText: 'Open Chat' }).click();
  await page.getByTestId('conversation-title').filter({ hasText: name }).waitFor();
}

describe('offline messages, in two browsers', () => {
  const browser = useBrowser();

  it('three direct and one group message typed offline survive closing the page and arrive once, in order', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Night Owls');
    const groupId = await createGroupApi(admin, groupName);
    let ana = await browser.open({ width: 360, height: 740 });
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    const anaId = (await signUpAs(ana.context(), 'user', anaName, code))._id;
    await signUpAs(ben.context(), 'user', benName, code);
    await joinApi(ana, groupId);
    await joinApi(ben, groupId);

    // After her first message Haven offers notifications (a card above the list), when it can tell
    // whether this browser could have them; that may come while she is offline or not at all. Ana
    // answers "Not now" whenever it shows, as a person would: it is not what this test is about.
    await ana.addLocatorHandler(ana.getByTestId('notify-offer'), (offer) => offer.getByRole('button', { name: 'Not now' }).click());
    // Online once, so the worker is installed and the directory is on the device.
    await ana.goto('/chat');
    await waitForController(ana);
    await personRow(ana, benName).waitFor();
    await ben.goto('/chat');
    await personRow(ben, anaName).click();

    await ana.context().setOffline(true);
    await personRow(ana, benName).click();
    const stamp = Date.now();
    const direct = [1, 2, 3].map((n) => `offline note ${n} of 3 (${stamp})`);
    for (const text of direct) {
      await sendWithEnter(ana, text);
      await pending(ana, text).waitFor();
    }
    await ana.getByRole('button', { name: 'Back to list' }).click();
    await openGroup(ana, groupName);
    // Marked in base 36: a run of digits would look like a phone number to the group's contact-details check.
    const inGroup = `hello group, from a tunnel (${stamp.toString(36)})`;
    await sendWithEnter(ana, inGroup);
    await pending(ana, inGroup).waitFor();

    // Close the page; reopen it, still offline: the app opens and every message is still queued.
    const context = ana.context();
    await ana.close();
    ana = await context.newPage();
    await ana.goto('/chat');
    await personRow(ana, benName).click();
    for (const text of direct) await pending(ana, text).waitFor();
    expect(await serverTexts(ben, `/api/messages/${anaId}`)).not.toContain(direct[0]);

    // Back online: the reopened page sends everything, and the clocks become ticks.
    await context.setOffline(false);
    for (const text of direct) await expectTick(ana, text);
    await ana.getByRole('button', { name: 'Back to list' }).click();
    await openGroup(ana, groupName);
    await expectTick(ana, inGroup);

    // Ben, who had the conversation open, sees each once and in the order typed.
    for (const text of direct) await message(ben, text).waitFor({ timeout: WAIT * 2 });
    const shown = await ben.getByTestId('message').allTextContents();
    const positions = direct.map((text) => shown.findIndex((s) => s.includes(text)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const text of direct) expect(shown.filter((s) => s.includes(text))).toHaveLength(1);

    // The server holds each exactly once too, in order.
    const stored = (await serverTexts(ben, `/api/messages/${anaId}`)).filter((t) => t.endsWith(`(${stamp})`));
    expect(stored).toEqual(direct);
    const groupStored = (await serverTexts(ben, `/api/messages/group/${groupId}`)).filter((t) => t === inGroup);
    expect(groupStored).toEqual([inGroup]);
  });
});
