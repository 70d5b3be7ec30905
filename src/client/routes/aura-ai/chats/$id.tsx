import { useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isId } from '../../../../shared/ids';
import { AuraScreen } from '../../../features/aura/AuraScreen';

export const Route = createFileRoute('/aura-ai/chats/$id')({ component: AuraChatPage });

function AuraChatPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const valid = isId(id);

  // Spec section 5: a chat id must be 24 hex characters, else a toast and back to /aura-ai.
  useEffect(() => {
    if (valid) return;
    toast.error('Invalid chat ID format', { id: 'invalid-chat-id' });
    void navigate({ to: '/aura-ai', replace: true });
  }, [valid, navigate]);

  if (!valid) return null;
  return <AuraScreen chatId={id} />;
}
