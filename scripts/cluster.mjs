#!/usr/bin/env node
// `npm run cluster`: several Haven instances on one PostgreSQL behind HAProxy, on one address,
// supervised (scripts/cluster/cluster.mjs). Ctrl+C or SIGTERM stops the instances gracefully,
// then HAProxy. See docs/deployment.md.
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-app.mjs';
import { startCluster } from './cluster/cluster.mjs';

const USAGE = `usage: DATABASE_URL=postgres://… npm run cluster [-- --instances N --no-restart]
  --instances N   how many instances (default: CLUSTER_SIZE, else 2)
  --no-restart    leave an instance that exits on its own stopped instead of starting it again
HAProxy listens on HOST:PORT (default localhost:3000); instance i on 127.0.0.1:PORT+i.`;

const { values } = parseArgs({
  options: { instances: { type: 'string', short: 'n' }, 'no-restart': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('npm run cluster needs DATABASE_URL=postgres://…: the instances share one PostgreSQL.\n'
    + 'The embedded database (PGlite) lives inside one process, so it cannot be shared; use `npm start` for one instance.');
  process.exit(2);
}
const size = Number(values.instances ?? process.env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(size) || size < 1 || size > 32) {
  console.error(`--instances / CLUSTER_SIZE must be a whole number from 1 to 32, not ${values.instances ?? process.env.CLUSTER_SIZE}`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port + size > 65_535) {
  console.error(`PORT must leave room for ${size} instance ports above it, not ${process.env.PORT}`);
  process.exit(2);
}
const host = process.env.HOST ?? 'localhost';

const root = new URL('..', import.meta.url).pathname;
const clientDist = resolve(process.env.CLIENT_DIST ?? join(root, 'dist'));
const built = buildIfStale(root, clientDist);
if (built !== 0) process.exit(built);

let cluster;
try {
  cluster = await startCluster({
    databaseUrl, instances: size, host, port,
    // One folder for all: uploaded images are written by one instance and served by any.
    dataDir: resolve(process.env.DATA_DIR ?? join(root, 'data')),
    env: { CLIENT_DIST: clientDist },
    restartDelayMs: values['no-restart'] ? null : 1_000,
  });
} catch (error) {
  console.error(`The cluster did not start: ${error.message}`);
  process.exit(1);
}

const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
console.log(`\nHaven cluster running at http://${shown}:${port} (HAProxy)`);
for (const i of cluster.instances) console.log(`  ${i.name}: ${i.url} (pid ${i.pid})`);
console.log('Ctrl+C stops every instance gracefully, then HAProxy.\n');

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.log(`\n[cluster] ${signal}: stopping the instances, then HAProxy`);
    void cluster.stop();
  });
}
// Also reached when HAProxy dies on its own: the cluster then stops itself, and that is a failure.
await cluster.done;
console.log('[cluster] stopped');
process.exit(signalled ? 0 : 1);
