/**
 * Serves the built app. Extension-less GET navigations get index.html (the client router takes
 * over); /api, /uploads and /socket.io never do, and a missing asset is a plain 404, so a stale
 * page never runs index.html as a script. Which paths those are: src/shared/paths.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { splitEndpoint } from '../../shared/contract/endpoints';
import { API_PATH, SERVER_PATH, servesAppShell, SIGNED_IN_FILES } from '../../shared/paths';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { AppError } from './errors';

/**
 * The session check a signed-in start asks first (checkAuth, src/client/features/auth/session.ts),
 * asked beside the start-up script rather than once it has run: one round trip fewer before a
 * slow phone's first screen. The browser hands this answer to the app's own request, which must
 * match it: the same address, a CORS-mode fetch, cookies included (`credentials: 'include'` in
 * src/client/net/api.ts, hence `use-credentials`); one that does not match is simply asked again.
 */
const SESSION_CHECK_PRELOAD = `<${API_PATH}${splitEndpoint('check').path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * The `Link` header for someone signed in: the signed-in file's download beside the start-up
 * script (vite.config.ts, listSignedInFiles), and the session check.
 */
function signedInPreload(clientDist: string): string {
  const listed = join(clientDist, SIGNED_IN_FILES);
  const files: unknown = existsSync(listed) ? JSON.parse(readFileSync(listed, 'utf8')) : [];
  const scripts = Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f)) : [];
  return [...scripts.map((f) => `<${f}>; rel=modulepreload`), SESSION_CHECK_PRELOAD].join(', ');
}

export async function registerStatic(app: FastifyInstance, clientDist: string): Promise<boolean> {
  const hasClient = existsSync(join(clientDist, 'index.html'));
  const preload = hasClient ? signedInPreload(clientDist) : '';
  /**
   * The app shell. Someone signed in (the hint cookie, readable by any script, says so; it grants
   * nothing) needs the signed-in file and the session check next, so both are named in a header
   * here: at worst, for a session that has ended, the file is downloaded for nothing (the check's
   * 401 is the answer the app would have asked for anyway).
   */
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (preload && request.cookies[SESSION_HINT_COOKIE] === '1') reply.header('link', preload);
    return reply.sendFile('index.html');
  };
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      index: false,
      // The build wrote .br and .gz beside each file (vite.config.ts): sent as they are, by the
      // browser's Accept-Encoding, so no answer is compressed per request.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; everything else (index.html, sw.js, manifest) is revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a navigation too (and the manifest's start_url); static would treat it as a directory.
    app.get('/', sendShell);
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The service worker answers offline navigations by the same rule (src/shared/paths.ts).
    const isNavigation = (request.method === 'GET' || request.method === 'HEAD') && servesAppShell(path);
    if (hasClient && isNavigation) {
      return sendShell(request, reply);
    }
    throw new AppError('NOT_FOUND', SERVER_PATH.test(path) ? 'Route not found' : 'Not found');
  });
  return hasClient;
}
