// One Haven instance of a cluster: the real server (src/server/main.ts, built) in a process of its own on
// 127.0.0.1 and a fixed port, so that after a restart it comes back where HAProxy looks for it.
import { setTimeout as sleep } from 'node:timers/promises';
import { serverEntry } from '../build-server.mjs';
import { describeExit, healthy, spawnChild } from './children.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
export const BOOT_TIMEOUT_MS = 60_000;
/** main.ts gives its own shutdown 10 s before it gives up; then we stop waiting too. */
const STOP_TIMEOUT_MS = 15_000;
/** An instance that dies this soon after starting is failing at boot: wait longer before the next try. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

export class Instance {
  child = null;
  healthy = false;
  /** The next exit was asked for (stop): not a crash, not restarted. */
  planned = false;
  /** Boot failures in a row, for the restart delay. */
  failures = 0;
  lastExit = null;
  restartTimer = undefined;
  exitWaiters = [];

  constructor(cluster, name, port) {
    this.cluster = cluster;
    this.name = name;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  get alive() {
    return this.child !== null;
  }

  /** Spawns the server; resolves once it answers /api/health, rejects if it exits first. */
  async start() {
    if (this.child) throw new Error(`${this.name} is already running`);
    const { options } = this.cluster;
    const env = {
      ...process.env, ...options.env,
      DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir,
      // Only HAProxy, on this machine, talks to the instances: believe its X-Forwarded-* and no one else's.
      HOST: '127.0.0.1', PORT: String(this.port), TRUST_PROXY: 'loopback',
    };
    // Not through npx: the pid is the server's own, so signals reach it directly.
    const child = spawnChild(this.name, process.execPath, [serverEntry(ROOT)], { cwd: ROOT, env }, options.logDir);
    this.child = child;
    this.healthy = false;
    const started = performance.now();
    child.once('exit', (code, signal) => this.exited(child, { code, signal }, started));
    while (!(await healthy(this.url)) || this.child !== child) {
      if (this.child !== child) throw new Error(`${this.name} exited while starting (${describeExit(this.lastExit)})`);
      if (performance.now() - started > BOOT_TIMEOUT_MS) {
        child.kill('SIGKILL');
        throw new Error(`${this.name} did not answer /api/health within ${BOOT_TIMEOUT_MS / 1000} s`);
      }
      await sleep(100);
    }
    this.healthy = true;
    this.failures = 0;
  }

  exited(child, how, started) {
    if (this.child !== child) return;
    this.child = null;
    this.healthy = false;
    const exit = { name: this.name, pid: child.pid, ...how, at: performance.now(), planned: this.planned || this.cluster.stopping };
    this.planned = false;
    this.lastExit = exit;
    for (const resolve of this.exitWaiters.splice(0)) resolve(exit);
    if (exit.planned) return;
    this.cluster.exits.push(exit);
    const { restartDelayMs, say } = this.cluster.options;
    const what = `${this.name} (pid ${child.pid}) exited unexpectedly (${describeExit(exit)})`;
    if (restartDelayMs === null) {
      say(what);
      return;
    }
    this.failures = exit.at - started < QUICK_DEATH_MS ? this.failures + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, restartDelayMs * 2 ** Math.max(0, this.failures - 1));
    say(`${what}; starting it again in ${delay / 1000} s`);
    this.restartTimer = setTimeout(() => {
      // A failed start ends in another exit, which schedules the next try.
      this.start().then(() => say(`${this.name} is back (pid ${this.pid})`), () => {});
    }, delay);
  }

  /** Resolves once the instance (this process or one the supervisor starts next) is healthy. */
  async waitUp(timeoutMs = BOOT_TIMEOUT_MS) {
    const until = performance.now() + timeoutMs;
    while (!this.healthy) {
      if (performance.now() > until) throw new Error(`${this.name} is not up after ${timeoutMs / 1000} s`);
      await sleep(50);
    }
  }

  /** Resolves once HAProxy has this instance in rotation again (its health checks passed). */
  async waitInRotation(timeoutMs = BOOT_TIMEOUT_MS) {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const state = (await this.cluster.serverStates()).find((s) => s.name === this.name);
      if (state?.status.startsWith('UP')) return;
      if (performance.now() > until) throw new Error(`HAProxy still has ${this.name} out of rotation (${state?.status})`);
      await sleep(50);
    }
  }

  /** A signal as from outside (an operator, the OOM killer): the supervisor sees a crash. */
  kill(signal) {
    this.child?.kill(signal);
  }

  /** SIGTERM (the graceful stop), then SIGKILL if it is still there after STOP_TIMEOUT_MS. Answers its exit. */
  async stop() {
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child) return this.lastExit;
    this.planned = true;
    const exited = new Promise((resolve) => this.exitWaiters.push(resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const exit = await exited;
    clearTimeout(timer);
    return exit;
  }

  /** A graceful restart: stop, wait for the exit, start on the same port, wait until healthy. Answers the exit. */
  async restart() {
    const exit = await this.stop();
    await this.start();
    return exit;
  }
}
