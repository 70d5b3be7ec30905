import { createFileRoute, redirect } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isId } from '../../../shared/ids';
import { messageSearch } from '../../features/chat/message-param';

/** A direct conversation, in the address by the other person's id; /chat's page shows it. */
export const Route = createFileRoute('/chat/dm/$userId')({
  // ?message={messageId}: open the conversation at that message (features/chat/messageTarget.tsx).
  validateSearch: messageSearch,
  beforeLoad: ({ params, preload }) => {
    if (isId(params.userId)) return;
    // A hovered link is only being preloaded: nobody asked to open it yet.
    if (!preload) toast.error('Invalid user selected', { id: 'invalid-user' });
    throw redirect({ to: '/chat', replace: true });
  },
});
