/**
 * A Haven cluster: N instances of the real server (src/server/main.ts, each a process of its own
 * on 127.0.0.1) on one PostgreSQL and one DATA_DIR, behind HAProxy on one address, supervised: an
 * instance that exits without being asked to is restarted after a short delay (longer while it
 * keeps dying at boot). `npm run cluster` (scripts/cluster.mjs) and tests/cluster both start it
 * through startCluster, so the tests run exactly what people run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeExit, healthy, spawnChild } from './children.mjs';
import { haproxyBinary, haproxyConfig, readServerStates } from './haproxy.mjs';
import { BOOT_TIMEOUT_MS, Instance } from './instance.mjs';

const HAPROXY_STOP_TIMEOUT_MS = 5_000;

/** Ports nobody listens on now (asked of the OS, then released). */
export async function freePorts(count) {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  })));
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

class Cluster {
  /** Every exit nobody asked for: { name, pid, code, signal, at (performance.now()) }. */
  exits = [];
  stopping = false;
  haproxy = null;
  stopped = null;
  /** HAProxy's stats socket (and, without logDir, its configuration) live here. */
  scratch = null;

  constructor(options) {
    this.options = options;
    this.instances = options.instancePorts.map((port, i) => new Instance(this, `haven${i + 1}`, port));
    this.url = `http://${options.host}:${options.port}`;
    /** Resolves once the cluster has stopped: asked to, or because HAProxy died. */
    this.done = new Promise((resolve) => { this.finish = resolve; });
    // Detached children outlive us unless killed: if this process ends without stop(), they go too.
    this.killAll = () => {
      for (const child of [...this.instances.map((i) => i.child), this.haproxy]) child?.kill('SIGKILL');
    };
    process.once('exit', this.killAll);
  }

  async startHaproxy() {
    const bind = `${this.options.host === 'localhost' ? '127.0.0.1' : this.options.host}:${this.options.port}`;
    // A short path of our own: a unix socket's path may not be longer than about 100 bytes.
    const dir = mkdtempSync(join(tmpdir(), 'haven-cluster-'));
    this.scratch = dir;
    this.statsSocket = join(dir, 'haproxy.sock');
    const servers = this.instances.map((i) => ({ name: i.name, address: `127.0.0.1:${i.port}` }));
    const file = join(this.options.logDir ?? dir, 'haproxy.cfg');
    writeFileSync(file, haproxyConfig({ bind, statsSocket: this.statsSocket, servers }));
    const child = spawnChild('haproxy', haproxyBinary(), ['-db', '-f', file], {}, this.options.logDir);
    this.haproxy = child;
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.options.say(`HAProxy exited unexpectedly (${describeExit({ code, signal })}); stopping the cluster`);
      void this.stop();
    });
    const started = performance.now();
    while (!(await healthy(this.url))) {
      if (child.exitCode !== null || this.stopping) throw new Error(`HAProxy stopped at start (code ${child.exitCode}); see its output`);
      if (performance.now() - started > BOOT_TIMEOUT_MS) throw new Error(`HAProxy did not answer on ${this.url}`);
      await sleep(100);
    }
  }

  /** What HAProxy thinks of each instance: [{ name, status ('UP', 'DOWN', 'UP 1/3', …), sessions }]. */
  serverStates() {
    return readServerStates(this.statsSocket);
  }

  /** Stops the instances gracefully (SIGTERM), then HAProxy. Safe to call twice. */
  stop() {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    this.stopped = (async () => {
      await Promise.all(this.instances.map((i) => i.stop()));
      const proxy = this.haproxy;
      if (proxy && proxy.exitCode === null && proxy.signalCode === null) {
        const exited = new Promise((resolve) => proxy.once('exit', resolve));
        proxy.kill('SIGTERM');
        const timer = setTimeout(() => proxy.kill('SIGKILL'), HAPROXY_STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
      process.off('exit', this.killAll);
      this.finish();
    })();
    return this.stopped;
  }
}

/**
 * Starts the instances together (as a deploy or a reboot would: boot work that must run once has
 * to cope with a twin doing the same), then HAProxy in front once they are healthy.
 * Options: databaseUrl (required), dataDir (required), instances (2), host ('127.0.0.1'),
 * port (3000), instancePorts (default port+1…port+N), env (extra for the instances), logDir
 * (files instead of our output), restartDelayMs (1000; null: never restart), say (supervisor lines).
 */
export async function startCluster(options) {
  if (!options.databaseUrl) throw new Error('A cluster needs a PostgreSQL database (DATABASE_URL)');
  if (!options.dataDir) throw new Error('A cluster needs a DATA_DIR');
  const size = options.instancePorts?.length ?? options.instances ?? 2;
  const port = options.port ?? 3000;
  const cluster = new Cluster({
    host: '127.0.0.1', restartDelayMs: 1_000, env: {}, say: (line) => console.log(`[cluster] ${line}`),
    ...options, port, instancePorts: options.instancePorts ?? Array.from({ length: size }, (_, i) => port + 1 + i),
  });
  try {
    await Promise.all(cluster.instances.map((i) => i.start().catch(() => i.waitUp())));
    await cluster.startHaproxy();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
