import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary, PublicUser } from '../../../shared/api';
import { dmConversation, groupConversation } from '../../db/database';
import { AuthorHelpCard } from '../../safety/AuthorHelpCard';
import { useConversationWindow } from '../../sync/history';
import { sendDirect, sendGroup, useOnlineUsers } from '../../sync/hooks';
import { IconArrowLeft } from '../../ui/icons';
import { memberCount } from '../../ui/labels';
import { useUser } from '../auth/session';
import { Avatar } from './Avatar';
import { Composer, ReportedError } from './Composer';
import { GroupIcon } from './GroupIcon';
import { roleLabel } from './format';
import { MessageList } from './MessageList';
import { useReadMarker } from './useReadMarker';

/** Title bar of an open conversation; on a phone its back button returns to the list. */
function ChatHeader({ title, subtitle, icon, onBack }: { title: string; subtitle: string; icon: ReactNode; onBack: () => void }) {
  return (
    <div className="flex items-center gap-3 border-b border-base-300 bg-base-100 p-2 sm:p-3">
      <button type="button" className="btn btn-ghost btn-sm btn-square md:hidden" onClick={onBack} aria-label="Back to list">
        <IconArrowLeft />
      </button>
      {icon}
      <div className="min-w-0">
        <h2 className="truncate font-semibold" data-testid="conversation-title">{title}</h2>
        <p className="truncate text-xs">{subtitle}</p>
      </div>
    </div>
  );
}

/** The spec's toast when a conversation's messages could not be fetched (the list also offers Try again). */
function useFailureToast(failed: boolean, text: string) {
  useEffect(() => {
    if (failed) toast.error(text, { id: text });
  }, [failed, text]);
}

/** The list has what it first shows: not still reading, nor fetching the history of a conversation new to this device. */
const listReady = (messages: unknown[] | undefined, loadingOlder: boolean) => messages !== undefined && !(messages.length === 0 && loadingOlder);

/** A one-to-one chat (used by /chat and /therapist-chat); keyed by the person, so each opens fresh. */
export function DirectChat({ person, onBack }: { person: PublicUser | undefined; onBack: () => void }) {
  const me = useUser();
  const conversation = person ? dmConversation(person._id) : null;
  const { messages, ...history } = useConversationWindow(conversation);
  const read = useReadMarker(conversation, messages, me._id, listReady(messages, history.loadingOlder));
  useFailureToast(history.failed, 'Failed to fetch messages');
  const online = useOnlineUsers().includes(person?._id ?? '');
  const role = person ? roleLabel(person) : null;

  async function send(text: string, image: string | null) {
    // Spec section 5: a direct message needs a recipient.
    if (!person) {
      toast.error('No recipient selected');
      throw new ReportedError('No recipient selected');
    }
    await sendDirect(person._id, text, image);
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`Chat with ${person?.fullName ?? 'someone'}`}>
      <ChatHeader title={person?.fullName ?? '…'} onBack={onBack}
        subtitle={[role, online ? 'Online' : 'Offline'].filter(Boolean).join(' · ')}
        icon={<Avatar name={person?.fullName ?? ''} src={person?.profilePic} online={online} />} />
      <MessageList messages={messages} me={me._id} showSender={false} emptyText="No messages yet. Say hello!" history={history}
        dividerKey={read.dividerKey} onAtEnd={read.onAtEnd} />
      {person && <AuthorHelpCard scope={dmConversation(person._id)} context="message" />}
      <Composer key={person?._id} allowImage onSend={send} placeholder="Type a message…" draftKey={person ? dmConversation(person._id) : undefined} />
    </section>
  );
}

/** A support group's chat: text only, each sender named; keyed by the group, so each opens fresh. */
export function GroupChat({ group, onBack }: { group: GroupSummary; onBack: () => void }) {
  const me = useUser();
  // A group joined later has little on this device: the window loads its history (history.ts).
  const conversation = groupConversation(group._id);
  const { messages, ...history } = useConversationWindow(conversation);
  const read = useReadMarker(conversation, messages, me._id, listReady(messages, history.loadingOlder));
  useFailureToast(history.failed, 'Error loading group messages');

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`${group.name} group chat`}>
      <ChatHeader title={group.name} onBack={onBack}
        subtitle={memberCount(group.memberCount)}
        icon={<GroupIcon type={group.type} className="size-8 text-primary" />} />
      <MessageList messages={messages} me={me._id} showSender emptyText="No messages yet. Start the conversation." history={history}
        dividerKey={read.dividerKey} onAtEnd={read.onAtEnd} />
      <AuthorHelpCard scope={groupConversation(group._id)} context="message" />
      <Composer key={group._id} allowImage={false} onSend={(text) => sendGroup(group._id, text)} placeholder="Message the group…" draftKey={groupConversation(group._id)} />
    </section>
  );
}
