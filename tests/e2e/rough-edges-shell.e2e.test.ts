/**
 * The app shell on a 390 px phone, at normal and at 200 % text: toasts never cover "Get help now"
 * (nor a composer's Send), failures read calmly, the status bar follows the theme, /admin reads
 * as cards, the header stays one row of icons, focus lands on each new screen's heading, and a
 * tap outside the help dialog closes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, loginAdminApi, PASSWORD, useBrowser, WAIT } from './browser';
import { createGroupApi, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 800 };

/** Simulates the person's 200 % text size (what the browser's text-size setting does to rem). */
const largeText = (page: Page) => page.evaluate(() => {
  document.documentElement.style.fontSize = '200%';
});

/**
 * While the toast saying `text` shows: whether the header's "Get help now" is what is drawn at its
 * own centre (nothing covers it, a tap reaches it), and whether the toast starts below the header.
 */
async function helpClearOf(page: Page, text: string): Promise<{ helpOnTop: boolean; toastBelowHeader: boolean }> {
  await toast(page, text).waitFor();
  // The toast slides in from above the screen: measure where it settles, once its entry animation ends.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))));
  const seen = await page.evaluate((t) => {
    const button = [...document.querySelectorAll('header button')].find((b) => b.textContent?.includes('Get help'));
    const shown = [...document.querySelectorAll('[role="status"]')].find((s) => s.textContent?.includes(t));
    const header = document.querySelector('header');
    if (!button || !shown || !header) return { helpOnTop: false, toastBelowHeader: false, detail: `button ${!!button}, toast ${!!shown}` };
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      helpOnTop: !!hit && button.contains(hit),
      toastBelowHeader: shown.getBoundingClientRect().top >= header.getBoundingClientRect().bottom,
      detail: `hit ${hit?.outerHTML.slice(0, 120)}; toast top ${Math.round(shown.getBoundingClientRect().top)}; header bottom ${Math.round(header.getBoundingClientRect().bottom)}`,
    };
  }, text);
  if (!seen.helpOnTop || !seen.toastBelowHeader) console.log(`"${text}":`, seen.detail);
  return { helpOnTop: seen.helpOnTop, toastBelowHeader: seen.toastBelowHeader };
}

/** Whether the element at `selector`'s centre is that element (or inside it): nothing covers it. */
function onTop(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && el.contains(hit);
  }, selector);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  return el ? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim().slice(0, 40)}` : 'none';
});

describe('the app shell on a phone', () => {
  const browser = useBrowser();
  let email = '';
  let code = '';
  let therapistId = '';

  beforeAll(async () => {
    const admin = await browser.open();
    const therapist = await browser.open();
    const made = await verifiedTherapist(admin, therapist);
    email = made.user.email;
    therapistId = made.user._id;
    code = made.code;
  });

  async function logIn(page: Page): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/dashboard');
  }

  it('toasts show below the header: "Get help now" stays visible and tappable, and Send stays clear', async () => {
    for (const large of [false, true]) {
      const page = await browser.open(PHONE);
      await page.goto('/login');
      if (large) await largeText(page);
      await logIn(page);

      // Enter in Aura's empty box raises a toast while its composer is on screen.
      await page.goto('/aura-ai');
      await page.getByRole('textbox', { name: 'Message to Aura' }).press('Enter');
      expect(await helpClearOf(page, 'Please enter a message or upload an image'), large ? '200 %' : '100 %')
        .toEqual({ helpOnTop: true, toastBelowHeader: true });
      // Send is disabled while the box is empty, and a disabled button takes no taps (daisyUI gives
      // it pointer-events: none), so the point would find the form behind it. With words in the
      // box Send can be tapped: it must be what is under a finger while the toast still shows.
      await page.getByRole('textbox', { name: 'Message to Aura' }).fill('Hello');
      expect(await toast(page, 'Please enter a message or upload an image').isVisible()).toBe(true);
      expect(await onTop(page, 'form:has(textarea[aria-label="Message to Aura"]) button[type="submit"]:enabled')).toBe(true);
      await page.context().close();
    }
  });

  it('a diary save: the toast leaves the header clear, and focus stays on the form, not the page body', async () => {
    const page = await browser.open(PHONE);
    await logIn(page);
    await page.goto('/diary');
    await page.getByLabel('Title').fill('A calm evening');
    await page.getByLabel('Content').fill('Tea, a walk, an early night.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    expect(await helpClearOf(page, 'Diary entry saved!')).toEqual({ helpOnTop: true, toastBelowHeader: true });
    expect(await focused(page)).toBe('button:Save Entry');
  });

  it('a failed group creation says the spec\'s words, and a failing list never shows technical text', async () => {
    const page = await browser.open(PHONE);
    await loginAdminApi(page.context());
    await page.route('**/api/admin/create-group', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }),
    }));
    await page.goto('/admin');
    await page.getByTestId('user-row').first().waitFor();
    await page.getByLabel('Group Name').fill('Evening walkers');
    await page.getByLabel('Group Type').selectOption('mental');
    await page.getByLabel('Description').fill('A calm place to talk.');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await toast(page, 'Failed to create group').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Something went wrong' }).count()).toBe(0);

    // A server error on the people list: the spec's toast, and nothing technical in any toast or alert.
    await page.route('**/api/messages/users', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await page.goto('/chat');
    await toast(page, 'Failed to load users').waitFor();
    const said = await page.locator('[role="status"]:not([data-testid="sync-status"]), [role="alert"]').allTextContents();
    expect(said.filter((t) => /status code|https?:|Request failed|GET |POST /i.test(t))).toEqual([]);
  });

  it('<meta name="theme-color"> follows the theme from the first paint and on every change', async () => {
    const page = await browser.open(PHONE);
    await logIn(page);
    const color = () => page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
    expect(await color()).toBe('#261b25');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Light', exact: true }).click();
    await expect.poll(color, { timeout: WAIT }).toBe('#ffffff');
    await page.getByRole('button', { name: 'Dracula' }).click();
    await expect.poll(color, { timeout: WAIT }).toBe('#282a36');
    await page.reload();
    await page.locator('main').waitFor();
    expect(await color()).toBe('#282a36');
  });

  it('/admin reads as cards on a phone and never scrolls sideways, at 200 % text too', async () => {
    // A group with members, whatever else this server holds: its card is the widest thing on the page.
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const groupId = await createGroupApi(admin, uniqueName('Night Owls'));
    for (let i = 0; i < 3; i += 1) {
      const member = await browser.open();
      await signUpAs(member.context(), 'user', uniqueName('Member'), code);
      expect((await member.context().request.post(`/api/messages/join-group/${groupId}`, { timeout: WAIT })).ok()).toBe(true);
    }
    const page = await browser.open(PHONE);
    await loginAdminApi(page.context());
    await page.goto('/admin');
    await page.getByTestId('user-row').first().waitFor();
    for (const large of [false, true]) {
      if (large) await largeText(page);
      // The message names what sticks out, should anything (other tests' people and reports share this server).
      const wide = await page.evaluate(() => [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 6).map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 50)}"`).join(' | '));
      expect(await sideways(page), `${large ? '200 %' : '100 %'}: ${wide}`).toBeLessThanOrEqual(0);
      // The name and email take the card's width, not a narrow column beside the buttons.
      const nameWidth = await page.getByTestId('user-row').first().locator('td').first().evaluate((td) => td.getBoundingClientRect().width);
      expect(nameWidth).toBeGreaterThan(PHONE.width * 0.7);
    }
  });

  it('at 200 % text the header is one row of icons with their names, and "Get help now" stays on screen', async () => {
    const page = await browser.open(PHONE);
    await logIn(page);
    await largeText(page);
    const header = page.getByRole('banner');
    const tops = await header.evaluate((h) => [...h.querySelectorAll('a, button')].map((e) => {
      const r = e.getBoundingClientRect();
      return `${(e.textContent ?? '').trim()}@${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }));
    // One row: every control's vertical centre within a few px of the others'.
    const centres = await header.evaluate((h) => [...h.querySelectorAll('a, button')].map((e) => {
      const r = e.getBoundingClientRect();
      return r.top + r.height / 2;
    }));
    expect(Math.max(...centres) - Math.min(...centres), tops.join(' | ')).toBeLessThanOrEqual(8);
    const box = await header.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(64);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Settings', 'Aura AI', 'Profile', 'Logout']) await nav.getByRole(name === 'Logout' ? 'button' : 'link', { name }).waitFor();
    const help = page.getByRole('banner').getByRole('button', { name: 'Get help now' });
    const helpBox = await help.boundingBox();
    expect(helpBox!.x).toBeGreaterThanOrEqual(0);
    expect(helpBox!.x + helpBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await help.click();
    await page.getByRole('dialog', { name: 'Get help now' }).waitFor();
  });

  it('every message box keeps at least 60 % of a phone\'s width at 200 % text (Send wraps below); at normal text Send stays beside it', async () => {
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const groupId = await createGroupApi(admin, uniqueName('Large Print'));
    for (const { large, viewport } of [{ large: true, viewport: PHONE }, { large: false, viewport: { width: 360, height: 740 } }]) {
      const page = await browser.open(viewport);
      await signUpAs(page.context(), 'user', uniqueName('Wide'), code);
      const joined = await page.context().request.post(`/api/messages/join-group/${groupId}`, { timeout: WAIT });
      expect(joined.ok()).toBe(true);
      for (const { path, box } of [
        { path: `/chat/dm/${therapistId}`, box: 'Message' },
        { path: `/chat/group/${groupId}`, box: 'Message' },
        { path: '/aura-ai', box: 'Message to Aura' },
      ]) {
        const where = `${path} at ${large ? 200 : 100} %`;
        await page.goto(path);
        if (large) await largeText(page);
        const field = page.getByRole('textbox', { name: box, exact: true });
        await field.waitFor();
        const boxed = (await field.boundingBox())!;
        const send = (await page.locator(`form:has([aria-label="${box}"]) button[type="submit"]`).boundingBox())!;
        if (large) expect(boxed.width / viewport.width, `${where}: ${Math.round(boxed.width)} px`).toBeGreaterThanOrEqual(0.6);
        // One row: Send's middle lies within the box's height.
        else expect(Math.abs(send.y + send.height / 2 - (boxed.y + boxed.height / 2)), where).toBeLessThanOrEqual(boxed.height / 2);
        expect(await sideways(page), where).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
  });

  it('focus lands on the new screen\'s heading after each screen change, not on the first load', async () => {
    const page = await browser.open(PHONE);
    await logIn(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/settings');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: WAIT }).toBe('H1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => focused(page), { timeout: WAIT }).toBe('h1:Profile');
  });

  it('a tap outside the help dialog closes it; a tap inside does not', async () => {
    const page = await browser.open(PHONE);
    await logIn(page);
    const dialog = page.getByRole('dialog', { name: 'Get help now' });
    await page.getByRole('banner').getByRole('button', { name: 'Get help now' }).click();
    await dialog.waitFor();
    await dialog.getByText('If you are in danger right now').click();
    expect(await dialog.isVisible()).toBe(true);
    // The sheet rises from the bottom on a phone: the top of the screen is outside it.
    await page.mouse.click(PHONE.width / 2, 10);
    await dialog.waitFor({ state: 'detached' });
  });
});
