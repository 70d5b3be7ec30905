/**
 * The app Haven replaces (the spec's own client, RICH-KEED/HealTogether `frontend/`), served beside
 * Haven so that `bench login` prints both from one run on one machine, as issue 27's goals ask.
 * Its build is given by the person running the bench (OLD_APP_DIST, a built `frontend/dist`); the
 * bench never downloads or builds it, and none of its code is part of Haven. How to build it:
 * docs/performance.md, "Performance v2, sixth part".
 *
 * Served with its text files gzip-compressed as they are sent (its own Express server sent them
 * uncompressed; Haven's server sends files compressed ahead, at the highest levels), every path
 * not a file answered with index.html, and HTTP requests to /api and /socket.io handed to Haven's
 * bench server, the drop-in server for that client, so its start-up session check gets a real 401
 * as Haven's own signed-out page would. WebSocket upgrades are not passed on: the sign-in screen
 * opens no socket.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';

export const OLD_APP_DIST = process.env.OLD_APP_DIST;

/** Said by a bench that could have measured the old app beside Haven but was not given it. */
export const OLD_APP_NOT_GIVEN = 'the old app is not measured beside Haven (set OLD_APP_DIST to its built frontend/dist; docs/performance.md)';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpeg': 'image/jpeg', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.json': 'application/json',
};
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg', '.json']);

export interface OldApp {
  baseUrl: string;
  close(): Promise<void>;
}

/** Passes an API or socket request to Haven's server, unchanged. */
function forward(req: IncomingMessage, res: ServerResponse, api: URL): void {
  const upstream = request({ host: api.hostname, port: api.port, method: req.method, path: req.url, headers: { ...req.headers, host: api.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  // Failing after the answer began (Haven's server closing mid-answer) can only cut the answer short.
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

function serveFile(req: IncomingMessage, res: ServerResponse, dist: string): void {
  let path: string;
  try {
    path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  } catch {
    res.writeHead(400).end();
    return;
  }
  const candidate = join(dist, path);
  const file = candidate.startsWith(dist) && existsSync(candidate) && statSync(candidate).isFile() ? candidate : join(dist, 'index.html');
  const ext = extname(file);
  const gzip = COMPRESSED.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=0',
    ...(gzip && { 'content-encoding': 'gzip', vary: 'Accept-Encoding' }),
  });
  const body = createReadStream(file);
  if (gzip) body.pipe(createGzip()).pipe(res);
  else body.pipe(res);
}

export async function startOldApp(dist: string, havenBaseUrl: string): Promise<OldApp> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`OLD_APP_DIST=${dist} holds no index.html: give the old app's built frontend/dist`);
  const api = new URL(havenBaseUrl);
  const server = createServer((req, res) => {
    if (/^\/(api|socket\.io)\//.test(req.url ?? '')) forward(req, res, api);
    else serveFile(req, res, normalize(dist));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
