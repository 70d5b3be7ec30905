import { createFileRoute, redirect } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isId } from '../../../shared/ids';
import { messageSearch } from '../../features/chat/message-param';

/**
 * A group's conversation, in the address by the group's id; /chat's page shows it to a member (to
 * anyone else, the groups to join: ?group= is the link that joins first).
 */
export const Route = createFileRoute('/chat/group/$groupId')({
  // ?message={messageId}: open the conversation at that message (features/chat/messageTarget.tsx).
  validateSearch: messageSearch,
  beforeLoad: ({ params, preload }) => {
    if (isId(params.groupId)) return;
    // A hovered link is only being preloaded: nobody asked to open it yet.
    if (!preload) toast.error('Invalid group selected', { id: 'invalid-group' });
    throw redirect({ to: '/chat', replace: true });
  },
});
