/**
 * Prints the sign-in screen as static HTML, for index.html to show before the app's script has
 * run (prerender/plugin.ts; docs/decisions/sign-in-shell.md). It is the real screen, rendered
 * from LoginPage, so the two cannot drift apart. Its ids carry a prefix: the app's own screen
 * joins the page while this one is still on it, and takes over what was typed there
 * (src/client/shell/adopt-shell.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { LoginPage } from '../../src/client/features/auth/LoginPage';
import { SHELL_ID_PREFIX, SIGN_IN_SHELL_ID } from '../../src/client/shell/names';

const root = createRootRoute({ component: Outlet });
const login = createRoute({ getParentRoute: () => root, path: '/login', component: LoginPage });
const router = createRouter({ routeTree: root.addChildren([login]), history: createMemoryHistory({ initialEntries: ['/login'] }) });
await router.load();
/** Attributes whose value is one id or several: in the copy they must name the copy's own elements. */
const ID_ATTRIBUTES = 'id|for|form|list|aria-controls|aria-labelledby|aria-describedby|aria-errormessage|aria-owns|aria-activedescendant|aria-details|aria-flowto';
const screen = renderToStaticMarkup(<RouterProvider router={router as never} />)
  .replace(new RegExp(` (${ID_ATTRIBUTES})="([^"]+)"`, 'g'), (_all, name: string, ids: string) =>
    ` ${name}="${ids.split(' ').map((id) => SHELL_ID_PREFIX + id).join(' ')}"`)
  // Its script stops the form being sent; were that ever to fail, a POST keeps what was typed out of the address.
  .replace('<form ', '<form method="post" ');
// A link to a place in the page would point into the app's screen, not the copy.
if (/ href="#/.test(screen)) throw new Error('The sign-in copy links to a place in the page; give the link the copy\'s prefix');
if (!screen.includes('<form method="post" ')) throw new Error('The sign-in copy has no form');

// The root layout's column (routes/__root.tsx) around the screen, laid over the page while the app
// starts beneath it. Hidden until its script has checked the address: only /login shows it.
process.stdout.write(
  `<div id="${SIGN_IN_SHELL_ID}" hidden><div class="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-base-100 text-base-content">` +
  `<div class="flex min-h-0 grow flex-col *:w-full">${screen}</div></div></div>`,
);
