/**
 * The crisis detector where people write, in real Chromium: an offline question to Aura shows the
 * help card at once while it waits in the outbox; a crisis direct message shows its author a private
 * help card (never the receiver); a diary entry offers help on the device.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, WAIT } from './browser';
import { ask, chatPath, expectCount, referredUserPage } from './aura-helpers';
import { message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';

describe('help where people write', () => {
  const browser = useBrowser();

  it('an offline crisis message to Aura shows help at once, and Aura answers with it when back online', async () => {
    const page = await referredUserPage(browser, { width: 390, height: 844 });
    await page.goto('/aura-ai');
    await waitForController(page);
    await page.getByRole('heading', { name: 'Welcome to Aura AI' }).waitFor();
    await page.context().setOffline(true);
    await ask(page, 'i have been saving up my pills and i think tonight is the night');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    const card = page.getByTestId('crisis-card');
    await card.waitFor({ timeout: 5_000 });
    expect(await card.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="aura-send-state"]').getAttribute('data-status')).toBe('queued');

    await page.context().setOffline(false);
    await expectCount(page, 'model', 1);
    // Aura's answer leads with the resources and carries the card; the waiting card has gone.
    expect(await page.locator('[data-testid="aura-message"][data-role="model"]').textContent()).toMatch(/crisis service/i);
    await page.locator('[data-testid="aura-message"][data-role="model"] [data-testid="crisis-card"]').waitFor();
    expect(await card.count()).toBe(1);
  });

  it('an ordinary offline question shows no help card', async () => {
    const page = await referredUserPage(browser);
    await page.goto('/aura-ai');
    await waitForController(page);
    await page.context().setOffline(true);
    await ask(page, 'what are some good breathing exercises before an exam?');
    await page.waitForURL((url) => chatPath.test(url.pathname), { timeout: WAIT });
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('crisis-card').count()).toBe(0);
  });

  it('a crisis direct message shows its author a private help card; the receiver never sees one', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open({ width: 360, height: 740 });
    const ben = await browser.open();
    const [anaName, benName] = [uniqueName('Ana'), uniqueName('Ben')];
    await signUpAs(ana.context(), 'user', anaName, code);
    await signUpAs(ben.context(), 'user', benName, code);
    await ben.goto('/chat');
    await personRow(ben, anaName).click();
    await ana.goto('/chat');
    await personRow(ana, benName).click();

    await sendWithEnter(ana, 'see you at group later?');
    await message(ben, 'see you at group later?').waitFor();
    expect(await ana.getByTestId('help-card').count()).toBe(0);

    const text = "honestly i don't want to be here anymore, everyone would be better off without me";
    await sendWithEnter(ana, text);
    const card = ana.getByTestId('help-card');
    await card.waitFor();
    expect(await card.textContent()).toMatch(/only you can see/i);
    expect(await card.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    // The message went as usual; the composer is still on screen and usable.
    await message(ben, text).waitFor();
    expect(await ben.getByTestId('help-card').count()).toBe(0);
    expect(await ana.getByRole('textbox').last().isVisible()).toBe(true);

    // It stays through a reload until dismissed, and a dismissal sticks.
    await ana.reload();
    // The conversation's own address reopens it (docs/decisions/route-tree.md).
    await ana.getByTestId('conversation-title').filter({ hasText: benName }).waitFor();
    await card.waitFor();
    await card.getByRole('button', { name: /dismiss|close/i }).click();
    await card.waitFor({ state: 'detached' });
    await ana.reload();
    // The conversation's own address reopens it (docs/decisions/route-tree.md).
    await ana.getByTestId('conversation-title').filter({ hasText: benName }).waitFor();
    await message(ana, text).waitFor();
    expect(await card.count()).toBe(0);
  });

  it('a diary entry showing crisis risk offers help on the device, offline', async () => {
    const page = await referredUserPage(browser);
    await page.goto('/diary');
    await waitForController(page);
    await page.context().setOffline(true);
    await page.getByLabel('Title').fill('tuesday');
    await page.getByLabel('Content').fill('Wrote letters to everyone tonight. I keep thinking about how to end it.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    const card = page.getByTestId('help-card');
    await card.waitFor();
    expect(await card.textContent()).toMatch(/this device/i);
  });
});
