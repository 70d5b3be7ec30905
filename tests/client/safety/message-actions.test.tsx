/**
 * A message's actions in an open conversation (docs/community-safety.md), in jsdom against a fake
 * API: the "⋯" menu by mouse and keyboard (the rest of the menu: tests/client/chat/message-menu.test.tsx), delete for everyone after a confirmation, report, block
 * (the person's messages leave the screen at once), tombstones with no words and no actions, and
 * what replaces the composer for someone blocked.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DirectChat, GroupChat } from '../../../src/client/features/chat/Conversation';
import { sameRow, type MessageRowProps } from '../../../src/client/features/chat/MessageRow';
import type { GroupSummary } from '../../../src/shared/api';
import { me, message, person, renderScreen, server, useSafetyDevice } from './harness';
import { directKey, groupKey } from '../../../src/shared/conversation';

vi.mock('../../../src/client/features/auth/session', async (importOriginal) => {
  const { currentEngine } = await import('../../../src/client/sync/current');
  return { ...(await importOriginal<object>()), useUser: () => currentEngine()!.user };
});

const device = useSafetyDevice();
const NOOR = person('b0000000000000000000000b', 'Noor Haddad');
const ADA = person('c0000000000000000000000c', 'Ada Team', 'admin');
const GROUP: GroupSummary = {
  _id: 'e0000000000000000000000e', name: 'Calm Corner', type: 'mental', description: 'A calm place', members: [], createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 3, isMember: true,
};

const row = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="message"]')!;
const openActions = async (text: string) => {
  // Virtuoso draws the list hidden until it has placed it: wait until the button can be reached.
  fireEvent.click(await waitFor(() => within(row(text)).getByRole('button', { name: 'Message actions' })));
  return screen.getByRole('menu', { name: 'Message actions' });
};
const names = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((i) => i.textContent);

describe('a message\'s actions', () => {
  it('offers Report and Block for someone else\'s message, Delete for everyone for one\'s own, by keyboard too', async () => {
    await device.db().messages.bulkPut([
      message(directKey(NOOR._id), NOOR._id, 'hello from Noor'),
      message(directKey(NOOR._id), me(), 'hello back', { receiverId: NOOR._id }),
      message(directKey(NOOR._id), me(), 'still on its way', { receiverId: NOOR._id, status: 'queued', _id: null, seq: null, sortKey: 2 ** 50 }),
    ]);
    renderScreen(() => <DirectChat id={NOOR._id} person={NOOR} onBack={() => {}} />);
    const theirs = await openActions('hello from Noor');
    expect(names(theirs)).toEqual(['Reply', 'Copy', 'Report', 'Block Noor Haddad']);
    // The first item (the first reaction) has focus; arrows move and wrap, Escape closes and gives focus back to the button.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('React with ❤️');
    fireEvent.keyDown(theirs, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Block Noor Haddad');
    fireEvent.keyDown(theirs, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('React with ❤️');
    fireEvent.keyDown(theirs, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Block Noor Haddad');
    fireEvent.keyDown(theirs, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Message actions');

    // Sent long ago: past the edit window.
    expect(names(await openActions('hello back'))).toEqual(['Reply', 'Copy', 'Delete for everyone']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    // Nothing to take back, answer or react to before the server has it: only its words to copy.
    const pending = await openActions('still on its way');
    expect(names(pending)).toEqual(['Copy']);
    expect(within(pending).queryAllByRole('menuitemcheckbox')).toEqual([]);
  });

  it('Delete for everyone asks first, then the message becomes "This message was deleted" with no actions', async () => {
    server.routes({ 'DELETE /api/messages/d00000000000000000000001': { message: 'Message deleted' } });
    const mine = message(directKey(NOOR._id), me(), 'I should not have said that', { receiverId: NOOR._id, _id: 'd00000000000000000000001' });
    await device.db().messages.put(mine);
    renderScreen(() => <DirectChat id={NOOR._id} person={NOOR} onBack={() => {}} />);
    fireEvent.click(within(await openActions('I should not have said that')).getByRole('menuitem', { name: 'Delete for everyone' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete for everyone?' });
    expect(server.calls.filter((c) => c.route.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for everyone' }));
    await screen.findByText('This message was deleted');
    expect(server.called('DELETE /api/messages/d00000000000000000000001')).toHaveLength(1);
    expect(screen.queryByText('I should not have said that')).toBeNull();
    const tombstone = screen.getByText('This message was deleted').closest<HTMLElement>('[data-testid="message"]')!;
    expect(within(tombstone).queryByRole('button')).toBeNull();
    expect(within(tombstone).queryByRole('img')).toBeNull();
  });

  it('a moderator\'s removal and a deleted account each say so, with no words or image left', async () => {
    await device.db().messages.bulkPut([
      message(groupKey(GROUP._id), NOOR._id, '', { deletedAt: '2026-03-04T10:00:00.000Z', deletedBy: 'moderator', image: null }),
      message(groupKey(GROUP._id), ADA._id, '', { deletedAt: '2026-03-04T10:00:00.000Z', deletedBy: 'account' }),
    ]);
    renderScreen(() => <GroupChat group={GROUP} onBack={() => {}} />);
    await screen.findByText('This message was removed by a moderator');
    expect(screen.getByText('This message was deleted')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Message actions' })).toEqual([]);
  });

  it('a row re-renders when its message is taken back', () => {
    const before = message('dm:x', 'x', 'words');
    const props: MessageRowProps = { message: before, mine: false, showSender: false };
    expect(sameRow(props, { ...props, message: { ...before } })).toBe(true);
    expect(sameRow(props, { ...props, message: { ...before, deletedAt: '2026-03-04T10:00:00.000Z', deletedBy: 'sender' } })).toBe(false);
    expect(sameRow(props, { ...props, message: { ...before, deletedBy: 'moderator' } })).toBe(false);
  });

  it('Block asks first, then the person\'s messages leave the screen and the composer says who is blocked', async () => {
    server.routes({ [`PUT /api/blocks/${NOOR._id}`]: { message: 'Blocked' }, [`DELETE /api/blocks/${NOOR._id}`]: { message: 'Unblocked' } });
    await device.db().messages.bulkPut([
      message(directKey(NOOR._id), NOOR._id, 'you again?'),
      message(directKey(NOOR._id), me(), 'please stop', { receiverId: NOOR._id }),
    ]);
    renderScreen(() => <DirectChat id={NOOR._id} person={NOOR} onBack={() => {}} />);
    fireEvent.click(within(await openActions('you again?')).getByRole('menuitem', { name: 'Block Noor Haddad' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Noor Haddad?' });
    expect(dialog.textContent).toContain("They won't be told. You won't see their messages or they your online status.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByText('you again?')).toBeNull());
    expect(screen.getByText('please stop')).toBeTruthy();
    expect(server.called(`PUT /api/blocks/${NOOR._id}`)).toHaveLength(1);
    expect(screen.getByTestId('blocked-notice').textContent).toContain('You blocked Noor Haddad.');
    expect(screen.queryByLabelText('Message')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unblock' })));
    await screen.findByLabelText('Message');
    expect(server.called(`DELETE /api/blocks/${NOOR._id}`)).toHaveLength(1);
  });

  it('offers no Block for Haven\'s team, and a refused block is said calmly', async () => {
    await device.db().users.bulkPut([ADA, NOOR]);
    await device.db().messages.bulkPut([
      message(groupKey(GROUP._id), ADA._id, 'welcome, everyone', { sender: { _id: ADA._id, fullName: ADA.fullName, profilePic: '' } }),
      message(groupKey(GROUP._id), NOOR._id, 'hi all', { sender: { _id: NOOR._id, fullName: NOOR.fullName, profilePic: '' } }),
    ]);
    server.routes({ [`PUT /api/blocks/${NOOR._id}`]: () => ({ status: 500, body: { message: 'Something went wrong on our side.', code: 'INTERNAL' } }) });
    renderScreen(() => <GroupChat group={GROUP} onBack={() => {}} />);
    expect(names(await openActions('welcome, everyone'))).toEqual(['Reply', 'Copy', 'Report']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(within(await openActions('hi all')).getByRole('menuitem', { name: 'Block Noor Haddad' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Block' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    // The dialog stays, so Block can be tried again; the device holds no block the server refused.
    expect(screen.getByRole('dialog', { name: 'Block Noor Haddad?' })).toBeTruthy();
    expect(await device.db().blocks.count()).toBe(0);
  });
});
