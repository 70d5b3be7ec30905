/**
 * The real server (src/server/main.ts) in a process of its own on 127.0.0.1, so that the event
 * loop and memory the bench reports are the server's and not the bench's. loop-monitor.ts is
 * preloaded to measure them. LOAD_CPU_PROF=<dir> adds node's --cpu-prof to the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoopReport } from './loop-monitor';
import { buildSync } from 'esbuild';
import { serverEntry } from '../../scripts/build-server.mjs';

/** The bench's preload, built beside the server: under tsx the server would carry tsx's memory too. */
function loopMonitor(): string {
  const outfile = join(ROOT, 'dist-server', 'loop-monitor.mjs');
  buildSync({ entryPoints: [join(ROOT, 'tests/bench/loop-monitor.ts')], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  return outfile;
}

const ROOT = new URL('../..', import.meta.url).pathname;
const BOOT_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServerProcess {
  baseUrl: string;
  /** From spawn to the server listening. */
  bootMs: number;
  report(): Promise<LoopReport>;
  /** Starts a new measured window (stall and peak RSS). */
  reset(): void;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>, logFile: string): Promise<ServerProcess> {
  // A file, not a pipe: a busy bench reading a pipe slowly would block the server's log writes.
  // A restart appends to the same log: only what this process writes is read for its port.
  const from = existsSync(logFile) ? statSync(logFile).size : 0;
  const log = openSync(logFile, 'a');
  const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.LOAD_CPU_PROF)}`] : [];
  const started = performance.now();
  // The server first: a build clears dist-server, where the preload is built.
  const entry = serverEntry(ROOT);
  const child = spawn(process.execPath, [...profile, '--import', loopMonitor(), entry], {
    cwd: ROOT, env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: '0' }, stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let port = 0;
  while (!port) {
    const match = /Haven is running at http:\/\/127\.0\.0\.1:(\d+)/.exec(readFileSync(logFile).subarray(from).toString('utf8'));
    if (match) port = Number(match[1]);
    else if (child.exitCode !== null) throw new Error(`The server stopped at boot; see ${logFile}`);
    else if (performance.now() - started > BOOT_TIMEOUT_MS) throw new Error(`The server did not boot; see ${logFile}`);
    else await sleep(50);
  }
  const bootMs = performance.now() - started;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    bootMs,
    report: () => ask(child),
    reset: () => child.send('reset'),
    async stop() {
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)]);
      if (code === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

function ask(child: ChildProcess): Promise<LoopReport> {
  return new Promise((resolveReport) => {
    const onMessage = (message: LoopReport) => {
      if (message?.type !== 'report') return;
      child.off('message', onMessage);
      resolveReport(message);
    };
    child.on('message', onMessage);
    child.send('report');
  });
}
