import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { THEMES as ALL_THEMES } from '../../src/shared/limits';
import { expectPath, loginAdminApi, signUpApi, useBrowser, verifyApi, WAIT } from './browser';

type Persona = 'signed out' | 'pending' | 'admin' | 'professional';
interface Screen {
  name: string;
  persona: Persona;
  path: string;
  /** Brings the screen into the state to check, once the path has settled. */
  ready: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: 'login', persona: 'signed out', path: '/login', ready: (p) => p.getByRole('button', { name: 'Log in' }).waitFor() },
  { name: 'signup roles', persona: 'signed out', path: '/signup', ready: (p) => p.getByText('Join as a regular user').waitFor() },
  {
    name: 'signup form', persona: 'signed out', path: '/signup',
    ready: async (p) => {
      await p.getByRole('button', { name: /Join as a regular user/ }).click();
      await p.getByLabel('Referral Code').fill('NOPE-0000');
      await p.getByText('Invalid referral code', { exact: true }).waitFor();
    },
  },
  { name: 'not found', persona: 'signed out', path: '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'Page not found' }).waitFor() },
  { name: 'verification needed', persona: 'pending', path: '/verification-needed', ready: (p) => p.getByText('24-48 hours').waitFor() },
  { name: 'dashboard', persona: 'admin', path: '/dashboard', ready: (p) => p.getByRole('heading', { name: /^Welcome, / }).waitFor() },
  { name: 'settings', persona: 'admin', path: '/settings', ready: (p) => p.getByRole('region', { name: 'Preview chat' }).waitFor() },
  { name: 'admin', persona: 'admin', path: '/admin', ready: (p) => p.getByTestId('user-row').first().waitFor() },
  { name: 'chat placeholder', persona: 'admin', path: '/chat', ready: (p) => p.getByRole('link', { name: 'Back to Dashboard' }).waitFor() },
  { name: 'profile (verified professional)', persona: 'professional', path: '/profile', ready: (p) => p.getByTestId('referral-code').waitFor() },
  {
    name: 'profile (pending, request form)', persona: 'pending', path: '/profile',
    ready: (p) => p.getByText('Request Pending').waitFor(),
  },
];

const THEMES = ['coffee', 'light', 'dark', 'dracula'] as const;

/**
 * In the page: the contrast of text against what is painted behind it. With no element, every
 * visible placeholder (axe does not check them) below 4.5:1; with one, that element's own text
 * colour as hue and saturation too. Colours go through a canvas, which reads any CSS colour syntax.
 */
function contrastReport(el: Element | null): { low: string[]; hue: number; saturation: number; contrast: number } {
  const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no canvas');
  const rgba = (colour: string): number[] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, (d[3] ?? 255) / 255];
  };
  const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (below[i] ?? 0) * (1 - (top[3] ?? 1))).concat(1);
  const background = (node: Element) => {
    const layers: number[][] = [];
    for (let e: Element | null = node; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if ((c[3] ?? 0) > 0) layers.push(c);
      if ((c[3] ?? 0) >= 1) break;
    }
    return layers.reduceRight((below, top) => over(top, below), [255, 255, 255, 1]);
  };
  const lum = (c: number[]) => {
    const [r, g, b] = c.slice(0, 3).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const ratio = (a: number[], b: number[]) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return Math.round(((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05) * 100) / 100;
  };
  if (!el) {
    const low: string[] = [];
    for (const field of document.querySelectorAll<HTMLInputElement>('[placeholder]')) {
      if (!field.getClientRects().length || !field.placeholder) continue;
      const style = getComputedStyle(field, '::placeholder');
      const colour = rgba(style.color);
      colour[3] = (colour[3] ?? 1) * Number(style.opacity || 1);
      const bg = background(field);
      const contrast = ratio(over(colour, bg), bg);
      if (contrast < 4.5) low.push(`"${field.placeholder}" ${contrast}:1`);
    }
    return { low, hue: 0, saturation: 0, contrast: 0 };
  }
  const bg = background(el);
  const [r = 0, g = 0, b = 0] = over(rgba(getComputedStyle(el).color), bg).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d > 0) hue = max === r ? 60 * (((g - b) / d) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
  return { low: [], hue: Math.round((hue + 360) % 360), saturation: Math.round(saturation * 100) / 100, contrast: ratio([r * 255, g * 255, b * 255, 1], bg) };
}

describe('accessibility (axe: no serious or critical violations) and phone width', () => {
  const browser = useBrowser();
  const sessions: Partial<Record<Persona, (ctx: BrowserContext) => Promise<unknown>>> = {};
  let referralCode = '';

  beforeAll(async () => {
    const setup = await browser.open();
    await loginAdminApi(setup.context());
    const pending = await signUpApi(setup.context(), 'ngo');
    const pro = await signUpApi(setup.context(), 'therapist');
    await loginAdminApi(setup.context());
    referralCode = (await verifyApi(setup.context(), pro.user._id)).referralCode;
    await setup.context().close();
    const login = (email: string, password: string) => (ctx: BrowserContext) =>
      ctx.request.post('/api/auth/login', { data: { email, password }, timeout: WAIT });
    sessions.pending = login(pending.email, pending.password);
    sessions.professional = login(pro.email, pro.password);
    sessions.admin = (ctx) => loginAdminApi(ctx);
  });

  for (const theme of THEMES) {
    for (const width of theme === 'coffee' ? [360, 1280] : [360]) {
      it(`${theme} at ${width}px: every screen`, async () => {
        const problems: string[] = [];
        for (const screen of SCREENS) {
          const page = await browser.open({ theme, width, height: 800 });
          await sessions[screen.persona]?.(page.context());
          await page.goto(screen.path);
          await expectPath(page, screen.path);
          await screen.ready(page);
          expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${screen.name}: ${overflow}px wider than the ${width}px screen`);
          const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          for (const v of result.violations) {
            if (v.impact === 'serious' || v.impact === 'critical') {
              const nodes = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`);
              problems.push(`${screen.name}: ${v.id} (${v.impact}) ${nodes.join(' | ')}`);
            }
          }
          await page.context().close();
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it('keyboard: the login form is reachable with Tab and shows a focus ring', async () => {
    const page = await browser.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}:${el.id}:${ring ? 'ring' : 'no-ring'}`;
      });
      seen.push(info);
    }
    // The skip link, then "Get help now": someone in crisis reaches help before anything else.
    expect(seen.slice(0, 6)).toEqual([
      'a:Skip to main content::ring',
      'button:Get help now::ring',
      'input::login-email:ring',
      'input::login-password:ring',
      'button:Show password::ring',
      'button:Log in::ring',
    ]);
  });

  it('every screen has its own title and a skip link to its one main landmark', async () => {
    const screens: [Persona, string, string][] = [
      ['signed out', '/login', 'Sign in · Haven'],
      ['signed out', '/signup', 'Create account · Haven'],
      ['signed out', '/reset-password', 'Reset password · Haven'],
      ['signed out', '/no-such-page', 'Page not found · Haven'],
      ['pending', '/verification-needed', 'Verification needed · Haven'],
      ['admin', '/dashboard', 'Dashboard · Haven'],
      ['admin', '/chat', 'Community Chat · Haven'],
      ['admin', '/therapist-chat', 'Therapists · Haven'],
      ['professional', '/therapist-chat', 'My Clients · Haven'],
      ['admin', '/aura-ai', 'Aura AI · Haven'],
      ['admin', '/diary', 'Diary · Haven'],
      ['admin', '/safety-plan', 'Safety plan · Haven'],
      ['admin', '/settings', 'Settings · Haven'],
      ['admin', '/profile', 'Profile · Haven'],
      ['admin', '/admin', 'Admin · Haven'],
    ];
    const problems: string[] = [];
    for (const [persona, path, title] of screens) {
      const page = await browser.open({ width: 390, height: 800 });
      await sessions[persona]?.(page.context());
      await page.goto(path);
      await expectPath(page, path);
      await page.waitForFunction((t) => document.title === t, title, { timeout: WAIT }).catch(() => null);
      if ((await page.title()) !== title) problems.push(`${path}: title "${await page.title()}", not "${title}"`);
      // From the top of the page (nothing focused), the first Tab reaches the skip link; Enter moves focus into the main landmark.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (first !== 'Skip to main content') problems.push(`${path}: the first Tab reaches "${first}"`);
      await page.keyboard.press('Enter');
      const landed = await page.evaluate(() => ({ mains: document.querySelectorAll('main').length, inMain: document.activeElement?.tagName === 'MAIN' }));
      if (landed.mains !== 1 || !landed.inMain) problems.push(`${path}: ${landed.mains} main landmarks, focus ${landed.inMain ? 'on' : 'not on'} main`);
      await page.context().close();
    }
    // A screen reached inside the app is named too.
    const page = await browser.open({ width: 390, height: 800 });
    await sessions.admin?.(page.context());
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForFunction(() => document.title === 'Settings · Haven', null, { timeout: WAIT });
    expect(problems).toEqual([]);
  });

  it('placeholders and muted text reach 4.5:1 in every theme; "Valid referral code" is green', async () => {
    const problems: string[] = [];
    // Every placeholder on these screens; axe's contrast rule, in all 32 themes, on the two with the most kinds of text.
    const screens: [Persona, string, (p: Page) => Promise<unknown>, boolean][] = [
      ['signed out', '/reset-password', (p) => p.getByPlaceholder('XXXX-XXXX-XXXX').waitFor(), false],
      ['admin', '/chat', (p) => p.getByPlaceholder('Search…').waitFor(), true],
      ['admin', '/aura-ai', (p) => p.getByPlaceholder('Ask Aura anything...').waitFor(), false],
      ['pending', '/profile', (p) => p.getByText('Request Pending').waitFor(), true],
    ];
    for (const [persona, path, ready, withAxe] of screens) {
      const page = await browser.open({ width: 390, height: 800 });
      await sessions[persona]?.(page.context());
      await page.goto(path);
      await expectPath(page, path);
      await ready(page);
      for (const theme of ALL_THEMES) {
        // Buttons fade to a new theme's colours: measure once they are there.
        await page.evaluate(async (t) => {
          document.documentElement.setAttribute('data-theme', t);
          await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)));
        }, theme);
        for (const low of (await page.evaluate(contrastReport, null)).low) problems.push(`${path} ${theme}: placeholder ${low}`);
        if (!withAxe) continue;
        const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        for (const v of axe.violations) problems.push(`${path} ${theme}: ${v.nodes.slice(0, 2).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
      }
      await page.context().close();
    }
    for (const theme of ['coffee', 'light', 'dracula']) {
      const page = await browser.open({ theme, width: 390, height: 800 });
      await page.goto('/signup');
      await page.getByRole('button', { name: /Join as a regular user/ }).click();
      await page.getByLabel('Referral Code').fill(referralCode);
      const valid = page.getByText('Valid referral code', { exact: true });
      await valid.waitFor();
      const { hue, saturation, contrast } = await valid.evaluate(contrastReport);
      if (hue < 90 || hue > 165 || saturation < 0.25) problems.push(`${theme}: "Valid referral code" is not green (hue ${hue}, saturation ${saturation})`);
      if (contrast < 4.5) problems.push(`${theme}: "Valid referral code" at ${contrast}:1`);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

