import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, expectToast, loginAdminApi, PASSWORD, signUpApi, uniqueEmail, useBrowser, WAIT } from './browser';

async function fillSignup(page: Page, name: string, email: string, password = PASSWORD) {
  await page.getByLabel(/^(Full Name|NGO Name)$/).fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function uiLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('the referral journey, all in the browser', () => {
  const browser = useBrowser();

  it('therapist signs up, admin verifies, therapist sees the code, a new user joins with it', async () => {
    // 1. A therapist signs up through the wizard and lands on /verification-needed.
    const therapist = await browser.open({ width: 360, height: 740 });
    const therapistName = `Dr Calm ${Date.now().toString(36)}`;
    const therapistEmail = uniqueEmail('therapist');
    await therapist.goto('/signup');
    await therapist.getByRole('button', { name: /Provide professional support/ }).click();
    await expect(therapist.getByLabel('Referral Code').count()).resolves.toBe(0);
    await fillSignup(therapist, therapistName, therapistEmail);
    await therapist.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(therapist, '/verification-needed');
    await expectToast(therapist, 'Registration successful! Your account is pending verification.');
    await therapist.getByText('24-48 hours').waitFor();

    // Log out and back in: a pending professional is sent to /verification-needed again.
    await therapist.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await therapist.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await expectPath(therapist, '/login');
    await expectToast(therapist, 'Logged out successfully');
    await uiLogin(therapist, therapistEmail, PASSWORD);
    await expectPath(therapist, '/verification-needed');

    // 2. The admin signs in through the UI and verifies the therapist.
    const admin = await browser.open();
    await uiLogin(admin, inject('adminEmail'), inject('adminPassword'));
    await expectPath(admin, '/dashboard');
    await expectToast(admin, 'Logged in successfully');
    await admin.getByRole('link', { name: 'Admin' }).click();
    await expectPath(admin, '/admin');
    const card = admin.getByTestId('pending-user').filter({ hasText: therapistName });
    await card.waitFor();
    await card.getByRole('button', { name: `Verify ${therapistName}` }).click();
    await expectToast(admin, 'User verified successfully');
    await card.waitFor({ state: 'detached' });

    // 3. The therapist reloads: no longer confined, and the code is on /profile.
    await therapist.reload();
    await expectPath(therapist, '/dashboard');
    await therapist.getByRole('heading', { name: 'Chat with Clients' }).or(therapist.getByText('Chat with Clients')).first().waitFor();
    await therapist.goto('/profile');
    const codeEl = therapist.getByTestId('referral-code');
    await codeEl.waitFor();
    const code = (await codeEl.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
    await expect(therapist.getByTestId('status-badge').textContent()).resolves.toBe('verified');

    // 4. A new user tries a wrong code first, then the therapist's code, and lands on /dashboard.
    const user = await browser.open({ width: 360, height: 740 });
    const userName = `River ${Date.now().toString(36)}`;
    await user.goto('/signup');
    await user.getByRole('button', { name: /Join as a regular user/ }).click();
    await fillSignup(user, userName, uniqueEmail('user'));
    await user.getByLabel('Referral Code').fill('NOPE-0000');
    await user.getByText('Invalid referral code', { exact: true }).waitFor();
    await user.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(user, 'Please enter a valid referral code');
    expect(new URL(user.url()).pathname).toBe('/signup');
    await user.getByLabel('Referral Code').fill(code.toLowerCase());
    await user.getByText('Valid referral code', { exact: true }).waitFor();
    await user.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(user, '/dashboard');
    await expectToast(user, 'Account created successfully');
    await user.getByRole('heading', { name: `Welcome, ${userName}` }).waitFor();
    await user.getByText('Chat with Therapist').waitFor();
    // Users get no Admin link.
    await expect(user.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  });

  it('signup wizard: Back returns to the role cards, NGO label, validation toasts', async () => {
    const page = await browser.open({ width: 360, height: 740 });
    await page.goto('/signup');
    for (const text of ['Join as a regular user', 'Provide professional support', 'Represent an organization', 'Help others in the community']) {
      await page.getByText(text).waitFor();
    }
    await page.getByRole('button', { name: /Represent an organization/ }).click();
    await page.getByLabel('NGO Name').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: /Join as a regular user/ }).click();
    await page.getByLabel('Full Name').waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Full name is required');
    await fillSignup(page, 'Short Pass', uniqueEmail('short'), '12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Password must be at least 6 characters');
  });

  it('login: wrong password shows the server message; show/hide toggles the field', async () => {
    const page = await browser.open();
    await page.goto('/login');
    const pw = page.getByLabel('Password', { exact: true });
    await pw.fill('whatever-1');
    await expect(pw.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(pw.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(pw.getAttribute('type')).resolves.toBe('password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('link', { name: 'Create account' }).click();
    await expectPath(page, '/signup');
  });

  it('admin: statistics, role filter, reject and delete after a confirmation', async () => {
    const helper = await browser.open();
    const ngo = await signUpApi(helper.context(), 'ngo');
    const vol = await signUpApi(helper.context(), 'volunteer');
    const admin = await browser.open();
    await loginAdminApi(admin.context());
    await admin.goto('/admin');
    for (const key of ['total', 'users', 'therapists', 'ngos', 'volunteers', 'verified', 'pending']) {
      await expect.poll(async () => (await admin.getByTestId(`stat-${key}`).textContent())?.trim(), { timeout: WAIT }).toMatch(/^\d+$/);
    }
    const stat = async (key: string) => Number(await admin.getByTestId(`stat-${key}`).textContent());
    const pendingBefore = await stat('pending');
    expect(pendingBefore).toBeGreaterThanOrEqual(2);
    // The statistics (GET /api/admin/stats) agree with the full list (GET /api/admin/all-users, an array).
    await expect.poll(() => admin.getByTestId('user-row').count(), { timeout: WAIT }).toBe(await stat('total'));

    // Reject the NGO after the confirmation dialog.
    await admin.getByRole('button', { name: `Reject ${ngo.user.fullName}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Please add your registration number.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectToast(admin, 'User rejected');
    await admin.getByTestId('pending-user').filter({ hasText: ngo.user.fullName }).waitFor({ state: 'detached' });
    await expect.poll(() => stat('pending'), { timeout: WAIT }).toBe(pendingBefore - 1);

    // Filter by role: only volunteers listed.
    await admin.getByLabel('Filter by role').selectOption('volunteer');
    await expect.poll(async () => {
      const rows = await admin.getByTestId('user-row').allTextContents();
      return rows.length > 0 && rows.every((r) => r.includes('Volunteer'));
    }, { timeout: WAIT }).toBe(true);

    // Delete the volunteer: Cancel first keeps them, then confirm.
    const volunteersBefore = await stat('volunteers');
    await admin.getByRole('button', { name: `Delete ${vol.user.fullName}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: `Delete ${vol.user.fullName}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'User deleted successfully');
    await admin.getByTestId('user-row').filter({ hasText: vol.email }).waitFor({ state: 'detached' });
    await expect.poll(() => stat('volunteers'), { timeout: WAIT }).toBe(volunteersBefore - 1);
    // Admins cannot be deleted: wherever an admin is listed, there is no Delete button on the row.
    await admin.getByLabel('Filter by role').selectOption('all');
    await admin.getByTestId('user-row').first().waitFor();
    const adminRows = admin.getByTestId('user-row').filter({ has: admin.locator('.badge', { hasText: /^Admin$/ }) });
    await expect(adminRows.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
  });
});
