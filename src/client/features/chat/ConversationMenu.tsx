/**
 * An open conversation's "Conversation options" (docs/community-safety.md). A direct chat: search in it, mute or
 * unmute, block or unblock, report. A group: search in it, mute or unmute, its members, leave, report the group.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary, PublicUser } from '../../../shared/api';
import { MUTE_CHOICES } from '../../../shared/community';
import { leaveGroup, muteConversation, unblockPerson, unmuteConversation } from '../safety/actions';
import { ActionsMenu, type MenuAction, type MenuGroup } from '../safety/ActionsMenu';
import { ConfirmAction } from '../safety/ConfirmAction';
import { canBlock, useSafetyActions } from '../safety/ConversationSafety';
import { useMute } from '../safety/hooks';
import { IconDots } from '../safety/icons';
import { MembersDialog } from './MembersDialog';
import { directKey, groupKey, type PeopleConversation } from '../../../shared/conversation';

type Conversation = PeopleConversation;

const said = (error: unknown) => toast.error(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** Mute for one of the spec's spans, or Unmute while muted. */
function muteGroup(conversation: Conversation, muted: boolean): MenuGroup {
  if (muted) {
    return { actions: [{ label: 'Unmute', onSelect: () => void unmuteConversation(conversation).then(() => toast.success('Unmuted.'), said) }] };
  }
  return {
    title: 'Mute',
    actions: MUTE_CHOICES.map((c) => ({
      label: c.label,
      name: `Mute ${c.label.toLowerCase()}`,
      onSelect: () => void muteConversation(conversation, c.hours).then(
        () => toast.success(c.hours === null ? 'Muted until you unmute it.' : `Muted ${c.label.toLowerCase()}.`), said),
    })),
  };
}

/** Opens /search limited to this conversation (docs/decisions/message-search.md). */
function useSearchIn(conversation: Conversation): MenuGroup {
  const navigate = useNavigate();
  return { actions: [{ label: 'Search in this conversation', onSelect: () => void navigate({ to: '/search', search: { kind: conversation.kind, id: conversation.id } }) }] };
}

function Menu({ groups }: { groups: MenuGroup[] }) {
  return (
    <ActionsMenu label="Conversation options" groups={groups} buttonClassName="btn btn-ghost btn-sm btn-square">
      <IconDots />
    </ActionsMenu>
  );
}

export function DirectMenu({ person }: { person: PublicUser }) {
  const safety = useSafetyActions();
  const muted = useMute(directKey(person._id)) !== undefined;
  const search = useSearchIn({ kind: 'direct', id: person._id });
  if (!safety) return <Menu groups={[search, muteGroup({ kind: 'direct', id: person._id }, muted)]} />;
  const blocked = safety.blocked.has(person._id);
  const blockable = person.role !== 'admin' && canBlock(safety, person._id);
  const who = { _id: person._id, fullName: person.fullName, profilePic: person.profilePic };
  const actions: MenuAction[] = [];
  if (blocked) actions.push({ label: `Unblock ${person.fullName}`, onSelect: () => void unblockPerson(person._id).then(() => toast.success(`You unblocked ${person.fullName}.`), said) });
  if (blockable) actions.push({ label: `Block ${person.fullName}`, onSelect: () => safety.askBlock(who), danger: true });
  actions.push({ label: `Report ${person.fullName}`, onSelect: () => safety.askReport({ kind: 'user', userId: person._id, name: person.fullName, person: blockable ? who : null }) });
  return <Menu groups={[search, muteGroup({ kind: 'direct', id: person._id }, muted), { actions }]} />;
}

export function GroupMenu({ group, me }: { group: GroupSummary; me: string }) {
  const safety = useSafetyActions();
  const muted = useMute(groupKey(group._id)) !== undefined;
  const [open, setOpen] = useState<'members' | 'leave' | null>(null);
  const search = useSearchIn({ kind: 'group', id: group._id });
  const actions: MenuAction[] = [
    { label: 'Members', onSelect: () => setOpen('members') },
    { label: 'Leave group', onSelect: () => setOpen('leave'), danger: true },
  ];
  if (safety) actions.push({ label: 'Report group', onSelect: () => safety.askReport({ kind: 'group', groupId: group._id, name: group.name }) });
  return (
    <>
      <Menu groups={[search, muteGroup({ kind: 'group', id: group._id }, muted), { actions }]} />
      {open === 'members' && <MembersDialog group={group} me={me} onClose={() => setOpen(null)} />}
      {open === 'leave' && (
        <ConfirmAction title={`Leave ${group.name}?`} confirmLabel="Leave group" onClose={() => setOpen(null)}
          onConfirm={async () => {
            await leaveGroup(group._id);
            toast.success(`You left ${group.name}.`);
          }}>
          <p>You will stop getting its messages. What is already on this device stays, and you can join again later.</p>
        </ConfirmAction>
      )}
    </>
  );
}
