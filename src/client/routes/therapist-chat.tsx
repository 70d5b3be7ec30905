import { createFileRoute } from '@tanstack/react-router';
import { TherapistChatPage } from '../features/therapist/TherapistChatPage';

export const Route = createFileRoute('/therapist-chat')({ component: TherapistChatPage });
