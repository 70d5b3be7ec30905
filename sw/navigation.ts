/**
 * Page navigations get the precached index.html (the router takes over), so the app opens
 * with no network. Server paths and files are never answered with the app: /api, /socket.io
 * and /uploads go to the network (offline they fail plainly), as do paths with an extension.
 */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/(api|socket\.io|uploads)(\/|$)/,
  // /robots.txt, /manifest.webmanifest, /icon-192.png: a file, never the app (like the server).
  /\/[^/]+\.[a-z0-9]+$/i,
];

/** Whether a navigation to `pathname` is answered with the app shell. */
export function servesAppShell(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}

export function setupNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
