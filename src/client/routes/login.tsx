import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { requireAccess } from '../features/auth/access';
import { STANDALONE, titled } from '../ui/screen';

export const Route = createFileRoute('/login')({
  beforeLoad: requireAccess('signedOut'),
  head: titled('Sign in'),
  staticData: STANDALONE,
  component: LoginPage,
});
