import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../features/chat/ChatPage';
import { FILL_SCREEN, titled } from '../ui/screen';

/** ?group={groupId} opens (joining first) that group; the page then replaces the URL with /chat. */
export const Route = createFileRoute('/chat')({
  validateSearch: (search: Record<string, unknown>): { group?: string } =>
    typeof search.group === 'string' && search.group ? { group: search.group } : {},
  head: titled('Community Chat'),
  staticData: FILL_SCREEN,
  component: ChatRoute,
});

function ChatRoute() {
  const { group } = Route.useSearch();
  return <ChatPage groupParam={group} />;
}
