/**
 * Long conversations on a phone (390 px), real Chromium against the real server: every message
 * sent or received while a conversation of any length is open shows at the bottom at once; a
 * conversation with unread messages opens at the first of them; ?message= opens one message in
 * place (paging history in); Back from an open conversation returns to its list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, expectToast, useBrowser, WAIT } from './browser';
import { createGroupApi, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 844 };
let n = 0;
const clientId = () => `long-e2e-${Date.now().toString(36)}-${(n += 1)}`;
const pad = (i: number) => String(i).padStart(3, '0');

/** Sends through the API as `from`; answers the stored message's id. */
async function sendApi(from: Page, toId: string, text: string): Promise<string> {
  const res = await from.context().request.post(`/api/messages/send/${toId}`, { data: { text, clientId: clientId() }, timeout: WAIT });
  if (!res.ok()) throw new Error(`send failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

async function acceptApi(reader: Page, fromId: string): Promise<void> {
  const res = await reader.context().request.post(`/api/messages/requests/${fromId}/accept`, { timeout: WAIT });
  if (!res.ok()) throw new Error(`accept failed: ${res.status()} ${await res.text()}`);
}

/** Waits until the message with exactly `text` is wholly inside the list's viewport, and the list is at its bottom. */
async function shownAtBottom(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => {
    const log = document.querySelector('[role="log"][aria-label="Messages"]');
    if (!log) return false;
    const row = [...log.querySelectorAll('[data-testid="message"]')].find((r) => (r.textContent ?? '').includes(t));
    if (!row) return false;
    const box = log.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && log.scrollHeight - log.scrollTop - log.clientHeight < 64;
  }, text, { timeout: WAIT });
}

/** Whether the message with `text` is wholly inside the list's viewport (false when it is not in the DOM). */
async function inView(page: Page, selector: string, text = ''): Promise<boolean> {
  return page.evaluate(([sel, t]) => {
    const log = document.querySelector('[role="log"][aria-label="Messages"]');
    const el = log && [...log.querySelectorAll(sel)].find((e) => (e.textContent ?? '').includes(t));
    if (!log || !el) return false;
    const box = log.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  }, [selector, text] as const);
}

/** Records the text of every row ever ringed (the ring lasts two seconds; a slow test may look later). */
async function watchRings(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { ringed: string[] }).ringed = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-highlighted]')) seen.push(el.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-highlighted'] });
  });
}
const ringed = (page: Page, text: string) => expect.poll(() => page.evaluate((t) => (window as unknown as { ringed: string[] }).ringed.some((r) => r.includes(t)), text), { timeout: WAIT }).toBe(true);

async function twoPeople(browser: ReturnType<typeof useBrowser>) {
  const admin = await browser.open();
  const { code } = await verifiedTherapist(admin, await browser.open());
  const ana = await browser.open(PHONE);
  const ben = await browser.open();
  const benName = uniqueName('Ben');
  const anaUser = await signUpAs(ana.context(), 'user', uniqueName('Ana'), code);
  const benUser = await signUpAs(ben.context(), 'user', benName, code);
  return { admin, ana, ben, anaUser, benUser, benName };
}

describe('long conversations on a phone', () => {
  const browser = useBrowser();

  it('shows each of 80 typed and 30 received messages at the bottom as it is sent or received', async () => {
    const { ana, ben, anaUser, benUser } = await twoPeople(browser);
    await ana.goto(`/chat/dm/${benUser._id}`);
    await ana.getByLabel('Message', { exact: true }).waitFor();
    for (let i = 1; i <= 80; i += 1) {
      await sendWithEnter(ana, `typed ${pad(i)}.`);
      await shownAtBottom(ana, `typed ${pad(i)}.`);
    }
    for (let i = 1; i <= 30; i += 1) {
      await sendApi(ben, anaUser._id, `received ${pad(i)}.`);
      await shownAtBottom(ana, `received ${pad(i)}.`);
    }
    expect(await ana.getByRole('button', { name: /New messages/ }).count()).toBe(0);
  });

  it('opens at the first unread message with the divider in view; read to the end, it opens at the newest', async () => {
    const { ana, ben, anaUser, benUser } = await twoPeople(browser);
    await sendApi(ana, benUser._id, 'hello before the unread.');
    for (let i = 1; i <= 80; i += 1) await sendApi(ben, anaUser._id, `unread ${pad(i)}.`);
    await acceptApi(ana, benUser._id).catch(() => undefined);

    await ana.goto(`/chat/dm/${benUser._id}`);
    await ana.getByTestId('new-messages-divider').waitFor();
    await expect.poll(() => inView(ana, '[data-testid="new-messages-divider"]'), { timeout: WAIT }).toBe(true);
    expect(await inView(ana, '[data-testid="message"]', 'unread 001.')).toBe(true);
    expect(await inView(ana, '[data-testid="message"]', 'unread 080.')).toBe(false);

    // Reading on to the end marks it read: opened again, it starts at the newest, without a divider.
    const log = ana.getByRole('log', { name: 'Messages' });
    for (let i = 0; i < 40 && !(await inView(ana, '[data-testid="message"]', 'unread 080.')); i += 1) {
      await log.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await ana.waitForTimeout(100);
    }
    await shownAtBottom(ana, 'unread 080.');
    await expect.poll(async () => (await ana.context().request.get('/api/reads')).text(), { timeout: WAIT }).toContain(benUser._id);
    await ana.reload();
    await shownAtBottom(ana, 'unread 080.');
    expect(await ana.getByTestId('new-messages-divider').count()).toBe(0);
  });

  it('?message= opens a message in place, paging history in; changing it scrolls without a remount; a missing one is said calmly', async () => {
    const { ana, ben, anaUser, benUser } = await twoPeople(browser);
    const ids: string[] = [];
    await sendApi(ana, benUser._id, 'hello.');
    for (let i = 1; i <= 160; i += 1) ids.push(await sendApi(ben, anaUser._id, `history ${pad(i)}.`));

    await watchRings(ana);
    await ana.goto(`/chat/dm/${benUser._id}?message=${ids[4]}`);
    await ringed(ana, 'history 005.');
    await expect.poll(() => inView(ana, '[data-testid="message"]', 'history 005.'), { timeout: WAIT }).toBe(true);
    await ana.getByRole('status').filter({ hasText: 'Showing the message you opened.' }).waitFor({ state: 'attached' });
    // Shown: the address is the conversation's own again (Back and reload behave as usual).
    await ana.waitForURL((url) => url.pathname === `/chat/dm/${benUser._id}` && url.search === '');

    // Changing the address while the conversation is open scrolls it; the list is the same element.
    await ana.getByRole('log', { name: 'Messages' }).evaluate((el) => el.setAttribute('data-marker', 'same'));
    await ana.evaluate((href) => {
      window.history.pushState(window.history.state, '', href);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `/chat/dm/${benUser._id}?message=${ids[99]}`);
    await ringed(ana, 'history 100.');
    await expect.poll(() => inView(ana, '[data-testid="message"]', 'history 100.'), { timeout: WAIT }).toBe(true);
    expect(await ana.locator('[role="log"][data-marker="same"]').count()).toBe(1);

    // A message that does not exist (or was taken back): a calm word, and the conversation stays.
    await ana.goto(`/chat/dm/${benUser._id}?message=${'f'.repeat(24)}`);
    await expectToast(ana, 'That message is no longer available');
    await ana.getByRole('log', { name: 'Messages' }).waitFor();
  });

  it('Back from an open conversation shows its list; a reload reopens the conversation', async () => {
    const { admin, ana, benUser, benName } = await twoPeople(browser);
    const groupName = uniqueName('Evening Circle');
    const groupId = await createGroupApi(admin, groupName);
    const joined = await ana.context().request.post(`/api/messages/join-group/${groupId}`, { timeout: WAIT });
    expect(joined.ok()).toBe(true);

    await ana.goto('/chat');
    await personRow(ana, benName).click();
    await expectPath(ana, `/chat/dm/${benUser._id}`);
    await ana.getByTestId('conversation-title').filter({ hasText: benName }).waitFor();
    await ana.reload();
    await ana.getByTestId('conversation-title').filter({ hasText: benName }).waitFor();
    await ana.goBack();
    await expectPath(ana, '/chat');
    await personRow(ana, benName).waitFor();

    await ana.getByRole('tab', { name: 'Groups' }).click();
    await ana.getByTestId('group-item').filter({ hasText: groupName }).click();
    await expectPath(ana, `/chat/group/${groupId}`);
    await ana.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await ana.reload();
    await ana.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await ana.goBack();
    await expectPath(ana, '/chat');
    await ana.getByTestId('group-item').filter({ hasText: groupName }).waitFor();
  });
});
