import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { requireAccess, safeRedirect } from '../features/auth/access';
import { STANDALONE, titled } from '../ui/screen';

export const Route = createFileRoute('/login')({
  // ?redirect=: where the person was going when sent here; only a path of this app is kept (access.ts).
  // Always returned, undefined when refused: the router merges a route's answer over the raw query,
  // so leaving the key out would hand the page the refused value.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect) ?? undefined }),
  beforeLoad: requireAccess('signedOut'),
  head: titled('Sign in'),
  staticData: STANDALONE,
  component: LoginPage,
});
