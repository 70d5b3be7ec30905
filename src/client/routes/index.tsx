import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/access';
import { APP_NAME } from '../ui/screen';

// "/" forwards by who you are (its access lets nobody stay); it never renders content.
export const Route = createFileRoute('/')({
  beforeLoad: requireAccess('home'),
  head: () => ({ meta: [{ title: APP_NAME }] }),
  component: () => null,
});
