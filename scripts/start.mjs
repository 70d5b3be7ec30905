#!/usr/bin/env node
// `npm start`: builds the app (dist/) and the server (dist-server/) when missing or older than their
// sources, then runs the server.
// The server is this script's child: a SIGTERM or SIGINT sent to this script alone (a supervisor,
// a deploy, `kill`) is passed on so the server closes gracefully, and this script exits with it;
// otherwise the server would live on, orphaned, holding the port and DATA_DIR.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale } from './build-app.mjs';
import { serverEntry } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.CLIENT_DIST ?? join(root, 'dist');

const built = buildIfStale(root, dist);
if (built !== 0) process.exit(built);
const server = spawn(process.execPath, [serverEntry(root)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
