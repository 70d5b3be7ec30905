/**
 * Everyday layout on phones and desktops (docs/everyday-chat.md): the composer stays on screen
 * offline, /admin sends a non-admin away quietly, touch targets are 44×44 px on a phone, the Aura
 * chats menu closes like a menu should, and the header survives 200 % text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, loginAdminApi, useBrowser, WAIT } from './browser';
import { createGroupApi, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { smallTargets } from './touch-targets';

type Browser = ReturnType<typeof useBrowser>;

/** The part of `selector`'s box that lies outside the viewport, in px on each side (all 0: fully on screen). */
async function outside(page: Page, selector: string): Promise<number[]> {
  const el = page.locator(selector).last();
  await el.waitFor();
  const box = await el.boundingBox();
  const vp = page.viewportSize();
  if (!box || !vp) throw new Error(`no box for ${selector}`);
  const r = (n: number) => Math.max(0, Math.round(n));
  return [r(-box.y), r(box.x + box.width - vp.width), r(box.y + box.height - vp.height), r(-box.x)];
}

/** The ?group= link opens the group, after its guidelines when not yet joined. */
async function joinedOrAgree(page: Page, groupName: string): Promise<void> {
  const agree = page.getByRole('button', { name: 'I agree, join' });
  const title = page.getByTestId('conversation-title').filter({ hasText: groupName });
  await agree.or(title).first().waitFor();
  if (await agree.isVisible()) await agree.click();
  await title.waitFor();
}

/** A verified user with a partner to message and one group joined, signed in on a fresh page at the given size. */
async function chatWorld(browser: Browser) {
  const admin = await browser.open();
  const { code } = await verifiedTherapist(admin, await browser.open());
  const partnerName = uniqueName('Pia');
  await signUpAs((await browser.open()).context(), 'user', partnerName, code);
  const groupName = uniqueName('Calm Corner');
  const groupId = await createGroupApi(admin, groupName);
  const email = `layout-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
  const res = await admin.context().request.post('/api/auth/signup', {
    data: { fullName: uniqueName('Lou'), email, password: 'calm-password-1', role: 'user', referralCode: code }, timeout: WAIT,
  });
  if (!res.ok()) throw new Error(`signup ${res.status()}`);
  return { partnerName, groupName, groupId, email };
}

describe('layout on phones and desktops', () => {
  const browser = useBrowser();
  let world: Awaited<ReturnType<typeof chatWorld>>;
  beforeAll(async () => {
    world = await chatWorld(browser);
  });

  async function signedIn(width: number, height: number): Promise<Page> {
    const page = await browser.open({ width, height });
    const res = await page.context().request.post('/api/auth/login', { data: { email: world.email, password: 'calm-password-1' }, timeout: WAIT });
    if (!res.ok()) throw new Error(`login ${res.status()}`);
    return page;
  }

  for (const [width, height] of [[360, 740], [1280, 800]] as const) {
    it(`${width}×${height}: the composer is fully on screen in a direct chat, a group and Aura, online and offline`, async () => {
      const page = await signedIn(width, height);
      const problems: string[] = [];
      const check = async (where: string, composer: string) => {
        for (const offline of [false, true]) {
          await page.context().setOffline(offline);
          await page.getByText("You're offline.").waitFor({ state: offline ? 'visible' : 'detached' });
          const off = await outside(page, composer);
          if (off.some((n) => n > 0)) problems.push(`${where}${offline ? ' offline' : ''}: ${off.join('/')} px off screen (top/right/bottom/left)`);
        }
        await page.context().setOffline(false);
      };
      await page.goto(`/chat?group=${world.groupId}`);
      await joinedOrAgree(page, world.groupName);
      await check('group', 'form:has(input[type="text"])');
      if (width < 768) await page.getByRole('button', { name: 'Back to list' }).click();
      await page.getByRole('tab', { name: 'Direct Messages' }).click();
      await personRow(page, world.partnerName).click();
      await page.getByTestId('conversation-title').filter({ hasText: world.partnerName }).waitFor();
      await check('direct', 'form:has(input[type="text"])');
      await page.goto('/aura-ai');
      await check('Aura', 'form:has(textarea[aria-label="Message to Aura"])');
      expect(problems).toEqual([]);
    });
  }

  it('a user opening /admin lands on the dashboard with no toast and no admin request', async () => {
    const page = await signedIn(390, 800);
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminCalls.push(r.url());
    });
    const toasts: string[] = [];
    const visit = async (how: string, go: () => Promise<unknown>) => {
      await go();
      await expectPath(page, '/dashboard');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.waitForLoadState('networkidle');
      // react-hot-toast's toasts are role=status outside the screen; the sync pill has its own test id.
      const texts = await page.locator('[role="status"]:not(main [role="status"]):not([data-testid="sync-status"])').allTextContents();
      toasts.push(...texts.filter((t) => t.trim()).map((t) => `${how}: ${t}`));
    };
    // A first visit (the session is checked first), a returning visit (the cached person opens at
    // once) and a typed address inside the running app.
    await visit('first visit', () => page.goto('/admin'));
    await visit('returning visit', () => page.goto('/admin'));
    await visit('in the app', () => page.evaluate(() => {
      history.pushState({}, '', '/admin');
      dispatchEvent(new PopStateEvent('popstate'));
    }));
    expect(adminCalls).toEqual([]);
    // The device remembers this person as an admin (the cached profile the app opens on before the
    // server answers): the server's refusal sends them on quietly too.
    await visit('remembered as an admin', async () => {
      await page.evaluate(() => {
        const key = 'haven-last-user';
        localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), role: 'admin' }));
      });
      await page.goto('/admin');
    });
    expect(toasts).toEqual([]);
  });

  it('360 px: every control on the main screens is at least 44×44 px', async () => {
    const page = await signedIn(360, 740);
    const admin = await browser.open({ width: 360, height: 740 });
    await loginAdminApi(admin.context());
    const problems: string[] = [];
    const screens: [Page, string, (p: Page) => Promise<unknown>][] = [
      [page, '/dashboard', (p) => p.getByRole('heading', { name: /^Welcome, / }).waitFor()],
      [page, '/chat', (p) => p.getByRole('heading', { name: 'Community Support Groups' }).waitFor()],
      [page, `/chat?group=${world.groupId}`, (p) => joinedOrAgree(p, world.groupName)],
      [page, '/therapist-chat', (p) => p.getByRole('link', { name: 'Back to Dashboard' }).waitFor()],
      [page, '/aura-ai', (p) => p.getByRole('textbox', { name: 'Message to Aura' }).waitFor()],
      [page, '/diary', (p) => p.getByRole('heading', { name: 'Your Personal Diary' }).waitFor()],
      [page, '/safety-plan', (p) => p.getByRole('heading', { name: 'My safety plan' }).waitFor()],
      [page, '/wellness', (p) => p.getByRole('heading', { name: 'Mood and trends' }).waitFor()],
      [page, '/settings', (p) => p.getByRole('region', { name: 'Preview chat' }).waitFor()],
      [page, '/profile', (p) => p.getByRole('heading', { name: 'Profile' }).waitFor()],
      [admin, '/admin', (p) => p.getByTestId('user-row').first().waitFor()],
    ];
    for (const [p, path, ready] of screens) {
      await p.goto(path);
      await ready(p);
      // A person's header holds its 44 px targets in one row on a 360 px phone.
      if (path === '/dashboard') {
        await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
        const rows = await page.evaluate(() => new Set([...document.querySelectorAll('header a, header button')].map((e) => Math.round(e.getBoundingClientRect().top))).size);
        expect(rows).toBe(1);
      }
      for (const small of await smallTargets(p)) problems.push(`${path}: ${small}`);
    }
    const out = await browser.open({ width: 360, height: 740 });
    const signedOut: [string, () => Promise<unknown>][] = [
      ['/login', () => out.goto('/login')],
      ['/signup', () => out.goto('/signup')],
      ['/signup (form)', async () => {
        await out.getByRole('button', { name: /Join as a regular user/ }).click();
        await out.getByLabel('Referral Code').waitFor();
      }],
      ['/reset-password', () => out.goto('/reset-password')],
    ];
    for (const [name, open] of signedOut) {
      await open();
      await out.locator('main').waitFor();
      for (const small of await smallTargets(out)) problems.push(`${name}: ${small}`);
    }
    expect(problems).toEqual([]);
  });

  it('390 px: the Aura chats menu closes with Escape and with a tap outside, giving focus back to its button', async () => {
    const page = await signedIn(390, 800);
    await page.goto('/aura-ai');
    const button = page.getByText('Chats', { exact: true });
    const menu = page.getByTestId('aura-chats-menu');
    await button.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Chats');
    await button.click();
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('390 px at 200 % text: the header wraps, stays on screen, and Logout opens its dialog', async () => {
    const page = await signedIn(390, 800);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Settings', 'Aura AI', 'Profile', 'Logout']) {
      const off = await outside(page, `nav[aria-label="Main"] :is(a, button):has-text("${name}")`);
      expect(off, name).toEqual([0, 0, 0, 0]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).waitFor();
  });
});
