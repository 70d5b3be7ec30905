/** People, groups and chat steps for the chat browser suite, built on the shared helpers in browser.ts. */
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminGroup, AuthUser } from '../../src/shared/api';
import { loginAdminApi, PASSWORD, uniqueEmail, verifyApi, WAIT } from './browser';

/** A name no other person in the run has, so text filters never match two rows. */
export const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

async function json<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function signUpAs(context: BrowserContext, role: 'user' | 'therapist' | 'ngo' | 'volunteer', fullName: string, referralCode = ''): Promise<AuthUser> {
  const res = await context.request.post('/api/auth/signup', {
    data: { fullName, email: uniqueEmail(role), password: PASSWORD, role, referralCode }, timeout: WAIT,
  });
  return json<AuthUser>(res, `signup ${fullName}`);
}

/** A signed-in admin context (for API calls) and a verified therapist page with their referral code. */
export async function verifiedTherapist(admin: Page, therapist: Page, name = uniqueName('Dr')): Promise<{ user: AuthUser; code: string }> {
  await loginAdminApi(admin.context());
  const user = await signUpAs(therapist.context(), 'therapist', name);
  const { referralCode } = await verifyApi(admin.context(), user._id);
  return { user, code: referralCode };
}

export async function createGroupApi(admin: Page, name: string, type = 'mental'): Promise<string> {
  await json(await admin.context().request.post('/api/admin/create-group', { data: { name, type, description: `${name}: a calm place to talk.` }, timeout: WAIT }), 'create group');
  return groupIdByName(admin, name);
}

export async function groupIdByName(admin: Page, name: string): Promise<string> {
  const groups = await json<AdminGroup[]>(await admin.context().request.get('/api/admin/groups', { timeout: WAIT }), 'list groups');
  const group = groups.find((g) => g.name === name);
  if (!group) throw new Error(`no group named ${name}`);
  return group._id;
}

/** Types into the composer and sends with Enter (spec: Enter sends). */
export async function sendWithEnter(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
}

export const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/** Waits for an own message to carry the server's tick. */
export async function expectTick(page: Page, text: string): Promise<void> {
  // Stored: one tick, or two once the other person's device has it (or has read it).
  await message(page, text).locator('[data-status="sent"], [data-status="delivered"], [data-status="read"]').waitFor({ timeout: WAIT });
}

export const personRow = (page: Page, name: string) => page.getByTestId('person').filter({ hasText: name });
