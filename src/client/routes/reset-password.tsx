import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/reset-password/ResetPasswordPage';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';

// Open to everyone: the person with a code is signed out, and a shared device may have someone else signed in.
export const Route = createFileRoute('/reset-password')({
  beforeLoad: requireAccess('public'),
  head: titled('Reset password'),
  component: ResetPasswordPage,
});
