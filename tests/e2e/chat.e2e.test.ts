import { describe, expect, it } from 'vitest';
import { smallPng } from './aura-helpers';
import { expectPath, expectToast, useBrowser, WAIT } from './browser';
import {
  createGroupApi, expectTick, groupIdByName, message, personRow, sendWithEnter, signUpAs, uniqueName, verifiedTherapist,
} from './chat-helpers';

describe('chat, live, in two browsers', () => {
  const browser = useBrowser();

  it('two users exchange direct messages live, each with a tick on their own (one on a phone)', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open();
    const ben = await browser.open({ width: 360, height: 740 });
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    await signUpAs(ana.context(), 'user', anaName, code);
    const benId = (await signUpAs(ben.context(), 'user', benName, code))._id;

    await ana.goto('/chat');
    await ben.goto('/chat');
    await ana.getByRole('tab', { name: 'Direct Messages', selected: true }).waitFor();
    await ana.getByRole('heading', { name: 'Community Support Groups' }).waitFor();

    // Search narrows the list (by all but the last letter: other tests' Bens share a shorter prefix); Ben shows as online (his tab is open) and has no role label (a user).
    await ana.getByLabel('Search people').fill(benName.slice(0, -1));
    await personRow(ana, benName).getByTestId('online-dot').waitFor();
    await expect(personRow(ana, benName).getByTestId('role-label').count()).resolves.toBe(0);
    await expect(ana.getByTestId('person').count()).resolves.toBe(1);
    await personRow(ana, benName).click();

    // On the phone the list gives way to the conversation, with a way back.
    await personRow(ben, anaName).click();
    await ben.getByRole('button', { name: 'Back to list' }).waitFor();
    expect(await personRow(ben, anaName).isVisible()).toBe(false);

    const hello = `hello from Ana ${Date.now()}`;
    await sendWithEnter(ana, hello);
    await expectTick(ana, hello);
    // Cleared only once the message was stored, which the tick proves happened.
    await expect(ana.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('');
    await message(ben, hello).waitFor();
    const time = await message(ben, hello).locator('time').textContent();
    expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    expect(await message(ben, hello).getAttribute('data-mine')).toBe('false');

    const reply = `hi Ana, Ben here ${Date.now()}`;
    await sendWithEnter(ben, reply);
    await expectTick(ben, reply);
    await message(ana, reply).waitFor();

    // A blank message cannot be sent.
    await ana.getByLabel('Message', { exact: true }).fill('   ');
    await expect(ana.getByRole('button', { name: 'Send', exact: true }).isDisabled()).resolves.toBe(true);

    // Back on the phone returns to the list.
    await ben.getByRole('button', { name: 'Back to list' }).click();
    await personRow(ben, anaName).waitFor();

    // A message the server refuses (Ben's account is gone) fails visibly, keeps its text, and can be deleted.
    const res = await admin.context().request.delete(`/api/admin/delete-user/${benId}`);
    expect(res.ok()).toBe(true);
    const refused = `are you still there? ${Date.now()}`;
    await sendWithEnter(ana, refused);
    const failed = message(ana, refused);
    await failed.locator('[data-status="failed"]').waitFor();
    await failed.getByRole('button', { name: 'Retry' }).waitFor();
    await failed.getByRole('button', { name: 'Delete' }).click();
    await failed.waitFor({ state: 'detached' });
  });

  it('images in direct messages: an upload from Haven\'s app and a data URL from the spec\'s client both show', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const fay = await browser.open();
    const gus = await browser.open();
    const fayName = uniqueName('Fay');
    const gusName = uniqueName('Gus');
    const fayId = (await signUpAs(fay.context(), 'user', fayName, code))._id;
    await signUpAs(gus.context(), 'user', gusName, code);
    await fay.goto('/chat');
    await gus.goto('/chat');
    await personRow(fay, gusName).click();
    await personRow(gus, fayName).click();

    // Haven's app: the picture goes to the upload store, the message carries its URL.
    const caption = `the view from my window ${Date.now()}`;
    await fay.getByLabel('Attach an image').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: await smallPng() });
    await fay.getByRole('img', { name: 'Image to send' }).waitFor();
    await sendWithEnter(fay, caption);
    await expectTick(fay, caption);
    const received = message(gus, caption).getByRole('img', { name: 'Image sent to you' });
    await received.waitFor();
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT }).toBe(12);
    expect(await received.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    // The spec's client sends the picture inline as a data URL; Haven stores it and Fay sees it live.
    const dataUrl = `data:image/png;base64,${(await smallPng()).toString('base64')}`;
    const inline = `and here is mine ${Date.now()}`;
    const res = await gus.context().request.post(`/api/messages/send/${fayId}`, { data: { text: inline, image: dataUrl }, timeout: WAIT });
    expect(res.status()).toBe(201);
    const sent = (await res.json()) as { image: string };
    expect(sent.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const shown = message(fay, inline).getByRole('img', { name: 'Image sent to you' });
    await shown.waitFor({ timeout: WAIT });
    expect(await shown.getAttribute('src')).toBe(sent.image);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT }).toBe(12);
  });

  it('group messages arrive live for every member, with the sender named', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Exam Stress');
    await createGroupApi(admin, groupName, 'academic');
    const cleo = await browser.open();
    const dev = await browser.open();
    const cleoName = uniqueName('Cleo');
    const devName = uniqueName('Dev');
    await signUpAs(cleo.context(), 'user', cleoName, code);
    await signUpAs(dev.context(), 'user', devName, code);

    for (const page of [cleo, dev]) {
      await page.goto('/chat');
      const card = page.getByTestId('group-card').filter({ hasText: groupName });
      await card.getByRole('button', { name: `Join ${groupName}` }).click();
      // The group's guidelines come first (docs/decisions/community-rules.md).
      await page.getByRole('dialog').getByRole('button', { name: 'I agree, join' }).click();
      await expectToast(page, `Joined ${groupName}`);
      await page.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    }

    // Marked in base 36: a run of digits would look like a phone number to the group's contact-details check.
    const text = `exams are soon, anyone else nervous? ${Date.now().toString(36)}`;
    await sendWithEnter(cleo, text);
    await expectTick(cleo, text);
    await message(dev, text).waitFor();
    await expect(message(dev, text).locator('.chat-header').textContent()).resolves.toBe(cleoName);

    const answer = `yes, me too ${Date.now().toString(36)}`;
    await sendWithEnter(dev, answer);
    await expectTick(dev, answer);
    await message(cleo, answer).waitFor();

    // The Groups tab lists it as joined and searchable.
    await cleo.getByRole('tab', { name: 'Groups' }).click();
    await cleo.getByLabel('Search groups').fill(groupName);
    await cleo.getByTestId('group-item').filter({ hasText: groupName }).filter({ hasText: 'Open Chat' }).waitFor();
  });

  it('a therapist sees a referred user under My Clients, and they chat', async () => {
    const admin = await browser.open();
    const therapist = await browser.open();
    const drName = uniqueName('Dr Rivera');
    const { code } = await verifiedTherapist(admin, therapist, drName);
    await therapist.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const eli = await browser.open({ width: 360, height: 740 });
    const eliName = uniqueName('Eli');
    await signUpAs(eli.context(), 'user', eliName, code);

    await therapist.goto('/therapist-chat');
    await therapist.getByRole('heading', { name: 'My Clients' }).waitFor();
    await therapist.getByRole('button', { name: 'My Referral Code' }).click();
    await expect(therapist.getByTestId('my-referral-code').textContent()).resolves.toBe(code);
    await therapist.getByRole('button', { name: 'Copy code' }).click();
    await expectToast(therapist, 'Referral code copied to clipboard!');
    await expect(therapist.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    await therapist.getByRole('button', { name: 'Close' }).click();
    await therapist.getByRole('dialog').waitFor({ state: 'hidden' });

    await eli.goto('/therapist-chat');
    await eli.getByRole('heading', { name: 'Therapists' }).waitFor();
    await expect(eli.getByRole('button', { name: 'My Referral Code' }).count()).resolves.toBe(0);
    await personRow(eli, drName).getByTestId('role-label').filter({ hasText: 'Therapist' }).waitFor();
    await personRow(eli, drName).click();

    await personRow(therapist, eliName).click();
    const question = `Could we talk about my week? ${Date.now()}`;
    await sendWithEnter(eli, question);
    await expectTick(eli, question);
    await message(therapist, question).waitFor();
    const answer = `Of course, I am here. ${Date.now()}`;
    await sendWithEnter(therapist, answer);
    await message(eli, answer).waitFor({ timeout: WAIT });
  });

  it('the admin creates a group, a user joins through ?group=, the admin removes them and deletes the group', async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const fay = await browser.open();
    const fayName = uniqueName('Fay');
    await signUpAs(fay.context(), 'user', fayName, code);

    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Create Group' }).click();
    await expectToast(admin, 'Please fill in all fields');
    const groupName = uniqueName('Grief Circle');
    await admin.getByLabel('Group Name').fill(groupName);
    await admin.getByLabel('Group Type').selectOption('relationship');
    await admin.getByLabel('Description').fill('For anyone carrying a loss.');
    await admin.getByRole('button', { name: 'Create Group' }).click();
    await expectToast(admin, `${groupName} group created successfully`);
    const card = admin.getByTestId('admin-group').filter({ hasText: groupName });
    await card.waitFor();
    const id = await groupIdByName(admin, groupName);

    await fay.goto(`/chat?group=${id}`);
    await fay.getByRole('dialog', { name: `Before you join ${groupName}` }).getByRole('button', { name: 'I agree, join' }).click();
    await expectToast(fay, `Joined ${groupName}`);
    // The link's ?group= is replaced by the open group's own address (docs/decisions/route-tree.md).
    await fay.waitForURL((url) => url.pathname === `/chat/group/${id}` && url.search === '', { timeout: WAIT });
    await expectPath(fay, `/chat/group/${id}`);
    await fay.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();

    await admin.reload();
    await card.getByText(fayName).waitFor();
    await card.getByRole('button', { name: `Remove ${fayName} from ${groupName}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await card.getByText(fayName).waitFor({ state: 'detached' });

    await card.getByRole('button', { name: `Delete group ${groupName}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    const left = await admin.context().request.get('/api/admin/groups');
    expect(((await left.json()) as { name: string }[]).some((g) => g.name === groupName)).toBe(false);
  });
});
