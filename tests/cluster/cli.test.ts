/**
 * `npm run cluster` itself (scripts/cluster.mjs): it refuses to start without PostgreSQL, and a
 * SIGTERM stops every instance and HAProxy before it exits. The app is not built here: CLIENT_DIST
 * is a folder whose index.html is newer than every source, so the script finds nothing to build.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { adminQuery } from '../support/pg-database';
import { until } from './traffic';

const ROOT = new URL('../..', import.meta.url).pathname;

function run(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['scripts/cluster.mjs'], { cwd: ROOT, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const portFree = (port: number) => new Promise<boolean>((resolve) => {
  const server = createServer().once('error', () => resolve(false));
  server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});

/**
 * A port with the next two free as well: the script puts instance i on PORT + i. Below Linux's
 * ephemeral range (32768 up): there, a connection made between this check and the bind (the
 * instances open a dozen to PostgreSQL) may be given one of these ports as its own.
 */
async function threeFreePorts(): Promise<number> {
  for (;;) {
    const base = 10_000 + Math.floor(Math.random() * 22_000);
    if ((await Promise.all([0, 1, 2].map((i) => portFree(base + i)))).every(Boolean)) return base;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run cluster', () => {
  it('refuses to start without a PostgreSQL DATABASE_URL, saying why', async () => {
    const cli = run({ DATABASE_URL: undefined });
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('npm run cluster needs DATABASE_URL=postgres://');
  });

  it('stops every instance, then HAProxy, on SIGTERM, and exits 0', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `haven_cli_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const database = new URL(serverUrl);
    database.pathname = `/${name}`;
    const dir = mkdtempSync(join(tmpdir(), 'haven-cluster-cli-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const tomorrow = new Date(Date.now() + 86_400_000);
    utimesSync(join(dir, 'index.html'), tomorrow, tomorrow);
    const port = await threeFreePorts();
    const cli = run({
      DATABASE_URL: database.toString(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, CLIENT_DIST: dir,
      LOG_LEVEL: 'warn', NODE_ENV: 'production',
    });
    let pids: number[] = [];
    try {
      // Stops waiting when the script gives up, and says what it printed either way.
      await until(() => cli.output().includes('Ctrl+C stops') || cli.child.exitCode !== null, 70_000, 'the cluster started')
        .catch((error: Error) => { throw new Error(`${error.message}; the script printed:\n${cli.output()}`); });
      expect(cli.child.exitCode, `the script exited before the cluster ran; it printed:\n${cli.output()}`).toBeNull();
      pids = [...cli.output().matchAll(/\(pid (\d+)\)/g)].map((m) => Number(m[1]));
      expect(pids).toHaveLength(2);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      expect(cli.output()).toContain('[cluster] stopped');
      expect(pids.filter(alive)).toEqual([]);
      expect(await portFree(port), 'HAProxy still listens').toBe(true);
    } finally {
      // Never leave the instances behind, whatever failed: they are in process groups of their own.
      if (cli.child.exitCode === null) {
        cli.child.kill('SIGTERM');
        await Promise.race([cli.exited, sleep(20_000)]);
      }
      for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
