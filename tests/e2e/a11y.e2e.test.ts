import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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

const THEMES = ['coffee', 'light', 'dark'] as const;

describe('accessibility (axe: no serious or critical violations) and phone width', () => {
  const browser = useBrowser();
  const sessions: Partial<Record<Persona, (ctx: BrowserContext) => Promise<unknown>>> = {};

  beforeAll(async () => {
    const setup = await browser.open();
    await loginAdminApi(setup.context());
    const pending = await signUpApi(setup.context(), 'ngo');
    const pro = await signUpApi(setup.context(), 'therapist');
    await loginAdminApi(setup.context());
    await verifyApi(setup.context(), pro.user._id);
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
    // "Get help now" comes first: someone in crisis reaches help before anything else.
    expect(seen.slice(0, 6)).toEqual([
      'button:Get help now::ring',
      'input::login-email:ring',
      'input::login-password:ring',
      'button:Show password::ring',
      'button:Log in::ring',
      'a:Create account::ring',
    ]);
  });
});
