import { HeadContent, Outlet, createRootRoute, redirect, useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadDetector } from '../safety/detector';
import { AppToaster } from '../ui/Toasts';
// Not lazy: Get help is in the header, and it must show even when a later file fails to load.
import { Header } from '../ui/Header';
import { FullScreenSpinner } from '../ui/Spinner';
import { NotFound } from '../ui/NotFound';
import { SkipLink } from '../ui/SkipLink';
import { subscribeSession, useSession, whenSessionKnown } from '../features/auth/session';
import { finalRedirect, normalizePath } from '../features/auth/guard';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

export const Route = createRootRoute({
  // The route access table (spec section 2), before any screen loads. First paint does not wait
  // for the network: a browser without a session opens the sign-in screen at once, a returning
  // person's cached shell opens at once and the start-up check refines it (the spinner shows only
  // where neither is known: a session cookie but nobody remembered). A person who
  // may not stay is sent on, following the table's chain (/admin → / → /login) in one step.
  beforeLoad: async ({ location }) => {
    const { user } = await whenSessionKnown();
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
  const fillScreen = useMatches({ select: (matches) => matches.some((m) => m.staticData.fillScreen) });
  // Signing in or out (or a session ending) re-runs beforeLoad, which sends the person on.
  useEffect(() => subscribeSession(() => void router.invalidate()), [router]);
  // Signed in: warm the crisis detector's chunk, so a check made offline later answers at once.
  useEffect(() => {
    if (user) preloadDetector();
  }, [user]);

  // Between a session change and the redirect it causes, a screen this person may no longer see
  // renders nothing rather than rendering without its user. An invalidation that lands while the
  // first navigation is still loading (the start-up check answering after the cached shell
  // showed) can leave that redirect undone, so the shell also sends the person on itself.
  const target = finalRedirect(pathname, user);
  useEffect(() => {
    if (target) void router.navigate({ to: target, replace: true });
  }, [target, router]);
  const body = target ? null : (
    <>
      {user && !NO_HEADER.includes(normalizePath(pathname)) && <Header />}
      {/* Its children take its width, so a screen's max-width and mx-auto centre it as in a block. */}
      <div className="flex min-h-0 grow flex-col *:w-full">
        <Outlet />
      </div>
    </>
  );
  // One column as tall as the viewport (dvh: a phone's own toolbars excluded): the banner and the
  // header take their height, the screen gets the rest. A conversation is held to exactly that
  // height, so its composer stays on screen; any other screen may grow and scroll the page.
  return (
    <div className={`flex flex-col bg-base-100 text-base-content ${fillScreen ? 'h-dvh' : 'min-h-dvh'}`}>
      <HeadContent />
      <SkipLink />
      <OfflineBanner />
      {body}
      <UpdatePrompt />
      <AppToaster />
    </div>
  );
}
