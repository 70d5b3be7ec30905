/**
 * What a person does on a message (docs/decisions/message-menu.md), in jsdom against a fake API:
 * the menu by right-click, long press and keyboard; Copy; Reply with its bar and the quote it
 * leaves; inline Edit; reaction chips (never anyone blocked); the written time and "edited".
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DirectChat, GroupChat } from '../../../src/client/features/chat/Conversation';
import { formatTime } from '../../../src/client/features/chat/format';
import { sameRow, type MessageRowProps } from '../../../src/client/features/chat/MessageRow';
import { LONG_PRESS_MS } from '../../../src/client/features/chat/message/useMessageMenu';
import { AppToaster } from '../../../src/client/ui/Toasts';
import type { GroupSummary } from '../../../src/shared/api';
import { directKey, groupKey } from '../../../src/shared/conversation';
import { me, message, person, sized, useSafetyDevice } from '../safety/harness';

vi.mock('../../../src/client/features/auth/session', async (importOriginal) => {
  const { currentEngine } = await import('../../../src/client/sync/current');
  return { ...(await importOriginal<object>()), useUser: () => currentEngine()!.user };
});

const device = useSafetyDevice();
const NOOR = person('b0000000000000000000000b', 'Noor Haddad');
const GROUP: GroupSummary = {
  _id: 'e0000000000000000000000e', name: 'Calm Corner', type: 'mental', description: 'A calm place', members: [], createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 3, isMember: true,
};
const DM = directKey(NOOR._id);

/** The screen on a memory router whose address the test can read. */
function show(ui: () => ReactNode) {
  const rootRoute = createRootRoute({ component: () => <>{ui()}<AppToaster /></> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [`/chat/dm/${NOOR._id}`] }) });
  render(sized(<RouterProvider router={router} />));
  return router;
}
const direct = () => show(() => <DirectChat id={NOOR._id} person={NOOR} onBack={() => {}} />);

const row = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('[data-testid="message"]')!;
/** The bubble holding these words (a quote of them elsewhere is not it). */
const bubbleOf = async (text: string) => (await screen.findAllByText(text)).find((e) => e.classList.contains('chat-bubble'))!;
const menuItems = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((i) => i.textContent);
const outbox = async () => (await device.db().outbox.toArray()).map((r) => r.request);
const hours = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('the message menu', () => {
  it('opens by right-click with the six reactions, Reply, Copy, Report and Block; Escape gives focus back to the message', async () => {
    await device.db().messages.put(message(DM, NOOR._id, 'hello from Noor'));
    direct();
    const bubble = await bubbleOf('hello from Noor');
    fireEvent.contextMenu(bubble, { clientX: 40, clientY: 60 });
    const menu = screen.getByRole('menu', { name: 'Message actions' });
    expect(within(menu).getAllByRole('menuitemcheckbox').map((b) => b.textContent)).toEqual(['❤️', '👍', '🤗', '😢', '🙏', '💪']);
    expect(menuItems(menu)).toEqual(['Reply', 'Copy', 'Report', 'Block Noor Haddad']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('React with ❤️');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Block Noor Haddad');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(bubble);
  });

  it('opens by Shift+F10 inside the message, offers Edit for one\'s own recent message only, and a tap outside closes it', async () => {
    await device.db().messages.bulkPut([
      message(DM, me(), 'fresh words', { receiverId: NOOR._id, createdAt: hours(1) }),
      message(DM, me(), 'old words', { receiverId: NOOR._id, createdAt: hours(25) }),
    ]);
    direct();
    // Virtuoso draws the list hidden until it has placed it: wait until the button can be reached.
    const button = await waitFor(async () => within(await row('fresh words')).getByRole('button', { name: 'Message actions' }));
    button.focus();
    fireEvent.keyDown(button, { key: 'F10', shiftKey: true });
    expect(menuItems(screen.getByRole('menu'))).toEqual(['Reply', 'Copy', 'Edit', 'Delete for everyone']);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(await waitFor(async () => within(await row('old words')).getByRole('button', { name: 'Message actions' })));
    expect(menuItems(screen.getByRole('menu'))).toEqual(['Reply', 'Copy', 'Delete for everyone']);
  });

  it('opens on a touch held still, not on one that moves (a scroll)', async () => {
    await device.db().messages.put(message(DM, NOOR._id, 'hold me'));
    direct();
    const bubble = await bubbleOf('hold me');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 50, clientY: 50 });
      fireEvent.pointerMove(bubble, { pointerType: 'touch', clientX: 50, clientY: 90 });
      act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
      expect(screen.queryByRole('menu')).toBeNull();
      fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 50, clientY: 50 });
      fireEvent.pointerMove(bubble, { pointerType: 'touch', clientX: 53, clientY: 52 });
      act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
      expect(screen.getByRole('menu', { name: 'Message actions' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('Copy puts the words on the clipboard and says "Copied"', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await device.db().messages.put(message(DM, NOOR._id, 'words to keep'));
    direct();
    fireEvent.contextMenu(await bubbleOf('words to keep'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('words to keep');
    await screen.findByText('Copied');
  });
});

describe('replies', () => {
  it('Reply shows "Replying to" above the composer; the next message carries replyTo; × cancels', async () => {
    const original = message(DM, NOOR._id, 'how are you\ntoday?');
    await device.db().messages.put(original);
    direct();
    fireEvent.contextMenu(await bubbleOf('how are you today?'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));
    const bar = screen.getByRole('group', { name: 'Replying to Noor Haddad' });
    expect(bar.textContent).toContain('how are you today?');
    const box = screen.getByLabelText('Message');
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.change(box, { target: { value: 'better, thanks' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(async () => expect(await outbox()).toEqual([expect.objectContaining({ kind: 'direct', text: 'better, thanks', replyTo: original._id })]));
    await waitFor(() => expect(screen.queryByTestId('reply-bar')).toBeNull());
    // The reply shows at once, quoting what it answers.
    await waitFor(async () => expect(within(await row('better, thanks')).getByTestId('reply-quote').textContent).toBe('Noor Haddadhow are you today?'));

    fireEvent.contextMenu(await bubbleOf('how are you today?'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByTestId('reply-bar')).toBeNull();
  });

  it('a reply quotes the original\'s current words, a tombstone, or "Original message"; a tap opens the original', async () => {
    const original = message(DM, NOOR._id, 'first words');
    const gone = message(DM, NOOR._id, '', { deletedAt: hours(1), deletedBy: 'sender' });
    await device.db().messages.bulkPut([
      original, gone,
      message(DM, me(), 'answering', { receiverId: NOOR._id, replyTo: original._id }),
      message(DM, me(), 'to the deleted', { receiverId: NOOR._id, replyTo: gone._id }),
      message(DM, me(), 'to the unknown', { receiverId: NOOR._id, replyTo: 'f00000000000000000000000' }),
    ]);
    const router = direct();
    const quote = () => row('answering').then((r) => within(r).getByTestId('reply-quote'));
    await waitFor(async () => expect((await quote()).textContent).toBe('Noor Haddadfirst words'));
    await device.db().messages.update(original.key, { text: 'words changed', editedAt: new Date().toISOString() });
    await waitFor(async () => expect((await quote()).textContent).toContain('words changed'));
    await waitFor(async () => expect(within(await row('to the deleted')).getByTestId('reply-quote').textContent).toContain('This message was deleted'));
    await waitFor(async () => expect(within(await row('to the unknown')).getByTestId('reply-quote').textContent).toBe('Original message'));

    fireEvent.click(await quote());
    await waitFor(() => expect(router.state.location.href).toBe(`/chat/dm/${NOOR._id}?message=${original._id}`));
  });

  it('never quotes someone the reader blocks', async () => {
    const original = message(DM, NOOR._id, 'private words');
    await device.db().blocks.put({ _id: NOOR._id, fullName: NOOR.fullName, profilePic: '', blockedAt: hours(1), synced: 1 });
    await device.db().messages.bulkPut([original, message(DM, me(), 'my reply', { receiverId: NOOR._id, replyTo: original._id })]);
    direct();
    await waitFor(async () => expect(within(await row('my reply')).getByTestId('reply-quote').textContent).toBe('Original message'));
  });
});

describe('editing', () => {
  it('Edit opens the words in the bubble; Enter saves through the outbox, Escape leaves them', async () => {
    const mine = message(DM, me(), 'tpyo here', { receiverId: NOOR._id, createdAt: hours(1) });
    await device.db().messages.put(mine);
    direct();
    fireEvent.contextMenu(await bubbleOf('tpyo here'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    let field = await screen.findByRole('textbox', { name: 'Edit message' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'never sent' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(await outbox()).toEqual([]);

    fireEvent.contextMenu(await bubbleOf('tpyo here'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    field = await screen.findByRole('textbox', { name: 'Edit message' });
    fireEvent.change(field, { target: { value: 'typo fixed' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(async () => expect(await outbox()).toEqual([expect.objectContaining({ kind: 'edit', messageId: mine._id, text: 'typo fixed' })]));
  });

  it('shows the written time, and "edited" with when in its title', async () => {
    const writtenAt = new Date(2026, 2, 4, 8, 5).toISOString();
    const editedAt = new Date(2026, 2, 4, 9, 30).toISOString();
    await device.db().messages.put(message(DM, NOOR._id, 'written offline', { createdAt: new Date(2026, 2, 4, 9, 0).toISOString(), writtenAt, editedAt }));
    direct();
    const r = await row('written offline');
    expect(r.querySelector('time')!.textContent).toBe(formatTime(writtenAt));
    const edited = within(r).getByTestId('edited');
    expect(edited.getAttribute('title')).toContain(`at ${formatTime(editedAt)}`);
  });
});

describe('reactions', () => {
  it('shows a chip per emoji with who chose it, pressed for one\'s own, none from someone blocked; a tap toggles one\'s own', async () => {
    const BLOCKED = 'c0000000000000000000000c';
    await device.db().blocks.put({ _id: BLOCKED, fullName: 'Pat', profilePic: '', blockedAt: hours(1), synced: 1 });
    const m = message(DM, NOOR._id, 'I got the job', { reactions: [{ emoji: '👍', userIds: [BLOCKED] }, { emoji: '❤️', userIds: [NOOR._id, me(), BLOCKED] }] });
    await device.db().messages.put(m);
    direct();
    // The blocked list is read from the device alongside the messages: wait for both.
    const chips = await waitFor(async () => {
      const pressed = within(await row('I got the job')).getAllByRole('button', { pressed: true });
      expect(pressed.map((c) => c.getAttribute('aria-label'))).toEqual(['❤️ 2: Noor Haddad and you']);
      return pressed;
    });
    expect(within(await row('I got the job')).queryByRole('button', { name: /^👍/ })).toBeNull();
    fireEvent.click(chips[0]!);
    await waitFor(async () => expect(await outbox()).toEqual([expect.objectContaining({ kind: 'react', messageId: m._id, emoji: '❤️', add: false })]));
  });

  it('a reaction from the menu adds one\'s own', async () => {
    const m = message(DM, NOOR._id, 'small win today');
    await device.db().messages.put(m);
    direct();
    fireEvent.contextMenu(await bubbleOf('small win today'), { clientX: 10, clientY: 10 });
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'React with 💪' }));
    await waitFor(async () => expect(await outbox()).toEqual([expect.objectContaining({ kind: 'react', messageId: m._id, emoji: '💪', add: true })]));
  });
});

describe('groups', () => {
  it('show a group message\'s photo and let the composer attach one', async () => {
    await device.db().messages.put(message(groupKey(GROUP._id), NOOR._id, 'look at this', { image: '/uploads/sunrise.jpg' }));
    show(() => <GroupChat group={GROUP} onBack={() => {}} />);
    const img = await waitFor(async () => within(await row('look at this')).getByRole('img', { name: 'Image sent to you' }));
    expect(img.getAttribute('src')).toBe('/uploads/sunrise.jpg');
    expect(screen.getByLabelText('Attach an image')).toBeTruthy();
  });
});

describe('a row\'s memo', () => {
  it('re-renders when a reply, an edit, the written time or a reaction changes', () => {
    const before = message('dm:x', 'x', 'words');
    const props: MessageRowProps = { message: before, mine: false, showSender: false };
    expect(sameRow(props, { ...props, message: { ...before, reactions: [] } })).toBe(true);
    for (const change of [{ replyTo: 'r' }, { editedAt: hours(1) }, { writtenAt: hours(2) }, { reactions: [{ emoji: '❤️', userIds: ['x'] }] }]) {
      expect(sameRow(props, { ...props, message: { ...before, ...change } })).toBe(false);
    }
    const liked = { ...before, reactions: [{ emoji: '❤️', userIds: ['x'] }] };
    expect(sameRow({ ...props, message: liked }, { ...props, message: { ...liked, reactions: [{ emoji: '❤️', userIds: ['x', 'y'] }] } })).toBe(false);
  });
});
