import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, expectToast, loginAdminApi, settle, signUpApi, useBrowser, verifyApi } from './browser';

/**
 * The spec's route access table (section 2), written out by hand for each kind of person:
 * where each route finally lands after every redirect.
 */
const CHAT_ID = '0123456789abcdef01234567';
const ROUTES = ['/', '/login', '/signup', '/dashboard', '/chat', '/therapist-chat', '/aura-ai', `/aura-ai/chats/${CHAT_ID}`,
  '/settings', '/profile', '/diary', '/verification-needed', '/admin'] as const;
type Route = (typeof ROUTES)[number];

// Access is granted, but no chat has this (well-formed) id: the Aura screen then goes to /aura-ai (spec section 4).
const stay = (r: Route) => (r === `/aura-ai/chats/${CHAT_ID}` ? '/aura-ai' : r);
const EXPECTED: Record<string, (r: Route) => string> = {
  'signed out': (r) => (['/login', '/signup'].includes(r) ? r : '/login'),
  user: (r) => ({ '/': '/dashboard', '/login': '/dashboard', '/signup': '/dashboard', '/verification-needed': '/dashboard', '/admin': '/dashboard' } as Partial<Record<Route, string>>)[r] ?? stay(r),
  'pending professional': (r) => (['/settings', '/profile', '/diary', '/verification-needed'].includes(r) ? r : '/verification-needed'),
  'verified professional': (r) => ({ '/': '/dashboard', '/login': '/dashboard', '/signup': '/dashboard', '/verification-needed': '/dashboard', '/admin': '/dashboard' } as Partial<Record<Route, string>>)[r] ?? stay(r),
  admin: (r) => ({ '/': '/dashboard', '/login': '/dashboard', '/signup': '/dashboard', '/verification-needed': '/dashboard' } as Partial<Record<Route, string>>)[r] ?? stay(r),
};

describe('route access table in the browser', () => {
  const browser = useBrowser();
  let code = '';

  beforeAll(async () => {
    // A verified therapist issues the code the regular user needs.
    const page = await browser.open();
    const pro = await signUpApi(page.context(), 'therapist');
    const adminPage = await browser.open();
    await loginAdminApi(adminPage.context());
    code = (await verifyApi(adminPage.context(), pro.user._id)).referralCode;
    await page.context().close();
    await adminPage.context().close();
  });

  async function personaPage(persona: string): Promise<Page> {
    const page = await browser.open();
    const ctx = page.context();
    if (persona === 'user') await signUpApi(ctx, 'user', code);
    if (persona === 'pending professional') {
      const p = await signUpApi(ctx, 'ngo');
      expect(p.user.status).toBe('pending');
    }
    if (persona === 'verified professional') {
      const p = await signUpApi(ctx, 'volunteer');
      const adminPage = await browser.open();
      await loginAdminApi(adminPage.context());
      await verifyApi(adminPage.context(), p.user._id);
    }
    if (persona === 'admin') await loginAdminApi(ctx);
    return page;
  }

  for (const persona of Object.keys(EXPECTED)) {
    it(`${persona}: every route lands where the table says`, async () => {
      const page = await personaPage(persona);
      const wrong: string[] = [];
      for (const route of ROUTES) {
        const want = EXPECTED[persona]!(route);
        try {
          const got = await settle(page, route);
          if (got !== want) wrong.push(`${route} → ${got} (want ${want})`);
        } catch (error) {
          wrong.push(`${route} → ${(error as Error).message.split('\n')[0]} (want ${want})`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("an Aura chat id that is not 24 hex characters gives 'Invalid chat ID format' and /aura-ai", async () => {
    const page = await personaPage('user');
    await page.goto('/aura-ai/chats/not-an-id');
    await expectPath(page, '/aura-ai');
    await expectToast(page, 'Invalid chat ID format');
  });

  it('shows a spinner-free not-found page with a way home for unknown routes', async () => {
    const page = await browser.open();
    await page.goto('/no-such-place');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expectPath(page, '/login');
  });

  it('serves the manifest, its icons and passes Chromium\'s manifest checks', async () => {
    const page = await browser.open();
    await page.goto('/login');
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as { icons: { src: string; sizes: string; purpose?: string }[]; display: string; start_url: string; name: string; short_name: string };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.short_name).toBe('Haven');
    expect(manifest.icons.map((i) => `${i.sizes}:${i.purpose}`)).toEqual(['192x192:any', '512x512:any', '512x512:maskable']);
    for (const icon of manifest.icons) {
      const img = await page.request.get(icon.src);
      expect(img.status(), icon.src).toBe(200);
      expect(img.headers()['content-type']).toContain('image/png');
    }
    const cdp = await page.context().newCDPSession(page);
    const got = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string; critical: number }[] };
    expect(got.url).toMatch(/\/manifest\.webmanifest$/);
    expect(got.errors).toEqual([]);
    // The service worker registers only once the page is idle, so it may not be there yet: that is
    // the only thing Chromium may miss.
    const inst = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Playwright contexts are incognito, where Chromium never offers installation.
    const ids = inst.installabilityErrors.map((e) => e.errorId)
      .filter((id) => !/service-worker|not-offline-capable|in-incognito/.test(id));
    expect(ids).toEqual([]);
  });
});
