/**
 * Receipts and typing in real Chromium at 390 px (docs/decisions/receipts-and-typing.md): Alex's
 * own message shows Sent, then Delivered once Sam's device holds it (live, or after Sam was offline
 * and caught up), then Read once Sam opens the conversation, but never Read while Sam has read
 * receipts off; Sam typing shows "Sam is typing…" to Alex, gone once Sam sends.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../src/shared/api';
import { useBrowser, WAIT } from './browser';
import { message, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';

const PHONE = { width: 390, height: 844 };

/** The tick of an own message, by the name a screen reader hears. */
const tick = (page: Page, text: string, name: 'Sent' | 'Delivered' | 'Read') =>
  message(page, text).getByRole('img', { name, exact: true }).waitFor({ timeout: WAIT });

async function acceptApi(reader: Page, fromId: string): Promise<void> {
  const res = await reader.context().request.post(`/api/messages/requests/${fromId}/accept`, { timeout: WAIT });
  if (!res.ok()) throw new Error(`accept failed: ${res.status()} ${await res.text()}`);
}

/** Opens the conversation and waits until its list has loaded, so the composer keeps what is typed. */
async function openChat(page: Page, otherId: string, firstText?: string): Promise<void> {
  await page.goto(`/chat/dm/${otherId}`);
  await page.getByLabel('Message', { exact: true }).waitFor();
  await (firstText ? message(page, firstText) : page.getByText('No messages yet. Say hello!')).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await sendWithEnter(page, text);
  await message(page, text).waitFor();
}

async function receiptsOf(page: Page): Promise<Receipt[]> {
  const res = await page.context().request.get('/api/receipts', { timeout: WAIT });
  return (await res.json()) as Receipt[];
}

describe('receipts and typing on a phone', () => {
  const browser = useBrowser();

  async function pair() {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const alex = await browser.open(PHONE);
    const sam = await browser.open(PHONE);
    const [alexName, samName] = [uniqueName('Alex'), uniqueName('Sam')];
    const alexUser = await signUpAs(alex.context(), 'user', alexName, code);
    const samUser = await signUpAs(sam.context(), 'user', samName, code);
    await acceptApi(sam, alexUser._id);
    await acceptApi(alex, samUser._id);
    return { alex, sam, alexUser, samUser, samName };
  }

  it('Sent, Delivered when Sam\'s device is online, Read when Sam opens it; Sam typing shows and goes when Sam sends', async () => {
    const { alex, sam, alexUser, samUser, samName } = await pair();
    await openChat(alex, samUser._id);
    await send(alex, 'Are you around today?');
    await tick(alex, 'Are you around today?', 'Sent');

    // Sam's phone comes online (the chat list, not the conversation): it catches up and reports delivery.
    await sam.goto('/chat');
    await tick(alex, 'Are you around today?', 'Delivered');

    await openChat(sam, alexUser._id, 'Are you around today?');
    await tick(alex, 'Are you around today?', 'Read');

    const typing = alex.getByRole('status').filter({ hasText: `${samName} is typing…` });
    await sam.getByLabel('Message', { exact: true }).fill('Yes, I am');
    await typing.waitFor();
    await sam.getByLabel('Message', { exact: true }).press('Enter');
    await message(alex, 'Yes, I am').waitFor();
    await typing.waitFor({ state: 'detached' });
    // Sam's own message, live on Alex's open conversation: Alex's device reports it delivered and read.
    await tick(sam, 'Yes, I am', 'Read');
  });

  it('with Sam\'s read receipts off, Alex sees Delivered and never Read', async () => {
    const { alex, sam, alexUser, samUser } = await pair();
    await sam.goto('/settings');
    const toggle = sam.getByRole('checkbox', { name: 'Read receipts' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: WAIT }).toBe(false);
    await sam.getByText("If you turn this off, people won't see when you've read their messages, and you won't see theirs.").waitFor();
    await expect.poll(async () => (await sam.context().request.get('/api/auth/check')).json().then((u: { readReceipts?: boolean }) => u.readReceipts), { timeout: WAIT }).toBe(false);

    await openChat(alex, samUser._id);
    await openChat(sam, alexUser._id);
    await send(alex, 'Thinking of you');
    await message(sam, 'Thinking of you').waitFor();
    await tick(alex, 'Thinking of you', 'Delivered');
    // Sam has read it (the server holds Sam's read position past it), and Alex's answer says so with no read.
    await expect.poll(async () => (await receiptsOf(alex)).find((r) => r.id === samUser._id), { timeout: WAIT })
      .toMatchObject({ read: null });
    await expect.poll(async () => {
      const reads = (await (await sam.context().request.get('/api/reads')).json()) as { id: string; seq: number }[];
      const delivered = (await receiptsOf(alex)).find((r) => r.id === samUser._id)?.delivered ?? 0;
      return reads.some((p) => p.id === alexUser._id && p.seq >= delivered && delivered > 0);
    }, { timeout: WAIT }).toBe(true);
    await alex.reload();
    await tick(alex, 'Thinking of you', 'Delivered');
    expect(await message(alex, 'Thinking of you').getByRole('img', { name: 'Read', exact: true }).count()).toBe(0);
  });

  it('after Sam was offline: Sam reconnects and catches up, and Alex sees Delivered', async () => {
    const { alex, sam, samUser } = await pair();
    await sam.goto('/chat');
    // Settled first (as the offline suites do): the service worker controls the page, so nothing reloads it while offline.
    await waitForController(sam);
    await sam.context().setOffline(true);
    await openChat(alex, samUser._id);
    await send(alex, 'Sent while you were away');
    await tick(alex, 'Sent while you were away', 'Sent');
    await sam.context().setOffline(false);
    await tick(alex, 'Sent while you were away', 'Delivered');
  });
});
