import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/access';
import { ProfilePage } from '../features/profile/ProfilePage';
import { loadSessions } from '../features/profile/Sessions';
import { titled } from '../ui/screen';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireAccess('signedIn'),
  // Where the person is signed in, asked on entry and never awaited: the profile itself shows at
  // once (from the device, offline too), and the list says how its answer went.
  loader: () => ({ sessions: loadSessions() }),
  codeSplitGroupings: [['loader', 'component']],
  // Each visit asks again: a match kept from an earlier visit would show that visit's list first.
  gcTime: 0,
  head: titled('Profile'),
  component: ProfilePage,
});
