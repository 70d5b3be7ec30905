import { createFileRoute, redirect } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isId } from '../../../../shared/ids';
import { requireAccess } from '../../../features/auth/access';
import { AuraScreen } from '../../../features/aura/AuraScreen';
import { startAuraRefresh } from '../../../features/aura/refresh';
import { FILL_SCREEN, titled } from '../../../ui/screen';

export const Route = createFileRoute('/aura-ai/chats/$id')({
  // Spec section 5: a chat id must be 24 hex characters, else a toast and back to /aura-ai.
  beforeLoad: (context) => {
    const allowed = requireAccess('app')(context);
    const { params, preload } = context;
    if (isId(params.id)) return allowed;
    // A hovered link is only being preloaded: nobody asked to open it yet.
    if (!preload) toast.error('Invalid chat ID format', { id: 'invalid-chat-id' });
    throw redirect({ to: '/aura-ai', replace: true });
  },
  // Not awaited: the chat shows from Dexie at once, offline or on a slow connection; the screen
  // picks up the history load (and says how it went) when the answer comes. A hovered link gets
  // the list refresh only: fetching every chat the pointer passes over would waste the person's data.
  loader: ({ params, preload }) => startAuraRefresh(preload ? null : params.id),
  // The loader (and the Aura code it needs) travels with the page in its lazy chunk.
  codeSplitGroupings: [['loader', 'component']],
  // Not the chat's own title: what someone confided would show in the tab, the history and the app switcher.
  head: titled('Aura AI'),
  staticData: FILL_SCREEN,
  component: AuraChatPage,
});

function AuraChatPage() {
  const { id } = Route.useParams();
  const { history } = Route.useLoaderData();
  return <AuraScreen chatId={id} historyLoad={history} />;
}
