/**
 * Everyday chat on a phone (docs/everyday-chat.md), in real Chromium at 390 px: unread counts and
 * previews on /chat and the dashboard, the "New messages" divider and date separators in a
 * conversation, read positions shared by a person's devices, and the lists' loading, empty and
 * error states.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems, smallPng } from './aura-helpers';
import { loginApi, PASSWORD, useBrowser, WAIT } from './browser';
import { createGroupApi, message, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 844 };
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

let n = 0;
const clientId = () => `unread-e2e-${Date.now().toString(36)}-${(n += 1)}`;

async function sendApi(from: Page, toId: string, body: { text?: string; image?: string }): Promise<void> {
  const res = await from.context().request.post(`/api/messages/send/${toId}`, { data: { text: '', ...body, clientId: clientId() }, timeout: WAIT });
  if (!res.ok()) throw new Error(`send failed: ${res.status()} ${await res.text()}`);
}

/**
 * `reader` takes direct messages from `fromId`: without it, a first message from a peer they never
 * talked with is a message request, counted in no total (docs/decisions/message-requests.md).
 */
async function acceptApi(reader: Page, fromId: string): Promise<void> {
  const res = await reader.context().request.post(`/api/messages/requests/${fromId}/accept`, { timeout: WAIT });
  if (!res.ok()) throw new Error(`accept failed: ${res.status()} ${await res.text()}`);
}

const badgeOf = (row: ReturnType<Page['locator']>) => row.getByTestId('unread-badge');
/** The badge's number as shown, and the words a screen reader hears. */
async function badge(row: ReturnType<Page['locator']>): Promise<[string | null, string | null]> {
  const b = badgeOf(row);
  return [await b.locator('[aria-hidden="true"]').textContent(), await b.locator('.sr-only').textContent()];
}
const card = (page: Page, title: string) => page.getByRole('link', { name: new RegExp(`^${title}`) });

/** Brings the tab to the front again (as picking up the phone does): the app syncs what it missed. */
const backToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

describe('unread messages on a phone', () => {
  const browser = useBrowser();

  it('counts, previews and orders what arrived elsewhere; opening it shows where it begins and clears it on every device', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open(PHONE);
    const ben = await browser.open();
    const cleo = await browser.open();
    const [anaName, benName, cleoName] = [uniqueName('Ana'), uniqueName('Ben'), uniqueName('Cleo')];
    const anaUser = await signUpAs(ana.context(), 'user', anaName, code);
    const benUser = await signUpAs(ben.context(), 'user', benName, code);
    const cleoUser = await signUpAs(cleo.context(), 'user', cleoName, code);
    for (const from of [benUser, cleoUser]) await acceptApi(ana, from._id);

    await ana.goto('/dashboard');
    await ana.getByRole('heading', { name: `Welcome, ${anaName}` }).waitFor();
    // Ana is on the dashboard while Cleo, then Ben, write to her.
    await sendApi(cleo, anaUser._id, { text: 'are you around later?' });
    const first = `Ben's first ${Date.now()}`;
    await sendApi(ben, anaUser._id, { text: first });
    await sendApi(ben, anaUser._id, { text: 'and a second line\nwith a break' });
    await sendApi(ben, anaUser._id, { image: `data:image/png;base64,${(await smallPng()).toString('base64')}` });

    // The Community Chat card totals them; the therapist card has nothing new.
    await expect.poll(() => badge(card(ana, 'Community Chat')), { timeout: WAIT }).toEqual(['4', '4 unread messages']);
    await ana.getByRole('link', { name: /Community Chat.*4 unread messages/ }).waitFor();
    expect(await badgeOf(card(ana, 'Chat with Therapist')).count()).toBe(0);

    await card(ana, 'Community Chat').click();
    const benRow = personRow(ana, benName);
    const cleoRow = personRow(ana, cleoName);
    await expect.poll(() => badge(benRow), { timeout: WAIT }).toEqual(['3', '3 unread messages']);
    expect(await badge(cleoRow)).toEqual(['1', '1 unread message']);
    // The image alone reads "Photo"; times are 24-hour HH:MM today; latest activity first.
    expect(await benRow.getByTestId('preview').textContent()).toBe('Photo');
    expect(await cleoRow.getByTestId('preview').textContent()).toBe('are you around later?');
    expect(await benRow.getByTestId('row-time').textContent()).toMatch(HHMM);
    const order = await ana.getByTestId('person').allTextContents();
    expect(order.findIndex((t) => t.includes(benName))).toBe(0);
    expect(order.findIndex((t) => t.includes(cleoName))).toBe(1);

    // A second device of Ana's, open meanwhile, agrees.
    const tablet = await browser.open(PHONE);
    await loginApi(tablet.context(), anaUser.email, PASSWORD);
    await tablet.goto('/chat');
    await expect.poll(() => badge(personRow(tablet, benName)), { timeout: WAIT }).toEqual(['3', '3 unread messages']);

    // Opening it: a "Today" separator, the divider above Ben's first unread message, HH:MM on each.
    await benRow.click();
    const divider = ana.getByTestId('new-messages-divider');
    await divider.waitFor();
    const firstRow = message(ana, first);
    expect(await divider.evaluate((d, row) => Boolean(d.compareDocumentPosition(row!) & Node.DOCUMENT_POSITION_FOLLOWING), await firstRow.elementHandle())).toBe(true);
    expect(await ana.getByTestId('day-separator').allTextContents()).toEqual(['Today']);
    for (const time of await ana.getByTestId('message').locator('time').allTextContents()) expect(time).toMatch(HHMM);
    // The divider stays while Ana reads; the count is gone once she goes back.
    await ana.getByRole('button', { name: 'Back to list' }).click();
    await badgeOf(personRow(ana, benName)).waitFor({ state: 'detached' });
    expect(await badge(cleoRow)).toEqual(['1', '1 unread message']);
    await ana.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect.poll(() => badge(card(ana, 'Community Chat')), { timeout: WAIT }).toEqual(['1', '1 unread message']);

    // The other device learns it too: live, or at the latest when it is in front again.
    await backToTab(tablet);
    await badgeOf(personRow(tablet, benName)).waitFor({ state: 'detached', timeout: WAIT });
    expect(await badge(personRow(tablet, cleoName))).toEqual(['1', '1 unread message']);
    // Reopened later, nothing is "new" there any more.
    await personRow(tablet, benName).click();
    await message(tablet, first).waitFor();
    expect(await tablet.getByTestId('new-messages-divider').count()).toBe(0);
  });

  it('groups: a member sees the count, who wrote last and the divider; the panel shows the count too', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open(PHONE);
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    await signUpAs(ana.context(), 'user', anaName, code);
    await signUpAs(ben.context(), 'user', benName, code);
    const groupName = uniqueName('Evening Circle');
    const groupId = await createGroupApi(admin, groupName);
    for (const p of [ana, ben]) expect((await p.context().request.post(`/api/messages/join-group/${groupId}`, { timeout: WAIT })).ok()).toBe(true);

    await ana.goto('/dashboard');
    await ana.getByRole('heading', { name: `Welcome, ${anaName}` }).waitFor();
    for (const text of ['hello circle', 'how was everyone\'s day?']) {
      const res = await ben.context().request.post(`/api/messages/send-group/${groupId}`, { data: { text, clientId: clientId() }, timeout: WAIT });
      expect(res.ok()).toBe(true);
    }
    await expect.poll(() => badge(card(ana, 'Community Chat')), { timeout: WAIT }).toEqual(['2', '2 unread messages']);
    await card(ana, 'Community Chat').click();
    const panelCard = ana.getByTestId('group-card').filter({ hasText: groupName });
    await expect.poll(() => badge(panelCard), { timeout: WAIT }).toEqual(['2', '2 unread messages']);
    await ana.getByRole('tab', { name: 'Groups' }).click();
    const row = ana.getByTestId('group-item').filter({ hasText: groupName });
    expect(await badge(row)).toEqual(['2', '2 unread messages']);
    expect(await row.getByTestId('preview').textContent()).toBe(`${benName.split(' ')[0]}: how was everyone's day?`);
    expect(await ana.getByTestId('group-item').first().textContent()).toContain(groupName);

    await row.click();
    await ana.getByTestId('new-messages-divider').waitFor();
    await message(ana, 'hello circle').waitFor();
    await ana.getByRole('button', { name: 'Back to list' }).click();
    await badgeOf(ana.getByTestId('group-item').filter({ hasText: groupName })).waitFor({ state: 'detached' });
  });

  it('a list says loading, failed or empty, each in its own words', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const page = await browser.open(PHONE);
    await signUpAs(page.context(), 'user', uniqueName('Dee'), code);

    // Loading: the answer is held back; nothing claims there are no groups.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route('**/api/messages/groups', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: 'Something went wrong', code: 'INTERNAL' } });
    });
    await page.goto('/chat');
    await page.getByRole('status').filter({ hasText: 'Loading groups' }).first().waitFor({ state: 'attached' });
    expect(await page.getByText('There are no support groups yet.').count()).toBe(0);

    // Failed, with nothing stored: an error with Try Again, still not "no groups".
    release();
    await page.getByRole('alert').filter({ hasText: 'We could not load the support groups.' }).first().waitFor();
    await page.getByRole('button', { name: 'Try Again' }).first().waitFor();
    expect(await page.getByText('There are no support groups yet.').count()).toBe(0);

    // The people list shares the failure: an error, not a spinner that never ends.
    await page.getByRole('alert').filter({ hasText: 'We could not load the people you can message.' }).waitFor();

    // Empty: the server answers none (the screen opened again from the dashboard).
    await page.unroute('**/api/messages/groups');
    await page.route('**/api/messages/groups', (route) => route.fulfill({ status: 200, json: [] }));
    // The failure's toast may still be drawn over the link, and react-hot-toast holds a toast while
    // the pointer rests on it, so a mouse click would wait behind it: the link is taken with the
    // keyboard instead (what this test is about is the lists, not the pointer).
    await page.getByRole('link', { name: 'Back to Dashboard' }).press('Enter');
    await card(page, 'Community Chat').click();
    await page.getByText('There are no support groups yet.').first().waitFor();
    expect(await page.getByText('We could not load the support groups.').count()).toBe(0);
  });

  for (const theme of ['coffee', 'light', 'dracula']) {
    it(`axe finds nothing serious on the unread badges, previews and dividers (${theme}, 390 px)`, async () => {
      const admin = await browser.open();
      const { code } = await verifiedTherapist(admin, await browser.open());
      const ana = await browser.open({ ...PHONE, theme });
      const ben = await browser.open();
      const anaName = uniqueName('Ana');
      const benName = uniqueName('Ben');
      const anaUser = await signUpAs(ana.context(), 'user', anaName, code);
      const benUser = await signUpAs(ben.context(), 'user', benName, code);
      await acceptApi(ana, benUser._id);
      await sendApi(ben, anaUser._id, { text: 'thinking of you today' });

      const problems: string[] = [];
      await ana.goto('/dashboard');
      await badgeOf(card(ana, 'Community Chat')).waitFor();
      problems.push(...(await axeProblems(ana)).map((p) => `dashboard: ${p}`));
      await card(ana, 'Community Chat').click();
      await badgeOf(personRow(ana, benName)).waitFor();
      problems.push(...(await axeProblems(ana)).map((p) => `chat list: ${p}`));
      await personRow(ana, benName).click();
      await ana.getByTestId('new-messages-divider').waitFor();
      problems.push(...(await axeProblems(ana)).map((p) => `conversation: ${p}`));
      const overflow = await ana.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    });
  }
});
