/**
 * Message search on a phone (docs/decisions/message-search.md), in real Chromium at 390 px: words
 * found in a direct chat and a group, a result opening its conversation at the message, a search
 * limited to one conversation, and a message older than the device keeps found through the server
 * (and, offline, a calm note instead).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, WAIT } from './browser';
import { createGroupApi, message, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 844 };
const KEPT_ON_DEVICE = 500;

let n = 0;
const clientId = () => `search-e2e-${Date.now().toString(36)}-${(n += 1)}`;

async function post(from: Page, path: string, data?: unknown): Promise<unknown> {
  const res = await from.context().request.post(path, { data: data ?? {}, timeout: WAIT });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Sends these direct or group items in batches of 100, in order. */
async function sendAll(from: Page, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 100) {
    const { results } = await post(from, '/api/messages/batch', { items: items.slice(i, i + 100).map((item) => ({ ...item, clientId: clientId() })) }) as { results: { ok: boolean }[] };
    if (!results.every((r) => r.ok)) throw new Error('a batch item was refused');
  }
}

/** How many messages of one conversation this device holds (its IndexedDB). */
function heldOnDevice(page: Page, userId: string, conversation: string): Promise<number> {
  return page.evaluate(({ name, key }) => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.addEventListener('error', () => reject(open.error));
    open.addEventListener('success', () => {
      const db = open.result;
      const count = db.transaction('messages').objectStore('messages').index('conversation').count(IDBKeyRange.only(key));
      count.addEventListener('success', () => {
        resolve(count.result);
        db.close();
      });
    });
  }), { name: `haven-${userId}`, key: conversation });
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' });
const results = (page: Page) => page.getByTestId('search-result');

describe('message search on a phone', () => {
  const browser = useBrowser();

  it('finds words in a direct chat and a group, opens them at the message, and reaches older history through the server', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open(PHONE);
    const ben = await browser.open();
    const [anaName, benName] = [uniqueName('Ana'), uniqueName('Ben')];
    const anaUser = await signUpAs(ana.context(), 'user', anaName, code);
    const benUser = await signUpAs(ben.context(), 'user', benName, code);
    await post(ana, `/api/messages/requests/${benUser._id}/accept`);
    const groupName = uniqueName('Garden Circle');
    const groupId = await createGroupApi(admin, groupName);
    for (const p of [ana, ben]) await post(p, `/api/messages/join-group/${groupId}`);

    const stamp = Math.random().toString(36).slice(2, 8);
    const word = `sunflower${stamp}`;
    const oldText = `the heirloom${stamp} recipe from grandma`;
    // An old message, then more than the device keeps of one conversation, then the recent words.
    await sendAll(ben, [
      { kind: 'direct', to: anaUser._id, text: oldText },
      ...Array.from({ length: KEPT_ON_DEVICE + 20 }, (_, i) => ({ kind: 'direct', to: anaUser._id, text: `filler line ${i}` })),
    ]);
    await sendAll(ben, [{ kind: 'group', groupId, text: `we planted ${word} seeds today` }]);
    await sendAll(ana, [{ kind: 'direct', to: benUser._id, text: `a ${word.toUpperCase()} by the window` }]);

    await ana.goto('/chat');
    await personRow(ana, benName).waitFor();
    // The device has caught up and keeps the newest 500 of the long conversation only.
    await expect.poll(() => heldOnDevice(ana, anaUser._id, `dm:${benUser._id}`), { timeout: WAIT * 2 }).toBe(KEPT_ON_DEVICE);

    // The chat list's header leads to search; both conversations' words are found, marked.
    await ana.getByRole('link', { name: 'Search messages' }).click();
    await ana.waitForURL('**/search**');
    await searchBox(ana).fill(word);
    await expect.poll(() => results(ana).count(), { timeout: WAIT }).toBe(2);
    const directResult = results(ana).filter({ hasText: 'by the window' });
    const groupResult = results(ana).filter({ hasText: 'seeds today' });
    // The names are read from the device just after the results: "…" holds their place meanwhile.
    await expect.poll(() => directResult.textContent(), { timeout: WAIT }).toContain(benName);
    await expect.poll(() => groupResult.textContent(), { timeout: WAIT }).toContain(groupName);
    expect(await directResult.textContent()).toContain(`You: a ${word.toUpperCase()} by the window`);
    expect(await groupResult.textContent()).toContain(`${benName}: we planted ${word} seeds today`);
    expect(await groupResult.locator('mark').textContent()).toBe(word);
    expect(await directResult.locator('mark').textContent()).toBe(word.toUpperCase());
    const box = await ana.locator('main').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);

    // A result opens its conversation at the message; Back returns to the same results.
    // The address names the message; the conversation may tidy it away once shown.
    expect(await groupResult.getAttribute('href')).toMatch(new RegExp(`^/chat/group/${groupId}\\?message=[0-9a-f]{24}$`));
    await groupResult.click();
    await ana.waitForURL((url) => url.pathname === `/chat/group/${groupId}`);
    await message(ana, `we planted ${word} seeds today`).waitFor();
    await ana.goBack();
    await ana.waitForURL('**/search?**');
    await expect.poll(() => results(ana).count(), { timeout: WAIT }).toBe(2);
    expect(await directResult.getAttribute('href')).toMatch(new RegExp(`^/chat/dm/${benUser._id}\\?message=[0-9a-f]{24}$`));
    await directResult.click();
    await ana.waitForURL((url) => url.pathname === `/chat/dm/${benUser._id}`);
    await message(ana, `a ${word.toUpperCase()} by the window`).waitFor();

    // From the conversation's menu, a search of it alone; the scope can be let go.
    await ana.getByRole('button', { name: 'Conversation options' }).click();
    await ana.getByRole('menuitem', { name: 'Search in this conversation' }).click();
    await ana.waitForURL(`**/search?kind=direct&id=${benUser._id}`);
    await ana.getByTestId('search-scope').filter({ hasText: `In ${benName}` }).waitFor();
    await searchBox(ana).fill(word);
    await expect.poll(() => results(ana).count(), { timeout: WAIT }).toBe(1);
    await ana.getByRole('button', { name: 'Search all conversations' }).click();
    await expect.poll(() => results(ana).count(), { timeout: WAIT }).toBe(2);

    // The old message is not on the device: offline, a calm note; online, the server finds it.
    await ana.context().setOffline(true);
    await searchBox(ana).fill(`heirloom${stamp}`);
    await ana.getByText('No messages found').waitFor();
    await ana.getByText(/Older messages can be searched once you are back online/).waitFor();
    await ana.context().setOffline(false);
    await expect.poll(() => results(ana).count(), { timeout: WAIT }).toBe(1);
    expect(await results(ana).first().textContent()).toContain(oldText);
    const errors: string[] = [];
    ana.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text().slice(0, 300));
    });
    await results(ana).first().click();
    await ana.waitForURL((url) => url.pathname === `/chat/dm/${benUser._id}`);
    // The message is older than the device keeps: the conversation loads history until it is there.
    await message(ana, oldText).waitFor({ timeout: WAIT * 2 }).catch(async (error: unknown) => {
      // Says what the page said instead: a toast, an error in the console.
      const toasts = await ana.getByRole('status').allTextContents();
      throw new Error(`${String(error)}\ntoasts: ${toasts.join(' | ')}\nconsole: ${errors.join(' | ')}`);
    });
  });
});
