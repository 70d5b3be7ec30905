/**
 * The paths the server answers itself and the app shell never does (docs/architecture.md sections 1 and 3).
 * One home for the server's 404 handler (src/server/http/static.ts) and the service worker's
 * navigation fallback (sw/navigation.ts): a navigation to one of these gets the network's
 * answer, never index.html, so a missing API route or image is a plain 404 and not the app.
 */

/** Where uploaded images are served (GET /uploads/<name>); the service worker caches what is viewed there. */
export const UPLOADS_PATH = '/uploads';
/**
 * The build's list of the signed-in file and what it imports (vite.config.ts writes it beside
 * index.html; src/server/http/static.ts names those files on the app shell).
 */
export const SIGNED_IN_FILES = 'signed-in-files.json';
/** The JSON API (every route's prefix). */
export const API_PATH = '/api';
/** The JSON API, socket.io, and the built-in image store. */
export const SERVER_PATH_PREFIXES = [API_PATH, '/socket.io', UPLOADS_PATH] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/*
 * Both patterns accept a path with or without its query: workbox's NavigationRoute tests
 * `pathname + search`, so `/dashboard?next=a.b` must not look like a file, nor `/api?x` like a page.
 */
/** `/api`, `/api/…`, `/socket.io/…`, `/uploads/…` (but not `/apiary` or `/uploadsx`). */
export const SERVER_PATH = new RegExp(`^(${SERVER_PATH_PREFIXES.map(escape).join('|')})([/?#]|$)`);
/** A file (`/robots.txt`, `/icon-192.png`, a missing `/assets/x.js`): never the app, which has no dotted routes. */
export const FILE_PATH = /^[^?#]*\.[a-z0-9]+([?#]|$)/i;
/** Every path that is never answered with the app shell. */
export const NEVER_FALLBACK: readonly RegExp[] = [SERVER_PATH, FILE_PATH];

/** Whether a navigation to `pathname` (no query) is answered with the app shell. */
export function servesAppShell(pathname: string): boolean {
  return !NEVER_FALLBACK.some((re) => re.test(pathname));
}
