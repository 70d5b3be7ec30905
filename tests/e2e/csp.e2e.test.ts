/**
 * The app under its own security headers, in real Chromium: signing in, a direct chat with an
 * image (blob: preview, /uploads image, live socket), Aura, the diary (react-hot-toast's injected
 * styles) and a profile photo (data: and canvas) run with no Content-Security-Policy or
 * Permissions-Policy complaint.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ask, expectCount, smallPng } from './aura-helpers';
import { expectPath, expectToast, loginAdminApi, PASSWORD, signUpApi, useBrowser, verifyApi, WAIT } from './browser';
import { expectTick, message, personRow, sendWithEnter, signUpAs, uniqueName } from './chat-helpers';
import { waitForController } from './offline-helpers';

const POLICY_TEXT = /Content[- ]Security[- ]Policy|Permissions[- ]Policy|Refused to (load|execute|apply|connect|create|frame)/i;

/** Collects every policy complaint of a context: console messages, page errors and securitypolicyviolation events. */
async function watchPolicies(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding('__havenPolicyViolation', (_source, text: string) => { problems.push(`violation: ${text}`); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __havenPolicyViolation(t: string): void }).__havenPolicyViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (m) => { if (POLICY_TEXT.test(m.text())) problems.push(`console ${m.type()}: ${m.text()}`); });
  context.on('weberror', (e) => { if (POLICY_TEXT.test(e.error().message) || /EvalError/.test(e.error().message)) problems.push(`error: ${e.error().message}`); });
  return problems;
}

async function uiLogin(page: Page, email: string, password: string) {
  const res = await page.goto('/login');
  const csp = res?.headers()['content-security-policy'] ?? '';
  // The page really is under the policy being tested.
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectPath(page, '/dashboard');
}

describe('the app under its Content-Security-Policy', () => {
  const browser = useBrowser();

  it('signs in, chats with an image, talks with Aura, keeps a diary and sets a photo with no policy violation', async () => {
    const helper = await browser.open();
    const therapist = await signUpApi(helper.context(), 'therapist');
    await loginAdminApi(helper.context());
    const { referralCode } = await verifyApi(helper.context(), therapist.user._id);
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    const ana = await signUpAs((await browser.open()).context(), 'user', anaName, referralCode);

    const page = await browser.open();
    const problems = await watchPolicies(page.context());
    const ben = await browser.open();
    const benProblems = await watchPolicies(ben.context());
    await signUpAs(ben.context(), 'user', benName, referralCode);

    // Signing in through the form; the service worker registers and takes control.
    await uiLogin(page, ana.email, PASSWORD);
    await expectToast(page, 'Logged in successfully');
    await waitForController(page);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    // A direct chat with an image: a blob: preview, then the stored /uploads image on both sides.
    await page.goto('/chat');
    await ben.goto('/chat');
    await personRow(page, benName).click();
    await personRow(ben, anaName).click();
    await page.getByLabel('Attach an image').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: await smallPng() });
    const preview = page.getByRole('img', { name: 'Image to send' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT }).toBe(12);
    const caption = `the view under a strict policy ${Date.now()}`;
    await sendWithEnter(page, caption);
    await expectTick(page, caption);
    const received = message(ben, caption).getByRole('img', { name: 'Image sent to you' });
    await received.waitFor();
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT }).toBe(12);
    // The answer arrives live, over the socket.
    const reply = `lovely, thank you ${Date.now()}`;
    await sendWithEnter(ben, reply);
    await message(page, reply).waitFor();
    expect(sockets.some((url) => url.includes('/socket.io/'))).toBe(true);

    // Aura answers.
    await page.goto('/aura-ai');
    await page.getByRole('heading', { name: 'Welcome to Aura AI' }).waitFor();
    await ask(page, 'I feel a little tense before tomorrow');
    await expectCount(page, 'model', 1);

    // The diary, with react-hot-toast's injected styles.
    await page.goto('/diary');
    await page.getByRole('heading', { name: 'Your Personal Diary' }).waitFor();
    await page.getByLabel('Title').fill('Under the policy');
    await page.getByLabel('Content').fill('A quiet evening, written down.');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Diary entry saved!');
    const toastStyled = await page.evaluate(() => Boolean(document.querySelector('#_goober')?.textContent));
    expect(toastStyled).toBe(true);
    await page.getByRole('button', { name: /^Under the policy/ }).waitFor();

    // A profile photo: read as a data: URL and resized on a canvas before it is sent.
    await page.goto('/profile');
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPng() });
    await expectToast(page, 'Profile image updated successfully');

    expect(problems).toEqual([]);
    expect(benProblems).toEqual([]);
  });
});
