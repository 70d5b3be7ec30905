/**
 * One process per PGlite data folder. PGlite has no lock of its own: two servers (or the seed
 * script beside a running server) on one folder silently lose each other's writes. The holder
 * writes `haven.lock` with its pid and what it is; a second process refuses at once and says who
 * holds it. A lock left by a process that died (kill -9, power loss) is taken over, because its
 * pid is no longer alive, so a crash never needs a person to clean up.
 */
import { openSync, readFileSync, renameSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface LockOwner {
  pid: number;
  host: string;
  what: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner, readonly lockFile: string) {
    super(`The data folder ${dataDir} is in use by ${owner.what} (process ${owner.pid}, since ${owner.since}). `
      + `Stop it first, or give this one another DATA_DIR. If no such process is running, delete ${lockFile}.`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, host: String(owner.host), what: String(owner.what), since: String(owner.since) } : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirInUseError; answers the release function. */
export function lockDataDir(dataDir: string, what: string): () => void {
  const file = join(dataDir, 'haven.lock');
  const me: LockOwner = { pid: process.pid, host: hostname(), what, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx': created only if absent, atomically, so two starting processes cannot both win.
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const release = () => {
        if (readOwner(file)?.pid === process.pid) unlinkSync(file);
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    // Another host (a shared volume) cannot be checked: its lock stands.
    if (owner && (owner.host !== me.host || alive(owner.pid))) {
      throw new DataDirInUseError(dataDir, owner, file);
    }
    // Stale (its process is gone) or unreadable: move it aside and try once more.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      unlinkSync(`${file}.stale-${process.pid}`);
    } catch {
      // Someone else moved it first; the next attempt decides.
    }
  }
  const owner = readOwner(file);
  throw owner ? new DataDirInUseError(dataDir, owner, file) : new Error(`Could not lock ${file}`);
}
