/**
 * Aura in real Chromium (docs/everyday-chat.md, docs/decisions/offline-photos.md): a question whose
 * image the store refused stays unsent with its words and image and a Retry that sends both; one
 * whose upload got no answer goes out with the image kept on the device, which is uploaded once the
 * store answers; the chat list tells loading, empty and a failed load apart. Uploads fail through
 * Playwright's request routing (the built-in image store answers at /api/uploads), the list's load
 * is held or refused the same way.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatId, chatPath, expectCount, messages, referredUserPage, sendButton, smallPng, textbox } from './aura-helpers';
import { expectToast, useBrowser, WAIT } from './browser';

const UPLOAD = '**/api/uploads';

/** The question Aura's chat on the server holds: its words and image. */
async function askedOnServer(page: Page): Promise<{ text?: string; img?: string } | undefined> {
  const res = await page.context().request.get(`/api/chats/${chatId(page)}`);
  if (!res.ok()) return undefined;
  const chat = (await res.json()) as { history: { role: string; parts: { text: string; img?: string }[] }[] };
  return chat.history.find((h) => h.role === 'user')?.parts[0];
}

describe('Aura: a failed image upload', () => {
  const browser = useBrowser();

  it('refused by the image store: keeps the question unsent with its image and Retry; Retry sends words and image together (390 px)', async () => {
    const page = await referredUserPage(browser, { width: 390, height: 844 });
    // The store answers, and says no (a refusal trying later cannot mend, unlike no answer at all).
    await page.context().route(UPLOAD, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
    await page.goto('/aura-ai');
    const question = `What do you notice in this picture? ${Date.now()}`;
    await textbox(page).fill(question);
    await page.getByTestId('aura-image-input').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: await smallPng() });
    await expectToast(page, 'Failed to upload image');
    const failed = page.getByTestId('aura-upload-failed');
    await failed.waitFor();
    await page.getByTestId('aura-image-preview').waitFor();

    // Send while it still cannot upload: nothing goes out, the words and the image stay.
    await sendButton(page).click();
    await failed.waitFor();
    expect(new URL(page.url()).pathname).toBe('/aura-ai');
    await expect(messages(page, 'user').count()).resolves.toBe(0);
    await expect(textbox(page).inputValue()).resolves.toBe(question);
    await page.getByTestId('aura-image-preview').waitFor();

    // The store is back: Retry uploads the image and sends both.
    await page.context().unroute(UPLOAD);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    await expectCount(page, 'user', 1);
    const mine = messages(page, 'user').first();
    await mine.getByText(question).waitFor();
    await mine.getByRole('img', { name: 'Image you shared' }).waitFor();
    await expectCount(page, 'model', 1, WAIT * 2);

    // The server has both in the one question.
    const asked = await askedOnServer(page);
    expect(asked?.text).toBe(question);
    expect(asked?.img).toMatch(/\/uploads\//);
  });

  it('with no answer from the image store: the question goes out at once with its photo kept on the device, uploaded once the store answers', async () => {
    const page = await referredUserPage(browser, { width: 390, height: 844 });
    await page.context().route(UPLOAD, (route) => route.abort('failed'));
    await page.goto('/aura-ai');
    const question = `Is this sky as calm as it looks? ${Date.now()}`;
    await textbox(page).fill(question);
    await page.getByTestId('aura-image-input').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: await smallPng() });
    await page.getByTestId('aura-upload-later').waitFor();
    await sendButton(page).click();
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    const mine = messages(page, 'user').first();
    await mine.getByText(question).waitFor();

    // The store answers again: the outbox uploads the kept photo and sends the question, once.
    await page.context().unroute(UPLOAD);
    await expect.poll(async () => (await askedOnServer(page))?.img ?? '', { timeout: WAIT * 3 }).toMatch(/\/uploads\//);
    expect((await askedOnServer(page))?.text).toBe(question);
    await expectCount(page, 'user', 1);
    await mine.getByRole('img', { name: 'Image you shared' }).waitFor();
  });
});

describe('Aura: the chat list tells loading, empty and failed apart', () => {
  const browser = useBrowser();

  it('shows loading while the server is asked, an error with Try again when it fails, and "No chat history yet" only when it said so', async () => {
    const page = await referredUserPage(browser);
    let release: (() => void) | undefined;
    let calls = 0;
    await page.context().route('**/api/chats/userchats', async (route: Route) => {
      calls += 1;
      if (calls === 1) {
        // Held: the list is loading, not empty.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL' }) });
      } else await route.continue();
    });
    await page.goto('/aura-ai');
    const list = page.getByRole('navigation', { name: 'Aura chats' });
    const state = list.getByTestId('aura-list-state');
    await state.and(page.locator('[data-state="loading"]')).waitFor();
    await expect(list.getByText('No chat history yet').count()).resolves.toBe(0);

    await expect.poll(() => release !== undefined, { timeout: WAIT }).toBe(true);
    release?.();
    await state.and(page.locator('[data-state="error"]')).waitFor();
    await expectToast(page, 'Failed to load chat history');
    await expect(list.getByText('No chat history yet').count()).resolves.toBe(0);

    await list.getByRole('button', { name: 'Try again' }).click();
    await list.getByText('No chat history yet').waitFor();
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
