/**
 * Serves the built app. Extension-less GET navigations get index.html (the client router takes
 * over); /api, /uploads and /socket.io never do, and a missing asset is a plain 404, so a stale
 * page never runs index.html as a script. Which paths those are: src/shared/paths.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_PATH, servesAppShell } from '../../shared/paths';
import { AppError } from './errors';

export async function registerStatic(app: FastifyInstance, clientDist: string): Promise<boolean> {
  const hasClient = existsSync(join(clientDist, 'index.html'));
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
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The service worker answers offline navigations by the same rule (src/shared/paths.ts).
    const isNavigation = (request.method === 'GET' || request.method === 'HEAD') && servesAppShell(path);
    if (hasClient && isNavigation) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND', SERVER_PATH.test(path) ? 'Route not found' : 'Not found');
  });
  return hasClient;
}
