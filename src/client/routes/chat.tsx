import { useMemo } from 'react';
import { createFileRoute, useMatchRoute, useRouter, useSearch } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/access';
import { ChatPage, type OpenConversation } from '../features/chat/ChatPage';
import type { MessageTarget } from '../features/chat/messageTarget';
import { startDirectoryRefresh } from '../features/chat/useDirectory';
import { FILL_SCREEN, titled } from '../ui/screen';

declare module '@tanstack/history' {
  interface HistoryState {
    /** This conversation was opened from the /chat list, and that list is the entry below it. */
    overChatList?: boolean;
  }
}

/**
 * /chat, with the open conversation in the address (/chat/dm/{the other person's id},
 * /chat/group/{groupId}): Back returns to the list, a reload reopens it and a link opens it.
 * ?group={groupId} is the spec's link that opens a group, joining first; the group's own address
 * then takes its place. ?message={messageId} on a conversation's address opens it at that message.
 */
export const Route = createFileRoute('/chat')({
  beforeLoad: requireAccess('app'),
  validateSearch: (search: Record<string, unknown>): { group?: string } =>
    typeof search.group === 'string' && search.group ? { group: search.group } : {},
  // The people and groups lists are refreshed on entry into the device's store, which the page
  // reads: never awaited, so the page opens at once, offline too. Opening a conversation stays
  // within this route and asks nothing again.
  loader: () => ({ directory: startDirectoryRefresh() }),
  codeSplitGroupings: [['loader', 'component']],
  // Each visit hands the page its own refresh: a match kept from an earlier visit would first hand
  // it that visit's outcome (a failure toasted again).
  gcTime: 0,
  head: titled('Community Chat'),
  staticData: FILL_SCREEN,
  component: ChatRoute,
});

function useOpenConversation(): OpenConversation {
  const matchRoute = useMatchRoute();
  const dm = matchRoute({ to: '/chat/dm/$userId' });
  if (dm) return { kind: 'dm', id: dm.userId };
  const group = matchRoute({ to: '/chat/group/$groupId' });
  return group ? { kind: 'group', id: group.groupId } : null;
}

/** Opening a conversation from the list is a step forward; switching to another takes its place. */
function useShowConversation(open: OpenConversation): (next: OpenConversation) => void {
  const router = useRouter();
  const show = (next: OpenConversation) => {
    const { overChatList } = router.state.location.state;
    if (!next) {
      if (overChatList) router.history.back();
      else void router.navigate({ to: '/chat', replace: true });
      return;
    }
    const options = { replace: open !== null, state: { overChatList: open ? overChatList : true } };
    if (next.kind === 'dm') void router.navigate({ to: '/chat/dm/$userId', params: { userId: next.id }, ...options });
    else void router.navigate({ to: '/chat/group/$groupId', params: { groupId: next.id }, ...options });
  };
  // A microtask later: the ?group= link opens its group and then tidies the address to /chat
  // itself (useGroupActions); the group's own address must come after that.
  return (next) => queueMicrotask(() => show(next));
}

/**
 * The message the address names, handed to the open conversation; once shown (or found gone) it
 * leaves the address in place, so the same link works again and a reload opens as usual. Changing
 * it scrolls the open conversation: the page stays mounted.
 */
function useMessageTarget(): MessageTarget | null {
  const router = useRouter();
  const { message } = useSearch({ strict: false });
  return useMemo(() => (message ? {
    id: message,
    onDone: () => {
      const { pathname, state } = router.state.location;
      // Not resetScroll: the router's scroll restoration would put the list back where it was when
      // this navigation began, undoing the scroll to the message that happens meanwhile.
      void router.navigate({ href: pathname, replace: true, state, resetScroll: false });
    },
  } : null), [message, router]);
}

function ChatRoute() {
  const { group } = Route.useSearch();
  const { directory } = Route.useLoaderData();
  const open = useOpenConversation();
  const onOpen = useShowConversation(open);
  const target = useMessageTarget();
  return <ChatPage groupParam={group} open={open} onOpen={onOpen} directory={directory} target={target} />;
}
