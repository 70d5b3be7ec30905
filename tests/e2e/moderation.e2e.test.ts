/**
 * Moderation end to end (docs/community-safety.md), in real Chromium against the real server: a
 * member reports a group message, the admin removes it from the queue in /admin, and the message
 * turns into "removed by a moderator" on a third member's open conversation at once and on that
 * member's other device, which was offline meanwhile, once it is back. The reporter reads the
 * outcome.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginApi, PASSWORD, useBrowser, WAIT } from './browser';
import { createGroupApi, message, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

let n = 0;
const clientId = () => `moderation-e2e-${Date.now().toString(36)}-${(n += 1)}`;

async function post(page: Page, path: string, data?: unknown): Promise<void> {
  const res = await page.context().request.post(path, { data, timeout: WAIT });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
}

const REMOVED = 'This message was removed by a moderator';
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

describe('a report resolved by an admin', () => {
  const browser = useBrowser();

  it('removes the message for everyone: live on an open conversation, and on a device that was offline', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Evening circle');
    const groupId = await createGroupApi(admin, groupName);
    const [rae, sam, tia] = [await browser.open(), await browser.open(), await browser.open()];
    const tiaPhone = await browser.open({ width: 390, height: 844 });
    const [raeName, samName] = [uniqueName('Rae'), uniqueName('Sam')];
    await signUpAs(rae.context(), 'user', raeName, code);
    await signUpAs(sam.context(), 'user', samName, code);
    const tiaUser = await signUpAs(tia.context(), 'user', uniqueName('Tia'), code);
    await loginApi(tiaPhone.context(), tiaUser.email, PASSWORD);
    for (const page of [rae, sam, tia]) await post(page, `/api/messages/join-group/${groupId}`);

    const harmful = `you should all just give up ${Date.now()}`;
    const kind = `thanks for listening ${Date.now()}`;
    await post(rae, `/api/messages/send-group/${groupId}`, { text: kind, clientId: clientId() });
    await post(rae, `/api/messages/send-group/${groupId}`, { text: harmful, clientId: clientId() });

    // Tia has the group open on her laptop, and read it on her phone before the phone lost its signal.
    for (const page of [tia, tiaPhone, sam]) {
      await page.goto(`/chat?group=${groupId}`);
      await message(page, harmful).waitFor({ timeout: WAIT });
    }
    await tiaPhone.context().setOffline(true);

    // Sam reports it from the message's actions.
    await message(sam, harmful).getByRole('button', { name: 'Message actions' }).click();
    await sam.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = sam.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByLabel('Anything else we should know? (optional)').fill('Said to a group of people who are struggling.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Thank you' }).waitFor({ timeout: WAIT });
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The admin sees it in context in /admin and removes it.
    await admin.goto('/admin');
    const card = admin.getByTestId('report-card').filter({ hasText: harmful });
    await card.waitFor({ timeout: WAIT });
    expect(await card.textContent()).toContain('Said to a group of people who are struggling.');
    expect(await card.textContent()).toContain(kind);
    await card.getByRole('button', { name: 'Remove message' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove message' }).click();
    await card.waitFor({ state: 'detached', timeout: WAIT });

    // Tia's open conversation: the words go, the tombstone takes their place, the kind message stays.
    await message(tia, REMOVED).waitFor({ timeout: WAIT });
    expect(await message(tia, harmful).count()).toBe(0);
    await message(tia, kind).waitFor();
    // Her phone still shows what it held while offline; back online, it catches up to the tombstone.
    expect(await message(tiaPhone, harmful).count()).toBe(1);
    await tiaPhone.context().setOffline(false);
    await backToTab(tiaPhone);
    await message(tiaPhone, REMOVED).waitFor({ timeout: WAIT });
    expect(await message(tiaPhone, harmful).count()).toBe(0);
    // And after a reload from the device's own store, offline again: it stays removed.
    await tiaPhone.context().setOffline(true);
    await tiaPhone.goto('/chat');
    await tiaPhone.getByRole('button', { name: `Open Chat: ${groupName}` }).click();
    await message(tiaPhone, kind).waitFor({ timeout: WAIT });
    await message(tiaPhone, REMOVED).waitFor({ timeout: WAIT });
    expect(await tiaPhone.content()).not.toContain(harmful);

    // The server erased the words, not hid them.
    const thread = await sam.context().request.get(`/api/messages/group/${groupId}`);
    const removed = ((await thread.json()) as { text: string; deletedBy?: string }[]).find((m) => m.deletedBy === 'moderator');
    expect(removed).toMatchObject({ text: '', deletedBy: 'moderator' });
    expect(await thread.text()).not.toContain(harmful);

    // Sam reads the outcome in Settings; the audit log in /admin says who did what.
    await sam.goto('/settings');
    await sam.getByTestId('my-report').filter({ hasText: 'We removed the message' }).waitFor({ timeout: WAIT });
    await admin.reload();
    await admin.getByText(/remove/i).first().waitFor();
  });
});
