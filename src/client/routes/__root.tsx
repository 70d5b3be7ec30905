import { Navigate, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadDetector } from '../safety/detector';
import { AppToaster } from '../ui/Toasts';
import { FullScreenSpinner } from '../ui/Spinner';
import { Header } from '../ui/Header';
import { NotFound } from '../ui/NotFound';
import { useSession } from '../features/auth/session';
import { finalRedirect, guard, normalizePath } from '../features/auth/guard';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

const NO_HEADER = ['/login', '/signup', '/verification-needed'];

/** Enforces the route access table on every navigation and whenever the session changes. */
function RootLayout() {
  const { user, checking } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The matches on screen still belong to the previous location until a navigation resolves.
  const shownPath = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? s.location.pathname });
  const decision = guard(pathname, user, checking);
  // Signed in: warm the crisis detector's chunk, so a check made offline later answers at once.
  useEffect(() => {
    if (user) preloadDetector();
  }, [user]);

  let body;
  if (decision === 'spinner') {
    body = <FullScreenSpinner />;
  } else if (decision !== null) {
    body = <Navigate to={finalRedirect(pathname, user) ?? decision} replace />;
  } else if (guard(shownPath, user, false) !== null) {
    // Mid-navigation away from a page this person may no longer see (e.g. just signed out):
    // render nothing for that instant rather than the old page without its user.
    body = null;
  } else {
    body = (
      <div className="min-h-dvh bg-base-100 text-base-content">
        {user && !NO_HEADER.includes(normalizePath(pathname)) && <Header />}
        <Outlet />
      </div>
    );
  }
  return (
    <>
      <OfflineBanner />
      {body}
      <UpdatePrompt />
      <AppToaster />
    </>
  );
}
