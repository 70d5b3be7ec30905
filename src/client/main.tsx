import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { checkAuth } from './features/auth/session';
import { applyTheme, readTheme } from './features/settings/theme';
// oxlint-disable-next-line import/no-unassigned-import -- the stylesheet is imported for its side effect
import './styles.css';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

applyTheme(readTheme());
void checkAuth();
// The service worker (and workbox-window) waits until the page has loaded and the browser is
// idle: the first paint never waits for it, and a first visit's precache does not compete with
// the screen's own files.
globalThis.addEventListener('load', () => {
  const start = () => void import('./pwa/register').then((m) => m.registerServiceWorker());
  if ('requestIdleCallback' in globalThis) requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 0);
}, { once: true });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
