import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary, PublicUser } from '../../../shared/api';
import { dmConversation, groupConversation } from '../../db/database';
import { useEngine } from '../../sync/current';
import { sendDirect, sendGroup, useConversation, useOnlineUsers } from '../../sync/hooks';
import { IconArrowLeft } from '../../ui/icons';
import { memberCount } from '../../ui/labels';
import { useUser } from '../auth/session';
import { Avatar } from './Avatar';
import { Composer, ReportedError } from './Composer';
import { GroupIcon } from './GroupIcon';
import { roleLabel } from './format';
import { fillGroupHistory } from './groups';
import { MessageList } from './MessageList';

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

/** A one-to-one chat (used by /chat and /therapist-chat). */
export function DirectChat({ person, onBack }: { person: PublicUser | undefined; onBack: () => void }) {
  const me = useUser();
  const messages = useConversation(person ? dmConversation(person._id) : null);
  const online = useOnlineUsers().includes(person?._id ?? '');
  const role = person ? roleLabel(person.role) : null;

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
      <MessageList messages={messages} me={me._id} showSender={false} emptyText="No messages yet. Say hello!" />
      <Composer key={person?._id} allowImage onSend={send} placeholder="Type a message…" />
    </section>
  );
}

/** A support group's chat: text only, each sender named. */
export function GroupChat({ group, onBack }: { group: GroupSummary; onBack: () => void }) {
  const me = useUser();
  const engine = useEngine();
  const messages = useConversation(groupConversation(group._id));

  useEffect(() => {
    if (!engine || !group.isMember) return;
    fillGroupHistory(engine.db, group._id).catch(() => {
      // Offline the stored messages are all there is, and that is fine.
      if (navigator.onLine) toast.error('Error loading group messages');
    });
  }, [engine, group._id, group.isMember]);

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={`${group.name} group chat`}>
      <ChatHeader title={group.name} onBack={onBack}
        subtitle={memberCount(group.memberCount)}
        icon={<GroupIcon type={group.type} className="size-8 text-primary" />} />
      <MessageList messages={messages} me={me._id} showSender emptyText="No messages yet. Start the conversation." />
      <Composer key={group._id} allowImage={false} onSend={(text) => sendGroup(group._id, text)} placeholder="Message the group…" />
    </section>
  );
}
