/**
 * /chat's safety screens (docs/community-safety.md) in jsdom against a small fake server that keeps
 * state: a group's guidelines before joining (from the list and from ?group=), message requests
 * kept apart and accepted, mute, the member list, and leaving a group.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatPage } from '../../../src/client/features/chat/ChatPage';
import type { GroupSummary, JoinedGroup } from '../../../src/shared/api';
import type { GroupMemberEntry } from '../../../src/shared/community';
import { DEFAULT_GROUP_GUIDELINES } from '../../../src/shared/guidelines';
import { me, message, person, renderScreen, server, useSafetyDevice } from './harness';
import { directKey, groupKey } from '../../../src/shared/conversation';

vi.mock('../../../src/client/features/auth/session', async (importOriginal) => {
  const { currentEngine } = await import('../../../src/client/sync/current');
  return { ...(await importOriginal<object>()), useUser: () => currentEngine()!.user };
});

const device = useSafetyDevice();
const NOOR = person('b0000000000000000000000b', 'Noor Haddad');
const ADA = person('c0000000000000000000000c', 'Ada Team', 'admin');
const STRANGER = person('f000000000000000000000f1', 'Rex Stranger');
const group = (over: Partial<GroupSummary> = {}): GroupSummary => ({
  _id: 'e0000000000000000000000e', name: 'Calm Corner', type: 'mental', description: 'A calm place', members: [], createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 3, isMember: false, guidelines: 'Be gentle.\nNo method detail.', ...over,
});

/** The directory, with the group's membership kept as the person joins and leaves. */
function directory(start: GroupSummary) {
  let current = start;
  server.routes({
    'GET /api/messages/users': [NOOR, ADA],
    'GET /api/messages/therapists': [],
    'GET /api/messages/groups': () => ({ status: 200, body: [current] }),
    [`POST /api/messages/join-group/${start._id}`]: () => {
      current = { ...current, isMember: true, memberCount: current.memberCount + 1 };
      return { status: 200, body: { ...current, members: [] } satisfies JoinedGroup };
    },
    [`POST /api/messages/leave-group/${start._id}`]: () => {
      current = { ...current, isMember: false, memberCount: current.memberCount - 1 };
      return { status: 200, body: { message: 'Left the group' } };
    },
  });
}

const joins = (id = 'e0000000000000000000000e') => server.called(`POST /api/messages/join-group/${id}`);
const options = () => screen.getByRole('button', { name: 'Conversation options' });

describe('/chat keeps people safe', () => {
  it('shows a group\'s guidelines before joining, and joins only on "I agree, join"', async () => {
    directory(group());
    renderScreen(() => <ChatPage />);
    const card = (await screen.findAllByTestId('group-card'))[0]!;
    fireEvent.click(within(card).getByRole('button', { name: 'Join Calm Corner' }));
    let dialog = screen.getByRole('dialog', { name: 'Before you join Calm Corner' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Be gentle.', 'No method detail.']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(joins()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Join Calm Corner' }));
    dialog = screen.getByRole('dialog', { name: 'Before you join Calm Corner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I agree, join' }));
    await screen.findByText('Joined Calm Corner');
    expect(joins()).toHaveLength(1);
    expect((await screen.findByTestId('conversation-title')).textContent).toBe('Calm Corner');
  });

  it('a ?group= link shows the guidelines too (Haven\'s default where the group has none)', async () => {
    directory(group({ guidelines: undefined }));
    renderScreen(() => <ChatPage groupParam="e0000000000000000000000e" />, '/chat?group=e0000000000000000000000e');
    const dialog = await screen.findByRole('dialog', { name: 'Before you join Calm Corner' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(DEFAULT_GROUP_GUIDELINES.split('\n'));
    expect(joins()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I agree, join' }));
    expect((await screen.findByTestId('conversation-title')).textContent).toBe('Calm Corner');
    expect(joins()).toHaveLength(1);
  });

  it('keeps a stranger\'s messages under Message requests until accepted', async () => {
    directory(group());
    server.routes({ [`POST /api/messages/requests/${STRANGER._id}/accept`]: { message: 'Accepted' } });
    await device.db().requests.put({ _id: STRANGER._id, fullName: STRANGER.fullName, profilePic: '', role: 'user', count: 2, lastAt: new Date().toISOString() });
    await device.db().messages.bulkPut([
      message(directKey(STRANGER._id), STRANGER._id, 'hey, saw you in the group'),
      message(directKey(STRANGER._id), STRANGER._id, 'want to talk?'),
    ]);
    renderScreen(() => <ChatPage />);
    const toggle = await screen.findByRole('button', { name: /^Message requests \(1\)/ });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    fireEvent.click(toggle);
    const request = within(screen.getByRole('list', { name: 'Message requests' })).getByTestId('request');
    expect(request.textContent).toContain('Rex Stranger');
    expect(request.textContent).toContain('2 messages');
    fireEvent.click(request);
    const banner = await screen.findByTestId('request-banner');
    expect(banner.textContent).toContain('Rex Stranger wants to message you. Accept to reply, or block or report them.');
    expect(within(banner).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Block', 'Report']);
    await screen.findByText('want to talk?');

    fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByTestId('request-banner')).toBeNull());
    expect(server.called(`POST /api/messages/requests/${STRANGER._id}/accept`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Message requests/ })).toBeNull();
  });

  it('mutes a group (a mark in the header and the list, no badge), lists its members, and leaves it', async () => {
    directory(group({ isMember: true }));
    const members: GroupMemberEntry[] = [
      { _id: me(), fullName: 'Sam Rivers', profilePic: '', role: null },
      { _id: ADA._id, fullName: 'Ada Team', profilePic: '', role: 'admin' },
      { _id: 'd0000000000000000000000d', fullName: 'Dr Rivera', profilePic: '', role: 'therapist' },
      { _id: NOOR._id, fullName: 'Noor Haddad', profilePic: '', role: null },
    ];
    server.routes({
      'PUT /api/mutes/group/e0000000000000000000000e': (body) => ({ status: 200, body: { kind: 'group', id: 'e0000000000000000000000e', until: (body as { until: string | null }).until } }),
      'DELETE /api/mutes/group/e0000000000000000000000e': { message: 'Unmuted' },
      'GET /api/messages/group/e0000000000000000000000e/members': members,
    });
    await device.db().messages.put(message(groupKey('e0000000000000000000000e'), NOOR._id, 'anyone around?'));
    renderScreen(() => <ChatPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Groups' }));
    const item = await screen.findByTestId('group-item');
    await within(item).findByTestId('unread-badge');
    fireEvent.click(item);
    await screen.findByTestId('conversation-title');

    fireEvent.click(options());
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((i) => i.getAttribute('aria-label') ?? i.textContent))
      .toEqual(['Search in this conversation', 'Mute for 8 hours', 'Mute for a week', 'Mute always', 'Members', 'Leave group', 'Report group']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mute for 8 hours' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Muted' })).toHaveLength(2));
    const until = (server.called('PUT /api/mutes/group/e0000000000000000000000e')[0]!.body as { until: string }).until;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(7.9 * 3_600_000);
    await waitFor(() => expect(within(screen.getByTestId('group-item')).queryByTestId('unread-badge')).toBeNull());

    fireEvent.click(options());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Members' }));
    const list = await screen.findByRole('list', { name: 'Members' });
    const shown = within(list).getAllByTestId('member').map((m) => [m.querySelector('.truncate')?.textContent, within(m).queryByTestId('member-role')?.textContent ?? null]);
    expect(shown).toEqual([['Sam Rivers (you)', null], ['Ada Team', 'Haven team'], ['Dr Rivera', 'Therapist'], ['Noor Haddad', null]]);
    expect(list.textContent).not.toMatch(/crisis/i);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    fireEvent.click(options());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Leave group' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave Calm Corner?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Leave group' })));
    await screen.findByRole('button', { name: 'Join Calm Corner' });
    expect(screen.queryByTestId('conversation-title')).toBeNull();
    expect(server.called('POST /api/messages/leave-group/e0000000000000000000000e')).toHaveLength(1);
  });
});
