/**
 * Community safety (docs/community-safety.md) in real Chromium against the real server: a block
 * holds on every path (live, after a reload, after being offline), a stranger's message waits under
 * Message requests, a message taken back becomes a tombstone on the other screen, mute quiets the
 * badge, and a group shows its guidelines before joining, its members, leaving it, and a word
 * before sharing contact details.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, useBrowser, WAIT } from './browser';
import { createGroupApi, expectTick, message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

let n = 0;
/** A mark that keeps texts apart without a run of digits (which the group's contact-details check would question). */
const stamp = () => `${Date.now().toString(36)}-${(n += 1)}`;

async function post(page: Page, path: string, data?: unknown, method: 'post' | 'put' = 'post'): Promise<unknown> {
  const res = await page.context().request[method](path, { data, timeout: WAIT });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}
const sendDm = (from: Page, toId: string, text: string) => post(from, `/api/messages/send/${toId}`, { text, clientId: `safety-e2e-${stamp()}` });
const sendInGroup = (from: Page, groupId: string, text: string) => post(from, `/api/messages/send-group/${groupId}`, { text, clientId: `safety-e2e-${stamp()}` });
const joinApi = (page: Page, groupId: string) => post(page, `/api/messages/join-group/${groupId}`);
async function isMember(page: Page, groupId: string): Promise<boolean> {
  const groups = (await (await page.context().request.get('/api/messages/groups', { timeout: WAIT })).json()) as { _id: string; isMember: boolean }[];
  return groups.find((g) => g._id === groupId)?.isMember ?? false;
}

async function openGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByTestId('group-item').filter({ hasText: name }).filter({ hasText: 'Open Chat' }).click();
  await page.getByTestId('conversation-title').filter({ hasText: name }).waitFor();
}
async function openPerson(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Direct Messages' }).click();
  await personRow(page, name).click();
  await page.getByTestId('conversation-title').filter({ hasText: name }).waitFor();
}
const options = (page: Page) => page.getByRole('button', { name: 'Conversation options' });
const card = (page: Page, title: string) => page.getByRole('link', { name: new RegExp(`^${title}`) });

/** A verified therapist's code and `count` users signed up with it, each on their own page. */
async function people(browser: ReturnType<typeof useBrowser>, names: string[]) {
  const admin = await browser.open();
  const { code } = await verifiedTherapist(admin, await browser.open());
  const pages: Page[] = [];
  const ids: string[] = [];
  for (const name of names) {
    const page = await browser.open();
    ids.push((await signUpAs(page.context(), 'user', name, code))._id);
    pages.push(page);
  }
  return { admin, pages, ids };
}

describe('community safety, in several browsers', () => {
  const browser = useBrowser();

  it('A blocks B from a message: B\'s direct and group messages never reach A, live, after a reload, or after A was offline', async () => {
    const [anaName, benName, cleoName] = [uniqueName('Ana'), uniqueName('Ben'), uniqueName('Cleo')];
    const { admin, pages: [ana, ben, cleo], ids: [anaId] } = await people(browser, [anaName, benName, cleoName]);
    const groupName = uniqueName('Night Owls');
    const groupId = await createGroupApi(admin, groupName);
    for (const p of [ana!, ben!, cleo!]) await joinApi(p, groupId);

    // Ana writes first, so Ben is no stranger to her.
    await ana!.goto('/chat');
    await openPerson(ana!, benName);
    const hello = `hi Ben ${stamp()}`;
    await sendWithEnter(ana!, hello);
    await expectTick(ana!, hello);
    const benFirst = `Ben says hello ${stamp()}`;
    await sendDm(ben!, anaId!, benFirst);
    await message(ana!, benFirst).waitFor();

    // From the message's actions, after a confirmation; his messages leave the screen at once.
    await message(ana!, benFirst).getByRole('button', { name: 'Message actions' }).click();
    await ana!.getByRole('menuitem', { name: `Block ${benName}` }).click();
    const dialog = ana!.getByRole('dialog', { name: `Block ${benName}?` });
    await dialog.getByText("They won't be told. You won't see their messages or they your online status.").waitFor();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await message(ana!, benFirst).waitFor({ state: 'detached' });
    await message(ana!, hello).waitFor();
    await ana!.getByTestId('blocked-notice').filter({ hasText: `You blocked ${benName}.` }).waitFor();
    expect(await ana!.getByLabel('Message', { exact: true }).count()).toBe(0);

    // Live: Ben writes to her and in the group (the server takes both), then Cleo writes in the group.
    const benDirect = `are you ignoring me ${stamp()}`;
    const benGroup = `Ben in the group ${stamp()}`;
    await sendDm(ben!, anaId!, benDirect);
    await sendInGroup(ben!, groupId, benGroup);
    await openGroup(ana!, groupName);
    const cleoLine = `Cleo in the group ${stamp()}`;
    await sendInGroup(cleo!, groupId, cleoLine);
    await message(ana!, cleoLine).waitFor();
    expect(await message(ana!, benGroup).count()).toBe(0);
    await openPerson(ana!, benName);
    await message(ana!, hello).waitFor();
    expect(await message(ana!, benDirect).count()).toBe(0);

    // After a reload.
    await ana!.reload();
    await openGroup(ana!, groupName);
    await message(ana!, cleoLine).waitFor();
    expect(await message(ana!, benGroup).count()).toBe(0);
    await openPerson(ana!, benName);
    await message(ana!, hello).waitFor();
    expect(await message(ana!, benDirect).count()).toBe(0);
    await ana!.getByTestId('blocked-notice').waitFor();

    // While she is offline, and when she is back.
    await openGroup(ana!, groupName);
    await ana!.context().setOffline(true);
    await ana!.getByText("You're offline.").waitFor();
    const benOffline = `Ben while she was away ${stamp()}`;
    const benOfflineDm = `one more from Ben ${stamp()}`;
    await sendInGroup(ben!, groupId, benOffline);
    await sendDm(ben!, anaId!, benOfflineDm);
    const cleoOffline = `Cleo while she was away ${stamp()}`;
    await sendInGroup(cleo!, groupId, cleoOffline);
    await ana!.context().setOffline(false);
    await message(ana!, cleoOffline).waitFor({ timeout: WAIT * 2 });
    expect(await message(ana!, benOffline).count()).toBe(0);
    await openPerson(ana!, benName);
    await message(ana!, hello).waitFor();
    expect(await message(ana!, benOfflineDm).count()).toBe(0);
    // Nor did anything of his reach her device's store by another path.
    const stored = await ana!.evaluate(async (benText) => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((d) => d.startsWith('haven-'));
      let found = 0;
      for (const name of names) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open(name);
          req.addEventListener('success', () => resolve(req.result));
          req.addEventListener('error', () => reject(req.error));
        });
        const all = await new Promise<{ text: string }[]>((resolve) => {
          const req = db.transaction('messages').objectStore('messages').getAll();
          req.addEventListener('success', () => resolve(req.result as { text: string }[]));
        });
        found += all.filter((m) => benText.some((t) => m.text === t)).length;
        db.close();
      }
      return found;
    }, [benDirect, benGroup, benOffline, benOfflineDm]);
    expect(stored).toBe(0);
  });

  it('a stranger\'s message waits under Message requests, counted in no total, until Accept; Haven\'s team cannot be blocked', async () => {
    const [anaName, rexName] = [uniqueName('Ana'), uniqueName('Rex')];
    const { admin, pages: [ana, rex], ids: [anaId] } = await people(browser, [anaName, rexName]);
    const adminName = ((await (await admin.context().request.get('/api/auth/check')).json()) as { fullName: string }).fullName;

    await ana!.goto('/chat');
    await personRow(ana!, rexName).waitFor();
    const ask = `hey, saw you around, want to talk? ${stamp()}`;
    await sendDm(rex!, anaId!, ask);
    const toggle = ana!.getByRole('button', { name: /^Message requests \(1\)/ });
    await toggle.waitFor();
    expect(await personRow(ana!, rexName).getByTestId('unread-badge').count()).toBe(0);
    expect(await personRow(ana!, rexName).getByText(ask).count()).toBe(0);
    await ana!.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ana!.getByRole('heading', { name: `Welcome, ${anaName}` }).waitFor();
    expect(await card(ana!, 'Community Chat').getByTestId('unread-badge').count()).toBe(0);

    await card(ana!, 'Community Chat').click();
    await toggle.click();
    const request = ana!.getByRole('list', { name: 'Message requests' }).getByTestId('request').filter({ hasText: rexName });
    await request.filter({ hasText: '1 message' }).waitFor();
    await request.click();
    await message(ana!, ask).waitFor();
    const banner = ana!.getByTestId('request-banner');
    await banner.getByText(`${rexName} wants to message you. Accept to reply, or block or report them.`).waitFor();
    for (const name of ['Block', 'Report']) await banner.getByRole('button', { name, exact: true }).waitFor();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    await toggle.waitFor({ state: 'detached' });
    // Now an ordinary conversation: in the people list, with its preview.
    await personRow(ana!, rexName).getByText(ask).waitFor();

    // Haven's team writes; they are labelled as such and offer no Block.
    const note = `Welcome to Haven ${stamp()}`;
    await sendDm(admin, anaId!, note);
    await personRow(ana!, adminName).getByTestId('role-label').filter({ hasText: 'Haven team' }).waitFor();
    await openPerson(ana!, adminName);
    await message(ana!, note).getByRole('button', { name: 'Message actions' }).click();
    await expect(ana!.getByRole('menuitem').allTextContents()).resolves.toEqual(['Reply', 'Copy', 'Report']);
    await ana!.keyboard.press('Escape');
    await options(ana!).click();
    expect(await ana!.getByRole('menuitem', { name: /^Block/ }).count()).toBe(0);
    await ana!.keyboard.press('Escape');
  });

  it('deleting one\'s own message shows "This message was deleted" on the other person\'s open conversation; mute quiets the badge', async () => {
    const [anaName, benName] = [uniqueName('Ana'), uniqueName('Ben')];
    const { pages: [ana, ben], ids: [anaId] } = await people(browser, [anaName, benName]);
    await ana!.goto('/chat');
    await ben!.goto('/chat');
    await openPerson(ana!, benName);
    await openPerson(ben!, anaName);
    const oops = `sorry, wrong chat ${stamp()}`;
    await sendWithEnter(ana!, oops);
    await expectTick(ana!, oops);
    await message(ben!, oops).waitFor();

    await message(ana!, oops).getByRole('button', { name: 'Message actions' }).click();
    await ana!.getByRole('menuitem', { name: 'Delete for everyone' }).click();
    await ana!.getByRole('dialog', { name: 'Delete for everyone?' }).getByRole('button', { name: 'Delete for everyone' }).click();
    const gone = (page: Page) => page.getByTestId('message').filter({ hasText: 'This message was deleted' });
    await gone(ana!).waitFor();
    await gone(ben!).waitFor();
    expect(await message(ben!, oops).count()).toBe(0);
    expect(await gone(ben!).getByRole('button', { name: 'Message actions' }).count()).toBe(0);

    // Ana mutes Ben for 8 hours: the mark shows, and what he sends next counts nowhere.
    await options(ana!).click();
    await ana!.getByRole('menuitem', { name: 'Mute for 8 hours' }).click();
    await ana!.getByTestId('conversation-title').locator('..').getByRole('img', { name: 'Muted' }).waitFor();
    await ana!.goto('/dashboard');
    await ana!.getByRole('heading', { name: `Welcome, ${anaName}` }).waitFor();
    const quiet = `are you there? ${stamp()}`;
    await sendDm(ben!, anaId!, quiet);
    await card(ana!, 'Community Chat').click();
    const row = personRow(ana!, benName);
    await row.getByText(quiet).waitFor();
    await row.getByRole('img', { name: 'Muted' }).waitFor();
    expect(await row.getByTestId('unread-badge').count()).toBe(0);

    // Unmuted, the next message counts again.
    await row.click();
    await options(ana!).click();
    await ana!.getByRole('menuitem', { name: 'Unmute' }).click();
    await expectToast(ana!, 'Unmuted.');
    await ana!.goto('/dashboard');
    await sendDm(ben!, anaId!, `hello again ${stamp()}`);
    await expect.poll(() => card(ana!, 'Community Chat').getByTestId('unread-badge').count(), { timeout: WAIT }).toBe(1);
  });

  it('a group shows its guidelines before joining and joins only on agreeing; members, a word before contact details, and leaving', async () => {
    const anaName = uniqueName('Ana');
    const { admin, pages: [ana] } = await people(browser, [anaName]);
    const groupName = uniqueName('Exam Calm');
    const groupId = await createGroupApi(admin, groupName, 'academic');
    await post(admin, `/api/admin/groups/${groupId}/guidelines`, { guidelines: 'Be gentle with each other.\nNo exam answers shared here.' }, 'put');
    const drName = uniqueName('Dr Lee');
    const drPage = await browser.open();
    await verifiedTherapist(await browser.open(), drPage, drName);
    await joinApi(drPage, groupId);
    await joinApi(admin, groupId);

    await ana!.goto('/chat');
    const join = ana!.getByTestId('group-card').filter({ hasText: groupName }).getByRole('button', { name: `Join ${groupName}` });
    await join.click();
    let dialog = ana!.getByRole('dialog', { name: `Before you join ${groupName}` });
    await dialog.getByText('No exam answers shared here.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await isMember(ana!, groupId)).toBe(false);
    await join.click();
    dialog = ana!.getByRole('dialog', { name: `Before you join ${groupName}` });
    await dialog.getByRole('button', { name: 'I agree, join' }).click();
    await expectToast(ana!, `Joined ${groupName}`);
    await ana!.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    expect(await isMember(ana!, groupId)).toBe(true);

    // Members: chosen names, a professional's role, Haven team for an admin, never a crisis service.
    await options(ana!).click();
    await ana!.getByRole('menuitem', { name: 'Members' }).click();
    const members = ana!.getByRole('list', { name: 'Members' });
    await members.getByTestId('member').filter({ hasText: `${anaName} (you)` }).waitFor();
    await members.getByTestId('member').filter({ hasText: drName }).getByTestId('member-role').filter({ hasText: 'Therapist' }).waitFor();
    await members.getByTestId('member-role').filter({ hasText: 'Haven team' }).waitFor();
    expect(await members.textContent()).not.toMatch(/crisis/i);
    await ana!.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // A phone number: asked first; Edit keeps every word; Send anyway sends them.
    const box = ana!.getByLabel('Message', { exact: true });
    const typed = `call me on 0770 090 0123 after the exam ${stamp()}`;
    await box.fill(typed);
    await box.press('Enter');
    const prompt = ana!.getByTestId('personal-info-prompt');
    await prompt.getByText('This looks like a phone number.').waitFor();
    await prompt.getByRole('button', { name: 'Edit' }).click();
    await prompt.waitFor({ state: 'detached' });
    await expect(box.inputValue()).resolves.toBe(typed);
    expect(await message(ana!, typed).count()).toBe(0);
    await box.press('Enter');
    await prompt.getByRole('button', { name: 'Send anyway' }).click();
    await expectTick(ana!, typed);
    await expect(box.inputValue()).resolves.toBe('');

    // Leaving, after a confirmation: the group shows as not joined.
    await options(ana!).click();
    await ana!.getByRole('menuitem', { name: 'Leave group' }).click();
    await ana!.getByRole('dialog', { name: `Leave ${groupName}?` }).getByRole('button', { name: 'Leave group' }).click();
    await expectToast(ana!, `You left ${groupName}.`);
    await join.waitFor();
    expect(await isMember(ana!, groupId)).toBe(false);
  });
});
