/**
 * One process per PGlite data folder: a second one refuses at once and says who holds the folder;
 * a lock left by a dead process is taken over; seed:demo beside a running server stops and says
 * to stop the server first (it used to print success while its accounts never appeared).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'haven-lock-'));

describe('the data folder lock', () => {
  it('refuses a second opener with who holds it, and lets the next one in after close', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    const second = await openDatabase({ dataDir }, 'npm run seed:demo').then(() => null, (error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirInUseError);
    expect((second as Error).message).toContain(`in use by the Haven server (process ${process.pid}`);
    await first.close();
    expect(existsSync(join(dataDir, 'haven.lock'))).toBe(false);
    const third = await openDatabase({ dataDir });
    await third.close();
  }, 60_000);

  it('takes over a lock whose process is gone (a crash needs no cleaning up)', async () => {
    const dataDir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(join(dataDir, 'haven.lock'), JSON.stringify({ pid: dead, host: hostname(), what: 'the Haven server', since: 'earlier' }));
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 60_000);

  it('takes over a lock naming its own pid that it never took (a restarted container reuses pids)', async () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'haven.lock'), JSON.stringify({ pid: process.pid, host: hostname(), what: 'the Haven server', since: 'before the restart' }));
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 60_000);

  it('leaves a lock from another host alone (it cannot be checked from here)', async () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'haven.lock'), JSON.stringify({ pid: 1, host: 'another-host', what: 'the Haven server', since: 'earlier' }));
    const refused = await openDatabase({ dataDir }).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
  });

  it('stops seed:demo while the server holds the folder, and says to stop the server first', async () => {
    const dataDir = freshDir();
    const server = await openDatabase({ dataDir });
    try {
      const child = spawn('npx', ['tsx', 'src/server/seed-demo.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by the Haven server');
      expect(stderr).toContain('stop the server');
      expect(stdout).not.toContain('Demo world ready');
    } finally {
      await server.close();
    }
  }, 60_000);
});
