/**
 * Crisis detection v2 in real Chromium (docs/crisis-detection.md): an imminent message to Aura puts
 * the emergency call button first in Aura's answer; a person's opt-in lets their referring
 * professional know, on the professional's screen and without the message's words; turning it off
 * stops alerts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, expectCount, messages, referredUserPage } from './aura-helpers';
import { useBrowser, WAIT } from './browser';
import { personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

/** Sets the opt-in from a screen, as the person would, and waits for the server's answer to land. */
async function setAlerts(page: Page, on: boolean): Promise<void> {
  const toggle = page.getByTestId('crisis-alerts').getByRole('checkbox');
  await toggle.waitFor({ timeout: WAIT });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect.poll(() => toggle.isChecked(), { timeout: WAIT }).toBe(on);
  await expect.poll(() => toggle.isDisabled(), { timeout: WAIT }).toBe(false);
}

async function askAura(page: Page, text: string, answers: number): Promise<void> {
  await page.goto('/aura-ai');
  await page.getByRole('heading', { name: 'Welcome to Aura AI' }).waitFor({ timeout: WAIT });
  await ask(page, text);
  await expectCount(page, 'model', answers);
}

describe('crisis detection v2 where people see it', () => {
  const browser = useBrowser();

  it('an imminent message to Aura: the emergency call button is the first thing in Aura\'s answer', async () => {
    const page = await referredUserPage(browser, { width: 390, height: 844 });
    await askAura(page, 'i already took them all, like 40 of my sertraline, i just wanted someone to know', 1);
    const answer = messages(page, 'model').first();
    const call = answer.getByTestId('emergency-call');
    await call.waitFor({ timeout: WAIT });
    expect(await call.getAttribute('href')).toBe('tel:112');
    expect(await call.textContent()).toContain('Call 112 now');
    // First in reading order: no link or button of the answer comes before it.
    const first = await answer.locator('a, button').first().getAttribute('data-testid');
    expect(first).toBe('emergency-call');
    // First on screen: above the card's heading and above Aura's words.
    const callBox = (await call.boundingBox())!;
    const words = (await answer.locator('.chat-bubble').boundingBox())!;
    expect(callBox.y + callBox.height).toBeLessThanOrEqual(words.y);
    expect(await answer.getByTestId('help-card').getAttribute('data-imminent')).toBe('true');
  });

  it('a crisis that is not imminent shows the card without the emergency button first', async () => {
    const page = await referredUserPage(browser);
    await askAura(page, 'everyone would honestly be better off without me', 1);
    const answer = messages(page, 'model').first();
    await answer.getByTestId('help-card').waitFor({ timeout: WAIT });
    expect(await answer.getByTestId('emergency-call').count()).toBe(0);
  });

  it('the opt-in lets the referring professional know without the words; turned off, it stops', async () => {
    const admin = await browser.open();
    const therapist = await browser.open();
    const { code } = await verifiedTherapist(admin, therapist);
    const person = await browser.open({ width: 390, height: 844 });
    const name = uniqueName('Priya');
    await signUpAs(person.context(), 'user', name, code);
    await therapist.goto('/therapist-chat');
    await personRow(therapist, name).waitFor({ timeout: WAIT });

    // Off by default. Turned on, then off again from the profile: a crisis message alerts nobody.
    await person.goto('/profile');
    const toggle = person.getByTestId('crisis-alerts').getByRole('checkbox');
    await toggle.waitFor({ timeout: WAIT });
    expect(await toggle.isChecked()).toBe(false);
    await setAlerts(person, true);
    await setAlerts(person, false);
    const words = 'i want to kill myself, i have the pills here';
    await askAura(person, words, 1);
    await therapist.waitForTimeout(1_500);
    expect(await therapist.getByTestId('crisis-alert').count()).toBe(0);

    // On, from the safety plan: the next crisis message reaches the professional's screen live.
    await person.goto('/safety-plan');
    await setAlerts(person, true);
    await askAura(person, 'honestly i dont want to be alive anymore', 1);
    const alert = therapist.getByTestId('crisis-alert');
    await alert.waitFor({ timeout: WAIT });
    const first = name.split(' ')[0]!;
    expect(await alert.textContent()).toContain(`${first} may need support; they asked us to let you know.`);
    const screen = (await therapist.locator('body').textContent()) ?? '';
    expect(screen).not.toContain('kill myself');
    expect(screen).not.toContain('alive anymore');
    // It shows in the client list, and "Seen" puts it away.
    expect(await personRow(therapist, name).getByTestId('needs-support').count()).toBe(1);
    await alert.getByRole('button', { name: 'Seen' }).click();
    await alert.waitFor({ state: 'detached', timeout: WAIT });
    expect(await personRow(therapist, name).getByTestId('needs-support').count()).toBe(0);
  });
});
