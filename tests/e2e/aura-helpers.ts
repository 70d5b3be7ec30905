/** Helpers for the Aura browser suite: a signed-in referred user, the screen's parts, a small PNG. */
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginAdminApi, signUpApi, verifyApi, WAIT, type useBrowser } from './browser';

type Browser = ReturnType<typeof useBrowser>;

/** A verified therapist's referral code, made once per file (pages are closed after each test). */
let code: Promise<string> | undefined;
function referralCode(browser: Browser): Promise<string> {
  code ??= (async () => {
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    const pro = await browser.open();
    const therapist = await signUpApi(pro.context(), 'therapist');
    return (await verifyApi(admin.context(), therapist.user._id)).referralCode;
  })();
  return code;
}

/** A page signed in as a new user who joined with a therapist's code. */
export async function referredUserPage(browser: Browser, size: { width?: number; height?: number } = {}): Promise<Page> {
  const referral = await referralCode(browser);
  const page = await browser.open(size);
  await signUpApi(page.context(), 'user', referral);
  return page;
}

export const textbox = (page: Page) => page.getByRole('textbox', { name: 'Message to Aura' });
export const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
export const messages = (page: Page, role: 'user' | 'model') => page.locator(`[data-testid="aura-message"][data-role="${role}"]`);
export const chatPath = /^\/aura-ai\/chats\/[0-9a-f]{24}$/;

/** Waits until exactly `n` messages of `role` are on screen. */
export async function expectCount(page: Page, role: 'user' | 'model', n: number, timeout = WAIT): Promise<void> {
  await messages(page, role).nth(n - 1).waitFor({ timeout });
  expect(await messages(page, role).count()).toBe(n);
}

/** Types a question and sends it with Enter, as a person would. */
export async function ask(page: Page, text: string): Promise<void> {
  await textbox(page).fill(text);
  await textbox(page).press('Enter');
}

export function chatId(page: Page): string {
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(chatPath);
  return path.split('/').at(-1)!;
}

export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 12, height: 8, channels: 3, background: '#7aa6c2' } }).png().toBuffer();
}

/** Serious and critical WCAG 2.1 AA problems on the page as it is now (none expected). */
export async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
