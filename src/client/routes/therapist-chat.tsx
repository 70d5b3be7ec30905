import { createFileRoute } from '@tanstack/react-router';
import { getSession } from '../features/auth/session';
import { TherapistChatPage } from '../features/therapist/TherapistChatPage';
import { therapistSidebarTitle } from '../features/therapist/title';
import { FILL_SCREEN, titled } from '../ui/screen';

export const Route = createFileRoute('/therapist-chat')({
  // Named as its sidebar is for this person: "My Clients", "My Referred Users" or "Therapists".
  head: titled(() => therapistSidebarTitle(getSession().user?.role ?? 'user')),
  staticData: FILL_SCREEN,
  component: TherapistChatPage,
});
