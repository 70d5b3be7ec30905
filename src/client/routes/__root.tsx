import { Outlet, createRootRoute, redirect, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadDetector } from '../safety/detector';
import { AppToaster } from '../ui/Toasts';
import { FullScreenSpinner } from '../ui/Spinner';
import { Header } from '../ui/Header';
import { NotFound } from '../ui/NotFound';
import { subscribeSession, useSession, whenSessionChecked } from '../features/auth/session';
import { finalRedirect, guard, normalizePath } from '../features/auth/guard';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

export const Route = createRootRoute({
  // The route access table (spec section 2), before any screen loads: the start-up session check
  // is awaited (the spinner shows meanwhile), then a person who may not stay is sent on, following
  // the table's chain (/admin → / → /login) in one step.
  beforeLoad: async ({ location }) => {
    const { user } = await whenSessionChecked();
    const target = finalRedirect(location.pathname, user);
    if (target) throw redirect({ to: target, replace: true });
  },
  pendingComponent: FullScreenSpinner,
  pendingMs: 0,
  component: RootLayout,
  notFoundComponent: NotFound,
});

const NO_HEADER = ['/login', '/signup', '/verification-needed'];

/** The shell around every screen; re-runs the access table whenever the session changes. */
function RootLayout() {
  const { user } = useSession();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Signing in or out (or a session ending) re-runs beforeLoad, which sends the person on.
  useEffect(() => subscribeSession(() => void router.invalidate()), [router]);
  // Signed in: warm the crisis detector's chunk, so a check made offline later answers at once.
  useEffect(() => {
    if (user) preloadDetector();
  }, [user]);

  // Between a session change and the redirect it causes, a screen this person may no longer see
  // renders nothing rather than rendering without its user.
  const body = guard(pathname, user, false) !== null ? null : (
    <div className="min-h-dvh bg-base-100 text-base-content">
      {user && !NO_HEADER.includes(normalizePath(pathname)) && <Header />}
      <Outlet />
    </div>
  );
  return (
    <>
      <OfflineBanner />
      {body}
      <UpdatePrompt />
      <AppToaster />
    </>
  );
}
