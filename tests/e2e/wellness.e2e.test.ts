/**
 * Mood check-ins in real Chromium against the production build (docs/decisions/wellness.md): made
 * on the dashboard with no network, still there after an offline reload, and in the trends'
 * table and words; usable at phone width.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { referredUserPage } from './aura-helpers';
import { expectPath, expectToast, useBrowser, WAIT } from './browser';
import { signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { waitForController } from './offline-helpers';
import { smallTargets } from './touch-targets';

describe('mood check-ins', () => {
  const browser = useBrowser();

  it('one made offline on the dashboard survives a reload and shows in the trends, in words and in the table', async () => {
    const page = await referredUserPage(browser, { width: 360, height: 740 });
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    await waitForController(page);

    await page.context().setOffline(true);
    const card = page.getByTestId('check-in');
    await card.getByRole('heading', { name: 'How are you feeling today?' }).waitFor({ timeout: WAIT });
    // Two taps: a face, then Save; feelings and sleep only because this person wants them.
    await card.getByText('Low', { exact: true }).click();
    await card.getByLabel('Tired').check();
    await card.getByLabel('Hours slept (optional)').fill('5.5');
    // A sleep value the check-in cannot keep is refused in words, and what was chosen stays.
    await card.getByLabel('Hours slept (optional)').fill('30');
    await card.getByRole('button', { name: 'Save check-in' }).click();
    await page.getByRole('status').filter({ hasText: 'Sleep is a number of hours from 0 to 24' }).first().waitFor({ timeout: WAIT });
    expect(await card.getByLabel('Tired').isChecked()).toBe(true);
    await card.getByLabel('Hours slept (optional)').fill('5.5');
    await card.getByRole('button', { name: 'Save check-in' }).click();
    await card.getByText('Check-in saved on this device.').waitFor();

    await page.reload();
    await card.getByRole('link', { name: 'Your mood and trends' }).click();
    await expectPath(page, '/wellness');
    const table = page.getByTestId('trend-table');
    await table.waitFor({ timeout: WAIT });
    const row = table.locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.first().innerText()).toMatch(/Low\s+Tired\s+5\.5 h/);
    expect(await page.getByTestId('trend-summary').textContent())
      .toBe('In the last 7 days you checked in on 1 day; your mood averaged 2 of 5 (Low). You slept 5.5 hours on average.');
    expect(await page.getByRole('img', { name: /^Mood by day, last 7 days\./ }).count()).toBe(1);
    await page.getByRole('button', { name: '30 days' }).click();
    await page.getByText('Check-ins, last 30 days').waitFor();

    expect(await smallTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(" | ")}`)).toEqual([]);
  });

  it('offline, PHQ-9: an answer above "Not at all" to the ninth question shows help at once; a severe score offers the professional; the score stays', async () => {
    const { user: therapist, code } = await verifiedTherapist(await browser.open(), await browser.open());
    const page = await browser.open({ width: 390, height: 844 });
    await signUpAs(page.context(), 'user', uniqueName('Client'), code);
    await page.goto('/questionnaires');
    await page.getByRole('heading', { name: 'PHQ-9: Low mood and depression' }).waitFor({ timeout: WAIT });
    await waitForController(page);
    await page.context().setOffline(true);

    await page.getByRole('link', { name: 'Start PHQ-9' }).click();
    await expectPath(page, '/questionnaires/phq9');
    const ninth = page.getByRole('group', { name: /^9\. Thoughts that you would be better off dead/ });
    expect(await page.getByTestId('help-card').count()).toBe(0);
    // The card is drawn with the answer itself: no network, no timer, no score needed.
    await ninth.getByLabel('Several days').check();
    const card = ninth.getByTestId('help-card');
    await card.waitFor({ timeout: WAIT });
    expect(await card.getByText('Nothing has left this device: your answers stay private.').count()).toBe(1);
    expect(await card.getByRole('link', { name: /safety plan/i }).count()).toBe(1);
    // Back to "Not at all": the card goes with the answer.
    await ninth.getByLabel('Not at all').check();
    await card.waitFor({ state: 'detached' });

    // Unanswered questions are named, and nothing is saved.
    await page.getByRole('button', { name: 'See my score' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please answer every question.' }).waitFor();
    for (let i = 1; i <= 8; i += 1) {
      await page.getByRole('group', { name: new RegExp(`^${i}\\. `) }).getByLabel('Nearly every day').check();
    }
    await ninth.getByLabel('Nearly every day').check();
    await page.getByRole('button', { name: 'See my score' }).click();
    const result = page.getByTestId('questionnaire-result');
    await result.getByRole('heading', { name: 'Your score: 27 of 27 (Severe)' }).waitFor();
    expect(await result.getByRole('link', { name: 'Message your professional' }).getAttribute('href')).toBe(`/chat/dm/${therapist._id}`);
    expect(await result.getByTestId('help-card').count()).toBe(1);

    await page.reload();
    await page.goto('/questionnaires');
    const history = page.getByTestId('phq9-history');
    await history.waitFor({ timeout: WAIT });
    expect(await history.locator('tbody tr').first().innerText()).toMatch(/27\s+Severe/);
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('shared with the referring professional: they see the weeks and scores on the client, never a note; withdrawn, it is gone', async () => {
    const admin = await browser.open();
    const pro = await browser.open({ width: 1280, height: 800 });
    const { user: therapist, code } = await verifiedTherapist(admin, pro);
    const page = await browser.open({ width: 390, height: 844 });
    const clientName = uniqueName('Client');
    const client = await signUpAs(page.context(), 'user', clientName, code);

    // Nothing is shared by default: the professional sees no card.
    await pro.goto('/therapist-chat');
    await pro.getByText(clientName).first().click();
    await pro.getByRole('region', { name: `Chat with ${clientName}` }).waitFor({ timeout: WAIT });
    expect(await pro.getByTestId('shared-wellness').count()).toBe(0);

    // The client checks in with a note and sees the switch, off, with what it would share.
    await page.goto('/therapist-chat');
    await page.getByText(therapist.fullName).first().waitFor({ timeout: WAIT });
    await page.goto('/wellness');
    const card = page.getByTestId('check-in');
    await card.getByText('Good', { exact: true }).click();
    await card.getByLabel('A short note (optional)').fill('the words only I may read');
    await card.getByRole('button', { name: 'Save check-in' }).click();
    await card.getByText('Check-in saved on this device.').waitFor();
    const share = page.getByTestId('wellness-share');
    const toggle = share.getByRole('checkbox', { name: `Share my check-in trends and scores with ${therapist.fullName}` });
    await toggle.waitFor({ timeout: WAIT });
    expect(await toggle.isChecked()).toBe(false);
    expect(await share.textContent()).toContain('Never your notes, feelings, answers or diary');
    // The switch turns once the server has the summary.
    await toggle.click();
    await expectToast(page, `Your trends and scores are shared with ${therapist.fullName}`);
    expect(await toggle.isChecked()).toBe(true);

    await pro.reload();
    await pro.getByText(clientName).first().click();
    const shared = pro.getByTestId('shared-wellness');
    await shared.waitFor({ timeout: WAIT });
    await shared.getByText(`${clientName} shares their wellness with you`).click();
    await shared.getByRole('table', { name: /Mood by week/ }).getByText('4 (good)').waitFor();
    expect(await shared.textContent()).not.toContain('the words only I may read');

    // A second check-in reaches the professional's copy by itself.
    await card.getByRole('button', { name: 'Check in again' }).click();
    await card.getByText('Very low', { exact: true }).click();
    await card.getByRole('button', { name: 'Save check-in' }).click();
    await expect.poll(async () => (await pro.context().request.get(`/api/clients/${client._id}/wellness`)).json()
      .then((b: { summary: { weeks: { moodAverage: number | null }[] } }) => b.summary.weeks.at(-1)!.moodAverage), { timeout: WAIT }).toBe(2.5);

    // Withdrawn: gone for the professional at once.
    await toggle.click();
    await expectToast(page, 'Sharing stopped, and what was shared is deleted');
    expect(await toggle.isChecked()).toBe(false);
    expect((await pro.context().request.get(`/api/clients/${client._id}/wellness`)).status()).toBe(404);
    await pro.reload();
    await pro.getByText(clientName).first().click();
    await pro.getByRole('region', { name: `Chat with ${clientName}` }).waitFor({ timeout: WAIT });
    expect(await pro.getByTestId('shared-wellness').count()).toBe(0);
  });
});
