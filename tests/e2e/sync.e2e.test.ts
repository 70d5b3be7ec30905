/**
 * Sync v2 in real Chromium: a queue typed offline with the conversation open goes out the moment
 * the connection returns, however long the phone was offline (no attempts are spent offline, so
 * no backoff has grown); a long group history can be scrolled back to its first message; a reader
 * scrolled up is not pulled down by a new message but offered "New messages".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BatchResponse } from '../../src/shared/api';
import { useBrowser, WAIT } from './browser';
import { createGroupApi, expectTick, message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';
import { cursorOf } from '../support/device-store';

/** The page's own outbox rows, read straight from IndexedDB. */
function outboxRows(page: Page, userId: string): Promise<Array<{ attempts: number; status: string }>> {
  return page.evaluate((name) => new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.addEventListener('error', () => reject(open.error));
    open.addEventListener('success', () => {
      const req = open.result.transaction('outbox').objectStore('outbox').getAll();
      req.addEventListener('success', () => {
        open.result.close();
        resolve(req.result as Array<{ attempts: number; status: string }>);
      });
      req.addEventListener('error', () => reject(req.error));
    });
  }), `haven-${userId}`);
}

async function post<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const res = await page.context().request.post(path, { data, timeout: WAIT });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function openGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByTestId('group-item').filter({ hasText: name }).filter({ hasText: 'Open Chat' }).click();
  await page.getByTestId('conversation-title').filter({ hasText: name }).waitFor();
}

/** Posts `count` group messages through the batch route, `prefix #0` first. */
async function postHistory(page: Page, groupId: string, prefix: string, count: number, from = 0): Promise<void> {
  for (let start = from; start < from + count; start += 100) {
    const items = Array.from({ length: Math.min(100, from + count - start) }, (_, i) => ({
      kind: 'group', groupId, text: `${prefix} #${start + i}`, clientId: `hist-${prefix.replace(/\W/g, '')}-${start + i}`.slice(0, 64),
    }));
    const { results } = await post<BatchResponse>(page, '/api/messages/batch', { items });
    expect(results.every((r) => r.ok)).toBe(true);
  }
}


describe('sync v2 in Chromium', () => {
  const browser = useBrowser();

  it('sends a queue typed offline at once on reconnect, however long offline, each once and in order', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open({ width: 360, height: 740 });
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    const anaUser = await signUpAs(ana.context(), 'user', anaName, code);
    await signUpAs(ben.context(), 'user', benName, code);

    await ana.goto('/chat');
    await waitForController(ana);
    await personRow(ana, benName).click();
    await ben.goto('/chat');
    await personRow(ben, anaName).click();

    await ana.context().setOffline(true);
    const stamp = Date.now();
    const texts = Array.from({ length: 12 }, (_, i) => `queued in a tunnel ${i + 1} (${stamp})`);
    for (const text of texts) await sendWithEnter(ana, text);
    // The list is windowed: the newest rows are the ones on screen.
    for (const text of texts.slice(-4)) await message(ana, text).locator('[data-status="pending"]').waitFor();
    await ana.getByTestId('sync-status').filter({ hasText: '12 messages waiting to send.' }).waitFor();

    // Offline for longer than several backoff steps (1, 2, 4, 8 s): nothing is tried meanwhile.
    await ana.waitForTimeout(20_000);
    const waiting = await outboxRows(ana, anaUser._id);
    expect(waiting).toHaveLength(12);
    expect(waiting.every((r) => r.attempts === 0 && r.status === 'queued')).toBe(true);

    await ana.context().setOffline(false);
    // WAIT (15 s) is far less than the backoff a growing per-row delay would have reached by now.
    const sentAt = Date.now();
    await expect.poll(async () => (await outboxRows(ana, anaUser._id)).length, { timeout: WAIT, interval: 100 }).toBe(0);
    console.log(`sync.e2e: 12 queued messages acknowledged ${Date.now() - sentAt} ms after the connection returned`);
    // The list shows the rows on screen (it is windowed): the newest ones carry their ticks.
    for (const text of texts.slice(-4)) await expectTick(ana, text);

    // Ben, who had the conversation open, sees the newest ones once each, in order.
    for (const text of texts.slice(-4)) await message(ben, text).waitFor({ timeout: WAIT });
    const shown = await ben.getByTestId('message').allTextContents();
    const visible = texts.filter((text) => shown.some((s) => s.includes(text)));
    expect(visible.length).toBeGreaterThanOrEqual(4);
    const positions = visible.map((text) => shown.findIndex((s) => s.includes(text)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const text of visible) expect(shown.filter((s) => s.includes(text))).toHaveLength(1);

    const res = await ben.context().request.get(`/api/messages/${anaUser._id}?limit=50`, { timeout: WAIT });
    const stored = ((await res.json()) as Array<{ text: string }>).map((m) => m.text).filter((t) => t.endsWith(`(${stamp})`));
    expect(stored).toEqual(texts);
  });

  it('scrolls a long group history back to its first message, page by page, keeping the reading position', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Long Road');
    const groupId = await createGroupApi(admin, groupName);
    const writer = await browser.open();
    await signUpAs(writer.context(), 'user', uniqueName('Writer'), code);
    await post(writer, `/api/messages/join-group/${groupId}`);
    const prefix = `history ${Date.now().toString(36)}`;
    await postHistory(writer, groupId, prefix, 230);

    // The reader's device syncs first and joins afterwards: catch-up (past its cursor) brings none of this history.
    const reader = await browser.open({ width: 390, height: 844 });
    const readerUser = await signUpAs(reader.context(), 'user', uniqueName('Reader'), code);
    // A direct message after the history moves the reader's cursor past it (an empty catch-up keeps 0).
    await post(writer, `/api/messages/send/${readerUser._id}`, { text: 'welcome!' });
    await reader.goto('/chat');
    await reader.getByRole('tab', { name: 'Groups' }).click();
    await reader.getByTestId('group-item').filter({ hasText: groupName }).waitFor();
    // Its first catch-up has stored its cursor (past the history) before it joins: a reload while
    // it ran would start again from 0, and bring the history that way.
    await expect.poll(() => reader.evaluate(cursorOf, `haven-${readerUser._id}`), { timeout: WAIT }).toBeGreaterThan(0);
    await post(reader, `/api/messages/join-group/${groupId}`);
    const olderPages: string[] = [];
    reader.on('request', (r) => {
      if (r.url().includes(`/api/messages/group/${groupId}`) && r.url().includes('before=')) olderPages.push(r.url());
    });
    await reader.reload();
    await openGroup(reader, groupName);
    await message(reader, `${prefix} #229`).waitFor();

    const log = reader.getByRole('log', { name: 'Messages' });
    const first = message(reader, `${prefix} #0`);
    const startMark = reader.getByText('Start of the conversation');
    for (let i = 0; i < 40 && !(await first.isVisible()); i += 1) {
      await log.evaluate((el) => { el.scrollTop = 0; });
      // Older rows go in above without moving the reader: the view leaves the very top (however
      // long the page takes on a busy machine), unless the start of the conversation was reached.
      await expect.poll(async () => (await startMark.isVisible()) || (await log.evaluate((el) => el.scrollTop)) > 500,
        { timeout: WAIT, interval: 100 }).toBe(true);
    }
    await first.waitFor({ state: 'visible' });
    await reader.getByText('Start of the conversation').waitFor();
    expect(olderPages.length).toBeGreaterThanOrEqual(4);
    // Each page asked for messages before a message id, as the new contract says.
    expect(olderPages.every((u) => /before=[0-9a-f]{24}/.test(u))).toBe(true);
  });

  it('does not pull a reader who scrolled up down to a new message; "New messages" takes them there', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Quiet Hour');
    const groupId = await createGroupApi(admin, groupName);
    const writer = await browser.open();
    await signUpAs(writer.context(), 'user', uniqueName('Writer'), code);
    await post(writer, `/api/messages/join-group/${groupId}`);
    const prefix = `pill ${Date.now().toString(36)}`;
    await postHistory(writer, groupId, prefix, 60);

    const reader = await browser.open({ width: 390, height: 844 });
    await signUpAs(reader.context(), 'user', uniqueName('Reader'), code);
    await post(reader, `/api/messages/join-group/${groupId}`);
    await reader.goto('/chat');
    await openGroup(reader, groupName);
    await message(reader, `${prefix} #59`).waitFor();

    const log = reader.getByRole('log', { name: 'Messages' });
    await log.evaluate((el) => { el.scrollTop = 0; });
    await reader.waitForTimeout(500);
    const before = await log.evaluate((el) => el.scrollTop);
    await postHistory(writer, groupId, prefix, 1, 60);
    const pill = reader.getByRole('button', { name: 'New messages' });
    await pill.waitFor();
    expect(await log.evaluate((el) => el.scrollTop)).toBeLessThanOrEqual(before + 5);
    await pill.click();
    await message(reader, `${prefix} #60`).waitFor({ state: 'visible' });
    await pill.waitFor({ state: 'hidden' });
  });
});
