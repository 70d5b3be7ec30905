import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { checkAuth } from './features/auth/session';
import { applyTheme, readTheme } from './features/settings/theme';
import { whenIdle } from './state/idle';
import { SESSION_KEYS } from './state/local-keys';
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its side effect
import './styles.css';
// oxlint-disable-next-line import/no-unassigned-import -- listens for the browser's one install offer per page load, whichever screen is open
import './pwa/install-state';
import { listenForOpen } from './pwa/open-from-worker';
import { dropSignInShell } from './shell/adopt-shell';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

applyTheme(readTheme());
void checkAuth();
// The opened screen's files load beside the session check, rather than after the route's access
// check has passed (which, signed in, waits for the check and the sync engine's module): three
// trips over a slow network become one. Asked once the first frame is drawn, so the spinner is not
// held behind them. Files only; nothing of the screen runs before the check.
const loadScreenFiles = () => {
  for (const route of router.getMatchedRoutes(router.latestLocation.pathname)[0]) {
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
};
whenIdle(loadScreenFiles, 500);
listenForOpen((path) => router.history.push(path));
// A lazy file that no longer exists (this tab ran an older version than the server now has):
// reload to the current version. Drafts are kept on the device, so nothing typed is lost; at
// most one such reload a minute, so a file missing for another reason cannot start a loop.
globalThis.addEventListener('vite:preloadError', (event) => {
  // Offline, the file is unreachable, not gone: a reload would show the browser's offline page
  // instead of the screen already open (a first visit before the service worker holds the files).
  if (!navigator.onLine) return;
  const last = Number(sessionStorage.getItem(SESSION_KEYS.reloadedForUpdate) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(SESSION_KEYS.reloadedForUpdate, String(Date.now()));
  event.preventDefault();
  globalThis.location.reload();
});
// The service worker (and workbox-window) waits until the first screen has resolved (signed in,
// that is once the sync engine's file and the screen's own are in) and the browser is idle: the
// first paint never waits for it, and a first visit's precache (about half a megabyte) does not
// compete with the screen's files on a slow network. Should that navigation never resolve, the
// page's load plus ten seconds registers it anyway: offline help depends on the worker.
let registering = false;
const registerWorker = () => {
  if (registering) return;
  registering = true;
  void import('./pwa/register').then((m) => m.registerServiceWorker());
};
const stopWaiting = router.subscribe('onResolved', ({ toLocation }) => {
  stopWaiting();
  // The sign-in screen drawn into the page is for /login; sent elsewhere, or should /login's own
  // file have failed, nobody takes it over, and it must not stay over the app.
  const failed = router.state.matches.some((m) => m.status === 'error' || m.status === 'notFound');
  if (toLocation.pathname !== '/login' || failed) dropSignInShell();
  whenIdle(registerWorker, 3000);
});
globalThis.addEventListener('load', () => setTimeout(registerWorker, 10_000), { once: true });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
