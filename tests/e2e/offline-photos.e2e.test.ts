/**
 * A photo attached offline waits on the device like words do (docs/decisions/offline-photos.md):
 * it survives a reload while offline, and when the connection returns it is uploaded and sent
 * once, in order with the words typed before and after it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, WAIT } from './browser';
import { smallPng } from './aura-helpers';
import { message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';

interface ServerMessage { text: string; image: string | null }

async function fromServer(page: Page, path: string): Promise<ServerMessage[]> {
  const res = await page.context().request.get(path, { timeout: WAIT });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as ServerMessage[] | { messages: ServerMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

const pending = (page: Page, text: string) => message(page, text).locator('[data-status="pending"]');

describe('a photo attached offline, in two browsers', () => {
  const browser = useBrowser();

  it('survives a reload offline and reaches the other person once, between the words around it', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open({ width: 390, height: 844 });
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    const anaId = (await signUpAs(ana.context(), 'user', anaName, code))._id;
    await signUpAs(ben.context(), 'user', benName, code);

    // Online once, so the worker is installed and the directory is on the device.
    await ana.goto('/chat');
    await waitForController(ana);
    await personRow(ana, benName).waitFor();
    await ben.goto('/chat');
    await personRow(ben, anaName).click();

    await ana.context().setOffline(true);
    await personRow(ana, benName).click();
    const stamp = Date.now().toString(36);
    const before = `before the photo (${stamp})`;
    const caption = `the view from the hill (${stamp})`;
    const after = `after the photo (${stamp})`;
    await sendWithEnter(ana, before);
    await pending(ana, before).waitFor();
    await ana.getByTestId('chat-image-input').setInputFiles({ name: 'hill.png', mimeType: 'image/png', buffer: await smallPng() });
    await ana.getByTestId('chat-upload-later').waitFor();
    await sendWithEnter(ana, caption);
    await pending(ana, caption).waitFor();
    await ana.getByTestId('chat-image-preview').waitFor({ state: 'detached' });
    await sendWithEnter(ana, after);
    await pending(ana, after).waitFor();

    // A reload while still offline: the words and the photo are all still queued.
    await ana.reload();
    for (const text of [before, caption, after]) await pending(ana, text).waitFor({ timeout: WAIT * 2 });
    expect((await fromServer(ben, `/api/messages/${anaId}`)).some((m) => m.text === before)).toBe(false);

    await ana.context().setOffline(false);
    await message(ben, after).waitFor({ timeout: WAIT * 3 });
    const photo = message(ben, caption).locator('img');
    await photo.waitFor({ timeout: WAIT * 2 });
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\//);

    // Ben sees each once, in the order typed.
    const shown = await ben.getByTestId('message').allTextContents();
    const positions = [before, caption, after].map((text) => shown.findIndex((s) => s.includes(text)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const text of [before, caption, after]) expect(shown.filter((s) => s.includes(text))).toHaveLength(1);

    // The server holds each exactly once, in order, the photo uploaded once and sent with its words.
    const stored = (await fromServer(ben, `/api/messages/${anaId}`)).filter((m) => m.text.endsWith(`(${stamp})`));
    expect(stored.map((m) => m.text)).toEqual([before, caption, after]);
    expect(stored.map((m) => m.image === null)).toEqual([true, false, true]);
    expect(stored[1]!.image).toMatch(/^\/uploads\//);
  });
});
