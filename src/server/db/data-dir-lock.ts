/**
 * One process per PGlite data folder. PGlite has no lock of its own: two servers (or the seed
 * script beside a running server) on one folder silently lose each other's writes. The holder
 * writes `haven.lock` with its pid and what it is; a second process refuses at once and says who
 * holds it. A lock left by a process that died (kill -9, power loss) is taken over, because its
 * pid is no longer alive, so a crash on the same machine needs no one to clean up.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** The lock files this process holds: its own pid in a lock file it does not hold means the file is stale. */
const held = new Set<string>();

/**
 * Creates `file` with `owner` in one step: written to a temporary file first, then hard-linked
 * into place (link fails if the name exists), so no one ever reads a half-written lock.
 */
function create(file: string, owner: LockOwner): boolean {
  const temp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(temp, JSON.stringify(owner), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Stale: its process is gone, or it names this very pid though this process never took it (a
 * restarted container often gets the same pid, 1 say, as the process that died). A lock from
 * another host (a shared volume, or a container recreated under a new hostname) cannot be
 * checked from here, so it stands until someone who knows deletes it.
 */
function isStale(owner: LockOwner, file: string): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(file);
  return !alive(owner.pid);
}

/** Takes the lock or throws DataDirInUseError; answers the release function. */
export function lockDataDir(dataDir: string, what: string): () => void {
  const file = join(dataDir, 'haven.lock');
  const me: LockOwner = { pid: process.pid, host: hostname(), what, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (create(file, me)) {
      held.add(file);
      const release = () => {
        held.delete(file);
        if (readOwner(file)?.pid === process.pid) unlinkSync(file);
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    }
    const owner = readOwner(file);
    if (owner && !isStale(owner, file)) throw new DataDirInUseError(dataDir, owner, file);
    // Stale or unreadable: move it aside, and make sure what was moved is what was judged stale.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      const moved = readOwner(aside);
      if (moved && owner && (moved.pid !== owner.pid || moved.since !== owner.since)) {
        // Another process took the lock in between: put it back (unless yet another has) and give way.
        try { linkSync(aside, file); } catch { /* a newer lock is in place */ }
        throw new DataDirInUseError(dataDir, moved, file);
      }
    } catch (error) {
      if (error instanceof DataDirInUseError) throw error;
      // Someone else moved it first; the next attempt decides.
    } finally {
      try { unlinkSync(aside); } catch { /* nothing was moved */ }
    }
  }
  const owner = readOwner(file);
  throw owner ? new DataDirInUseError(dataDir, owner, file) : new Error(`Could not lock ${file}`);
}
