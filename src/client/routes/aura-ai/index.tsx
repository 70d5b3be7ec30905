import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../features/auth/access';
import { AuraScreen } from '../../features/aura/AuraScreen';
import { startAuraRefresh } from '../../features/aura/refresh';
import { FILL_SCREEN, titled } from '../../ui/screen';

export const Route = createFileRoute('/aura-ai/')({
  beforeLoad: requireAccess('app'),
  // Not awaited: the chat list shows from Dexie at once, offline or on a slow connection, and fills in.
  loader: () => void startAuraRefresh(null),
  codeSplitGroupings: [['loader', 'component']],
  head: titled('Aura AI'),
  staticData: FILL_SCREEN,
  component: AuraHome,
});

/** No chat selected (spec section 4): the current chat is cleared and the welcome panel shows. */
function AuraHome() {
  return <AuraScreen chatId={null} />;
}
