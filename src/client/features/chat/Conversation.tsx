import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary, PublicUser } from '../../../shared/api';
import type { LocalMessage } from '../../db/database';
import { AuthorHelpCard } from '../../safety/AuthorHelpCard';
import { currentEngine } from '../../sync/current';
import { useConversationWindow } from '../../sync/history';
import { sendDirect, sendGroup, useOnlineUsers } from '../../sync/hooks';
import { memberCount } from '../../ui/labels';
import { useUser } from '../auth/session';
import { ConversationSafety } from '../safety/ConversationSafety';
import { useBlockedIds, useMute, useRequestIds } from '../safety/hooks';
import { Avatar } from './Avatar';
import { ChatHeader } from './ChatHeader';
import { Composer, ReportedError } from './Composer';
import { DirectMenu, GroupMenu } from './ConversationMenu';
import { GroupIcon } from './GroupIcon';
import { roleLabel } from './format';
import { MessageList } from './MessageList';
import { BlockedNotice, RequestBanner } from './SafetyBars';
import { personalInfoWarning } from '../conversation/SendCheck';
import { useReadMarker } from './useReadMarker';
import { TypingIndicator } from './TypingIndicator';
import { useTypingSignal } from './useTyping';
import { directKey, groupKey } from '../../../shared/conversation';
import { MessageScopeContext } from './message/context';
import { ReplyBar } from './message/ReplyBar';
import { useConversationScope } from './message/useConversationScope';

/** The spec's toast when a conversation's messages could not be fetched (the list also offers Try again). */
function useFailureToast(failed: boolean, text: string) {
  useEffect(() => {
    if (failed) toast.error(text, { id: text });
  }, [failed, text]);
}

/** What the next message carries when it answers one (its server id: only a stored message is offered Reply). */
const replyExtras = (reply: LocalMessage | null) => (reply?._id ? { replyTo: reply._id } : {});

/** The list has what it first shows: not still reading, nor fetching the history of a conversation new to this device. */
const listReady = (messages: unknown[] | undefined, loadingOlder: boolean) => messages !== undefined && !(messages.length === 0 && loadingOlder);

/** A one-to-one chat (used by /chat and /therapist-chat); keyed by the person, so each opens fresh. */
/** `aside`: what the screen shows under the header (a professional's view of what their client shares). */
export function DirectChat({ id, person, onBack, aside }: { id: string; person: PublicUser | undefined; onBack: () => void; aside?: ReactNode }) {
  const me = useUser();
  // From the address, not from `person`: the directory may still be loading, and a conversation
  // whose key changed under the composer would drop what the person has started typing.
  const conversation = directKey(id);
  const { messages, ...history } = useConversationWindow(conversation);
  const read = useReadMarker(conversation, messages, me._id, listReady(messages, history.loadingOlder), history.atStart);
  useFailureToast(history.failed, 'Failed to fetch messages');
  const online = useOnlineUsers().includes(person?._id ?? '');
  const role = person ? roleLabel(person) : null;
  const muted = useMute(conversation) !== undefined;
  const blocked = useBlockedIds().has(person?._id ?? '');
  const request = useRequestIds().has(person?._id ?? '');
  const typing = useTypingSignal({ kind: 'direct', id });
  const { scope, reply, cancelReply } = useConversationScope(me._id, person ? { kind: 'direct', id: person._id } : null, messages, person ?? null);

  async function send(text: string, image: string | null) {
    // Spec section 5: a direct message needs a recipient.
    if (!id) {
      toast.error('No recipient selected');
      throw new ReportedError('No recipient selected');
    }
    // The recipient is the address's, known before the directory has loaded (on a slow line, or
    // offline with none kept): what is typed is queued at once, and the server judges who may be written to.
    await sendDirect(id, text, image, replyExtras(reply));
    cancelReply();
    // Replying accepts (the server does so when the message arrives); here the request ends at once.
    if (request) await currentEngine()?.db.requests.delete(id).catch((error: unknown) => console.error('Haven: the request stays until the next sync', error));
  }

  return (
    <ConversationSafety person={person ?? null}>
      <MessageScopeContext.Provider value={scope}>
        <section className="flex min-h-0 flex-1 flex-col" aria-label={`Chat with ${person?.fullName ?? 'someone'}`}>
          <ChatHeader title={person?.fullName ?? '…'} onBack={onBack} muted={muted}
            subtitle={[role, online ? 'Online' : 'Offline'].filter(Boolean).join(' · ')}
            icon={<Avatar name={person?.fullName ?? ''} src={person?.profilePic} online={online} />}
            menu={person && <DirectMenu person={person} />} />
          {aside}
          <MessageList messages={messages} me={me._id} showSender={false} emptyText="No messages yet. Say hello!" history={history}
            dividerKey={read.dividerKey} onAtEnd={read.onAtEnd} />
          {person && <TypingIndicator conversation={{ kind: 'direct', id: person._id }} />}
          {person && <AuthorHelpCard scope={directKey(person._id)} context="message" />}
          {person && request && !blocked && <RequestBanner person={person} />}
          {person && !blocked && reply && <ReplyBar key={reply.key} message={reply} onCancel={cancelReply} />}
          {person && blocked
            ? <BlockedNotice person={person} />
            : <Composer allowImage onSend={send} placeholder="Type a message…" draftKey={conversation} onTyping={typing} />}
        </section>
      </MessageScopeContext.Provider>
    </ConversationSafety>
  );
}

/** A support group's chat, each sender named; keyed by the group, so each opens fresh. */
export function GroupChat({ group, onBack }: { group: GroupSummary; onBack: () => void }) {
  const me = useUser();
  // A group joined later has little on this device: the window loads its history (history.ts).
  const conversation = groupKey(group._id);
  const { messages, ...history } = useConversationWindow(conversation);
  const read = useReadMarker(conversation, messages, me._id, listReady(messages, history.loadingOlder), history.atStart);
  useFailureToast(history.failed, 'Error loading group messages');
  const muted = useMute(conversation) !== undefined;
  const typing = useTypingSignal({ kind: 'group', id: group._id });
  const { scope, reply, cancelReply } = useConversationScope(me._id, { kind: 'group', id: group._id }, messages);

  async function send(text: string, image: string | null) {
    await sendGroup(group._id, text, image, replyExtras(reply));
    cancelReply();
  }

  return (
    <ConversationSafety person={null}>
      <MessageScopeContext.Provider value={scope}>
        <section className="flex min-h-0 flex-1 flex-col" aria-label={`${group.name} group chat`}>
          <ChatHeader title={group.name} onBack={onBack} muted={muted}
            subtitle={memberCount(group.memberCount)}
            icon={<GroupIcon type={group.type} className="size-8 text-primary" />}
            menu={<GroupMenu group={group} me={me._id} />} />
          <MessageList messages={messages} me={me._id} showSender emptyText="No messages yet. Start the conversation." history={history}
            dividerKey={read.dividerKey} onAtEnd={read.onAtEnd} />
          <TypingIndicator conversation={{ kind: 'group', id: group._id }} />
          <AuthorHelpCard scope={conversation} context="message" />
          {reply && <ReplyBar key={reply.key} message={reply} onCancel={cancelReply} />}
          <Composer key={group._id} onTyping={typing} allowImage onSend={send} placeholder="Message the group…"
            draftKey={conversation} checkBeforeSend={personalInfoWarning} />
        </section>
      </MessageScopeContext.Provider>
    </ConversationSafety>
  );
}
