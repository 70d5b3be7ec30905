/**
 * Page navigations get the precached index.html (the router takes over), so the app opens
 * with no network. Server paths and files are never answered with the app: /api, /socket.io
 * and /uploads go to the network (offline they fail plainly), as do paths with an extension.
 * The rule is the server's own (src/shared/paths.ts), so online and offline agree.
 */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NEVER_FALLBACK, servesAppShell } from '../src/shared/paths';

export { servesAppShell };

export function setupNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NEVER_FALLBACK] }));
}
