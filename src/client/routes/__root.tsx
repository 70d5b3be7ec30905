import { HeadContent, Outlet, createRootRoute, useMatches, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AuthUser } from '../../shared/api';
import { preloadDetector } from '../safety/detector';
import { AppToaster } from '../ui/Toasts';
// Not lazy: Get help is in the header, and it must show even when a later file fails to load.
import { Header } from '../ui/Header';
import { FullScreenSpinner } from '../ui/Spinner';
import { NotFound } from '../ui/NotFound';
import { SkipLink } from '../ui/SkipLink';
import { useRouteFocus } from '../ui/useRouteFocus';
import { getSession, subscribeSession, useSession, whenSessionKnown } from '../features/auth/session';
import { mayEnter, type Access } from '../features/auth/access';
import { refreshCrisisResources } from '../features/help/resources';
import { useUnreadBadge } from '../features/notifications/useUnreadBadge';
import { useWellnessUpkeep } from '../features/wellness/useWellnessUpkeep';
import { OfflineBanner } from '../pwa/OfflineBanner';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

/** What the access table looks at: a new sign-in, a sign-out, or a role or status that changed. */
const accessKey = (user: AuthUser | null) => (user ? `${user._id} ${user.role} ${user.status}` : '');

/** Whom the access checks of the last navigation (not a hovered link's preload) decided for. */
let checkedFor = '';

export const Route = createRootRoute({
  // Every route's own access check (requireAccess) reads the person from here. First paint does
  // not wait for the network: a browser without a session opens the sign-in screen at once, a
  // returning person's cached shell opens at once and the start-up check refines it (the spinner
  // shows only where neither is known: a session cookie but nobody remembered).
  beforeLoad: async ({ preload }) => {
    const { user } = await whenSessionKnown();
    if (!preload) checkedFor = accessKey(user);
    return { user };
  },
  // "Get help now" is on every screen: its crisis lines are asked for on entry, never awaited,
  // since the device's copy (or the bundled one) shows at once, offline too.
  loader: () => void refreshCrisisResources(),
  pendingComponent: FullScreenSpinner,
  pendingMs: 0,
  // Not held for the router's default half second: the sign-in form shows the moment it can.
  pendingMinMs: 0,
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** The access kind the innermost matched route declared; none on the not-found page. */
function declaredAccess(matches: readonly { context: object }[]): Access | undefined {
  const context = matches.at(-1)?.context;
  return context && 'access' in context ? (context.access as Access) : undefined;
}

/**
 * Signing in or out (or a session ending, or a role or status changing) re-runs the access checks,
 * which send the person on. This shell mounts only once the first navigation has ended, so a change
 * that landed while that navigation was still loading (the start-up check answering after the
 * cached shell's checks had passed) found nobody listening: it is caught up with on mount.
 */
function useAccessRechecks() {
  const router = useRouter();
  useEffect(() => {
    let known = checkedFor;
    const recheck = () => {
      const now = accessKey(getSession().user);
      if (now === known) return;
      known = now;
      void router.invalidate();
    };
    recheck();
    return subscribeSession(recheck);
  }, [router]);
}

/** The shell around every screen. */
function RootLayout() {
  const { user } = useSession();
  const access = useMatches({ select: declaredAccess });
  const standalone = useMatches({ select: (matches) => matches.some((m) => m.staticData.standalone) });
  const fillScreen = useMatches({ select: (matches) => matches.some((m) => m.staticData.fillScreen) });
  useAccessRechecks();
  useRouteFocus();
  useUnreadBadge();
  useWellnessUpkeep(Boolean(user?.referredBy));
  // Signed in: warm the crisis detector's chunk, so a check made offline later answers at once.
  useEffect(() => {
    if (user) preloadDetector();
  }, [user]);

  // Between a session change and the redirect it causes, a screen this person may no longer see
  // renders nothing rather than rendering without its user.
  const body = access && !mayEnter(access, user) ? null : (
    <>
      {user && !standalone && <Header />}
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
