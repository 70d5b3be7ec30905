import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { checkAuth } from './features/auth/session';
import { applyTheme, readTheme } from './features/settings/theme';
import { registerServiceWorker } from './pwa/register';
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
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
