import { describe, expect, it } from 'vitest';
import { expectPath, expectToast, settle, useBrowser, WAIT } from './browser';
import { ask, axeProblems, chatId, chatPath, expectCount, messages, referredUserPage, sendButton, smallPng, textbox } from './aura-helpers';

describe('Aura AI in the browser (built-in offline companion)', () => {
  const browser = useBrowser();

  it('starts a chat, continues it, sends an image, and finds it all again after a reload', async () => {
    const page = await referredUserPage(browser);
    expect(await settle(page, '/aura-ai')).toBe('/aura-ai');
    await page.getByRole('heading', { name: 'Welcome to Aura AI' }).waitFor();
    await page.getByText('Your personal AI assistant that helps with mental wellness. Start a conversation by sending a message below.').waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Aura chats' });
    await sidebar.getByText('No chat history yet').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Chat with Aura');
    expect(await textbox(page).getAttribute('placeholder')).toBe('Ask Aura anything...');
    expect(await sendButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Attach image' }).isVisible()).toBe(true);
    expect(await axeProblems(page)).toEqual([]);

    // The first message makes the chat and moves to its page.
    await ask(page, 'I have been feeling anxious about my exams');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    const id = chatId(page);
    await expectCount(page, 'model', 1);
    expect(await textbox(page).inputValue()).toBe('');
    expect(await messages(page, 'user').first().textContent()).toContain('I have been feeling anxious about my exams');
    expect((await messages(page, 'model').first().textContent())?.length).toBeGreaterThan(20);
    // The server titled it from its first words; the sidebar links to it.
    await page.getByRole('heading', { level: 1, name: 'I have been feeling anxious about' }).waitFor();
    await sidebar.locator(`a[href="/aura-ai/chats/${id}"]`).waitFor();
    expect(await sidebar.getByText('No chat history yet').count()).toBe(0);
    expect(await page.getByTestId('crisis-card').count()).toBe(0);

    // The person's message on the right, Aura's on the left.
    const list = (await page.locator('ol').first().boundingBox())!;
    const mine = (await messages(page, 'user').first().locator('.chat-bubble').boundingBox())!;
    const auras = (await messages(page, 'model').first().locator('.chat-bubble').boundingBox())!;
    expect(auras.x - list.x).toBeLessThan(24);
    expect(list.x + list.width - (mine.x + mine.width)).toBeLessThan(24);
    expect(mine.x).toBeGreaterThan(auras.x + 100);

    // Shift+Enter breaks the line; Enter sends the question to the same chat.
    await textbox(page).fill('Two things');
    await textbox(page).press('Shift+Enter');
    await textbox(page).pressSequentially('on my mind');
    expect(await textbox(page).inputValue()).toBe('Two things\non my mind');
    expect(await messages(page, 'user').count()).toBe(1);
    // Held back a moment, so the thinking indicator can be seen while Aura answers.
    await page.route((url) => url.pathname === `/api/chats/${id}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await textbox(page).press('Enter');
    await expectCount(page, 'user', 2);
    await page.getByText('Aura is thinking...').waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await expectCount(page, 'model', 2);
    await page.getByText('Aura is thinking...').waitFor({ state: 'detached' });
    expect(await axeProblems(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`/aura-ai/chats/${id}`);

    // Images: the wrong type and a too large file are refused with the spec's words.
    const input = page.getByTestId('aura-image-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Please select a valid image file (JPEG, PNG, GIF)');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expectToast(page, 'Image size should be less than 5MB');
    expect(await page.getByTestId('aura-image-preview').count()).toBe(0);

    // A real PNG: preview, remove, pick again, and send it on its own.
    await input.setInputFiles({ name: 'calm.png', mimeType: 'image/png', buffer: await smallPng() });
    await page.getByTestId('aura-image-preview').waitFor();
    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByTestId('aura-image-preview').waitFor({ state: 'detached' });
    await input.setInputFiles({ name: 'calm.png', mimeType: 'image/png', buffer: await smallPng() });
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Send message"]')?.disabled, null, { timeout: WAIT });
    await sendButton(page).click();
    await expectCount(page, 'user', 3);
    await page.getByTestId('aura-image-preview').waitFor({ state: 'detached' });
    const shared = messages(page, 'user').nth(2).getByRole('img', { name: 'Image you shared' });
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 12, await shared.elementHandle(), { timeout: WAIT });
    await expectCount(page, 'model', 3);

    // After a reload the whole chat is still there, in order.
    await page.reload();
    await expectPath(page, `/aura-ai/chats/${id}`);
    await expectCount(page, 'model', 3);
    expect(await messages(page, 'user').count()).toBe(3);
    expect(await messages(page, 'user').first().textContent()).toContain('I have been feeling anxious about my exams');
    await messages(page, 'user').nth(2).getByRole('img', { name: 'Image you shared' }).waitFor();

    // New Chat clears it and goes back to the welcome panel.
    await page.getByRole('button', { name: 'New Chat' }).click();
    await expectPath(page, '/aura-ai');
    await page.getByRole('heading', { name: 'Welcome to Aura AI' }).waitFor();
    expect(await messages(page, 'user').count()).toBe(0);
  });

  it('sends an id that is not 24 hex characters, or not this person\'s, back to /aura-ai', async () => {
    const page = await referredUserPage(browser);
    expect(await settle(page, '/aura-ai/chats/123')).toBe('/aura-ai');
    await expectToast(page, 'Invalid chat ID format');
    expect(await settle(page, `/aura-ai/chats/${'0'.repeat(24)}`)).toBe('/aura-ai');
    await expectToast(page, 'Failed to load chat');
  });

  it('shows the "Get help now" card beside the answer to a crisis message', async () => {
    const page = await referredUserPage(browser, { width: 360, height: 740 });
    expect(await settle(page, '/aura-ai')).toBe('/aura-ai');
    // On a phone the sidebar is hidden, but New Chat and the chat list stay reachable.
    expect(await page.locator('nav[aria-label="Aura chats"]').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'New Chat' }).isVisible()).toBe(true);
    await ask(page, 'I want to end my life');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    await expectCount(page, 'model', 1);
    const card = messages(page, 'model').first().getByTestId('crisis-card');
    await card.getByRole('heading', { name: 'Get help now' }).waitFor();
    expect(await card.textContent()).toMatch(/emergency services or a crisis line now/);
    expect(await card.textContent()).toMatch(/not a crisis service/);
    expect(await card.isVisible()).toBe(true);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
    expect(await axeProblems(page)).toEqual([]);

    // The phone's chat menu lists the chat; the composer's controls are reachable by keyboard.
    await page.locator('summary', { hasText: 'Chats' }).click();
    await page.getByRole('main').locator(`a[href="/aura-ai/chats/${chatId(page)}"]`).waitFor();
    await textbox(page).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Attach image');
  });

  it('keeps questions asked offline and has them answered once the connection returns', async () => {
    const page = await referredUserPage(browser);
    expect(await settle(page, '/aura-ai')).toBe('/aura-ai');
    await ask(page, 'Hello Aura');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    const first = chatId(page);
    await expectCount(page, 'model', 1);

    await page.context().setOffline(true);
    await ask(page, 'Are you still there?');
    await expectCount(page, 'user', 2);
    await page.getByTestId('aura-queued-note').waitFor();
    expect(await messages(page, 'user').nth(1).getByTestId('aura-send-state').count()).toBe(1);
    expect(await page.getByText('Aura is thinking...').count()).toBe(0);

    // A new chat can start offline too: it gets its id at once.
    await page.getByRole('button', { name: 'New Chat' }).click();
    await expectPath(page, '/aura-ai');
    await ask(page, 'Writing this on the train');
    await page.waitForURL((url) => chatPath.test(url.pathname) && !url.pathname.endsWith(first), { timeout: WAIT });
    await expectCount(page, 'user', 1);
    await page.getByTestId('aura-queued-note').waitFor();
    await page.waitForTimeout(1_500);
    expect(await messages(page, 'model').count()).toBe(0);

    await page.context().setOffline(false);
    await expectCount(page, 'model', 1, 45_000);
    await page.getByTestId('aura-queued-note').waitFor({ state: 'detached' });
    expect(await messages(page, 'user').first().getByTestId('aura-send-state').count()).toBe(0);

    await page.locator(`nav[aria-label="Aura chats"] a[href="/aura-ai/chats/${first}"]`).click();
    await expectPath(page, `/aura-ai/chats/${first}`);
    await expectCount(page, 'model', 2, 45_000);
    expect(await messages(page, 'user').nth(1).textContent()).toContain('Are you still there?');
  });
});
