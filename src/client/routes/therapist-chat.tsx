import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/access';
import { getSession } from '../features/auth/session';
import { startDirectoryRefresh } from '../features/chat/useDirectory';
import { TherapistChatPage } from '../features/therapist/TherapistChatPage';
import { therapistSidebarTitle } from '../features/therapist/title';
import { FILL_SCREEN, titled } from '../ui/screen';

export const Route = createFileRoute('/therapist-chat')({
  beforeLoad: requireAccess('app'),
  // The people lists, refreshed on entry into the device's store, which the screen reads (offline
  // too); never awaited. The screen takes this refresh over rather than asking again.
  loader: () => void startDirectoryRefresh(),
  codeSplitGroupings: [['loader', 'component']],
  // Named as its sidebar is for this person: "My Clients", "My Referred Users" or "Therapists".
  head: titled(() => therapistSidebarTitle(getSession().user?.role ?? 'user')),
  staticData: FILL_SCREEN,
  component: TherapistChatPage,
});
