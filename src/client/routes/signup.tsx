import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/signup/SignupPage';
import { requireAccess } from '../features/auth/access';
import { STANDALONE, titled } from '../ui/screen';

export const Route = createFileRoute('/signup')({
  beforeLoad: requireAccess('signedOut'),
  head: titled('Create account'),
  staticData: STANDALONE,
  component: SignupPage,
});
