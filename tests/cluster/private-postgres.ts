/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, listening on a free port
 * on 127.0.0.1), so it can really be stopped and started without touching the machine's server,
 * which other suites use. PostgreSQL refuses to run as root: as root, its tools run as the
 * `postgres` account (runuser), which Debian's packages create.
 */
import { execFile } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePorts } from '../../scripts/cluster/cluster.mjs';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its folder, keeping its log as `keepLogAs`. */
  close(keepLogAs?: string): Promise<void>;
}

/** PG_BIN, or the newest /usr/lib/postgresql/<version>/bin holding initdb (Debian's layout). */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`No PostgreSQL server tools (initdb, pg_ctl) under ${base}; install postgresql or set PG_BIN`);
  return join(base, newest, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'haven-pg-'));
  if (asRoot) {
    const ids = await run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim()), () => null);
    if (ids === null) throw new Error('Running as root, and there is no postgres account to run PostgreSQL as');
    chownSync(dir, ids, ids);
  }
  const tool = (name: string, args: string[]) => (asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args])
    : run(join(bin, name), args));
  const [port] = await freePorts(1);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // Durability is not what is tested here; fsync off keeps initdb and the restarts quick.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => { await tool('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']); };
  // -m fast: what a restart or a failover does to the connections (rolled back and closed).
  const stop = async () => { await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']); };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async close(keepLogAs) {
      await stop().catch(() => undefined);
      if (keepLogAs && existsSync(log)) copyFileSync(log, keepLogAs);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
