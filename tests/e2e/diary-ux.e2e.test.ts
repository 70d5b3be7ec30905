/**
 * The diary's everyday details in real Chromium (docs/everyday-chat.md): deleting offers Undo (the
 * entry exists only on this device) and Undo brings back the very entry; on a phone an opened entry
 * is on screen; and loading, empty and unreadable storage are three different states.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { referredUserPage } from './aura-helpers';
import { expectToast, useBrowser } from './browser';

async function openDiary(page: Page): Promise<void> {
  await page.goto('/diary');
  await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
}

async function write(page: Page, title: string, content: string): Promise<void> {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expectToast(page, 'Diary entry saved!');
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).waitFor();
}

/** Whether the element is wholly inside the visible viewport. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const size = page.viewportSize();
  return Boolean(box && size && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width);
}

describe('the diary on a phone', () => {
  const browser = useBrowser();

  it('an opened entry shows on screen, with a way back to the list; delete offers Undo, which restores the entry', async () => {
    const page = await referredUserPage(browser, { width: 360, height: 740 });
    await openDiary(page);
    await page.getByText('No entries yet.').waitFor();
    // Enough entries that the list fills a phone screen: the entry pane starts below it.
    for (let i = 1; i <= 8; i += 1) await write(page, `Day ${i}`, `What happened on day ${i}.\nAnd how it felt.`);

    await page.getByRole('button', { name: /^Day 2/ }).click();
    const title = page.getByRole('heading', { name: 'Day 2', level: 2 });
    await title.waitFor();
    expect(await onScreen(page, title)).toBe(true);
    expect(await onScreen(page, page.getByText('What happened on day 2.'))).toBe(true);
    // The list gives way to the entry on a phone, and comes back.
    expect(await page.getByRole('list', { name: 'Diary entries' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'All entries' }).click();
    await page.getByRole('list', { name: 'Diary entries' }).waitFor();

    // Delete, then Undo: the same entry is back, and stays after a reload.
    const before = await page.evaluate(() => document.querySelector('[aria-label="Diary entries"]')?.textContent);
    await page.getByRole('button', { name: 'Delete entry: Day 3' }).click();
    await expectToast(page, 'Entry deleted');
    await page.getByRole('button', { name: /^Day 3/ }).waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Entry deleted' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: /^Day 3/ }).waitFor();
    await expect(page.evaluate(() => document.querySelector('[aria-label="Diary entries"]')?.textContent)).resolves.toBe(before);
    await page.reload();
    await page.getByRole('button', { name: /^Day 3/ }).click();
    await page.getByText('What happened on day 3.').waitFor();

    // Without Undo it stays deleted.
    await page.getByRole('button', { name: 'All entries' }).click();
    await page.getByRole('button', { name: 'Delete entry: Day 4' }).click();
    await expectToast(page, 'Entry deleted');
    await page.reload();
    await page.getByRole('button', { name: /^Day 5/ }).waitFor();
    await expect(page.getByRole('button', { name: /^Day 4/ }).count()).resolves.toBe(0);
  });
});

describe('the diary: loading, empty and unreadable storage', () => {
  const browser = useBrowser();

  it('says the storage cannot be read (with Reload) instead of "No entries yet."', async () => {
    const page = await referredUserPage(browser, { width: 360, height: 740 });
    await openDiary(page);
    await page.getByText('No entries yet.').waitFor();
    await expect(page.getByTestId('diary-loading').count()).resolves.toBe(0);

    // Every read of the diary's store is refused, as a broken or blocked IndexedDB does.
    await page.addInitScript(() => {
      const refuse = (original: (...args: never[]) => IDBRequest) => function (this: IDBIndex | IDBObjectStore, ...args: never[]) {
        const store = 'objectStore' in this ? this.objectStore : this;
        if (store.name === 'diary') throw new DOMException('The storage is not readable', 'UnknownError');
        return original.apply(this, args);
      };
      for (const proto of [IDBIndex.prototype, IDBObjectStore.prototype]) {
        for (const name of ['openCursor', 'getAll', 'get', 'count'] as const) {
          const original = proto[name] as (...args: never[]) => IDBRequest;
          Object.defineProperty(proto, name, { value: refuse(original), configurable: true, writable: true });
        }
      }
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Haven could not open the storage on this device' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    await expect(page.getByText('No entries yet.').count()).resolves.toBe(0);
  });
});
