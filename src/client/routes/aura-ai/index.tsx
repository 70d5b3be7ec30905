import { createFileRoute } from '@tanstack/react-router';
import { AuraScreen } from '../../features/aura/AuraScreen';

export const Route = createFileRoute('/aura-ai/')({ component: AuraHome });

/** No chat selected (spec section 4): the current chat is cleared and the welcome panel shows. */
function AuraHome() {
  return <AuraScreen chatId={null} />;
}
