/**
 * The open conversation lives in the address (/chat/dm/{the other person's id},
 * /chat/group/{groupId}), in real Chromium: the browser's Back leaves the conversation for the
 * list, a reload reopens it, a link opens it, and the spec's ?group= link still joins first.
 */
import { describe, expect, it } from 'vitest';
import { expectPath, expectToast, useBrowser } from './browser';
import { createGroupApi, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';

const PHONE = { width: 390, height: 844 };

describe('the conversation in the address', () => {
  const browser = useBrowser();

  it("Back returns to the list, a reload reopens the conversation, and the app's own Back adds no step", async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const ana = await browser.open(PHONE);
    const ben = await browser.open();
    const anaName = uniqueName('Ana');
    const benName = uniqueName('Ben');
    await signUpAs(ana.context(), 'user', anaName, code);
    const benId = (await signUpAs(ben.context(), 'user', benName, code))._id;
    const title = ana.getByTestId('conversation-title');

    await ana.goto('/dashboard');
    await ana.getByRole('link', { name: /^Community Chat/ }).click();
    await expectPath(ana, '/chat');
    await personRow(ana, benName).click();
    await expectPath(ana, `/chat/dm/${benId}`);
    await title.filter({ hasText: benName }).waitFor();

    await ana.reload();
    await title.filter({ hasText: benName }).waitFor();
    expect(new URL(ana.url()).pathname).toBe(`/chat/dm/${benId}`);

    // The browser's Back: the list, not the dashboard.
    await ana.goBack();
    await expectPath(ana, '/chat');
    await personRow(ana, benName).waitFor();
    await title.waitFor({ state: 'detached' });
    await ana.goForward();
    await title.filter({ hasText: benName }).waitFor();

    // The app's own Back goes back the same step: one more Back leaves the chat.
    await ana.getByRole('button', { name: 'Back to list' }).click();
    await expectPath(ana, '/chat');
    await personRow(ana, benName).waitFor();
    await ana.goBack();
    await expectPath(ana, '/dashboard');

    // A link to the conversation opens it; a malformed one says so and shows the list.
    await ana.goto(`/chat/dm/${benId}`);
    await title.filter({ hasText: benName }).waitFor();
    await ana.goto('/chat/dm/not-an-id');
    await expectToast(ana, 'Invalid user selected');
    await expectPath(ana, '/chat');
  });

  it("?group= joins first and then opens the group at its own address, which a reload and a link open again", async () => {
    const admin = await browser.open();
    const { code } = await verifiedTherapist(admin, await browser.open());
    const groupName = uniqueName('Quiet Hour');
    const groupId = await createGroupApi(admin, groupName);
    const fay = await browser.open();
    await signUpAs(fay.context(), 'user', uniqueName('Fay'), code);
    const title = fay.getByTestId('conversation-title').filter({ hasText: groupName });

    await fay.goto(`/chat?group=${groupId}`);
    await fay.getByRole('dialog', { name: `Before you join ${groupName}` }).getByRole('button', { name: 'I agree, join' }).click();
    await expectToast(fay, `Joined ${groupName}`);
    await expectPath(fay, `/chat/group/${groupId}`);
    expect(new URL(fay.url()).search).toBe('');
    await title.waitFor();

    await fay.reload();
    await title.waitFor();
    // The link's own entry became the list: Back leads there, and joins nothing again.
    await fay.goBack();
    await expectPath(fay, '/chat');
    await fay.getByRole('heading', { name: 'Community Support Groups' }).waitFor();
    await expect(fay.getByRole('dialog').count()).resolves.toBe(0);

    // Already a member: the ?group= link and the group's address both open it at once.
    const again = await fay.context().newPage();
    await again.goto(`/chat?group=${groupId}`);
    await expectPath(again, `/chat/group/${groupId}`);
    await again.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await expect(again.getByRole('dialog').count()).resolves.toBe(0);
    await again.goto(`/chat/group/${groupId}`);
    await again.getByTestId('conversation-title').filter({ hasText: groupName }).waitFor();
    await again.close();
  });
});
