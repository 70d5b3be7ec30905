/**
 * Runs a watcher over the person's database while it is open (and `enabled`), loading its module
 * only then, so it stays out of the start-up script and off the sign-in screen.
 */
import { useEffect } from 'react';
import type { HavenDb } from '../db/database';

export type Watcher = (db: HavenDb) => () => void;

/** `load` must be the same function every render (declare it at module level). */
export function useLazyWatch(db: HavenDb | undefined, load: () => Promise<Watcher>, enabled = true): void {
  useEffect(() => {
    if (!db || !enabled) return;
    let stop: (() => void) | undefined;
    let left = false;
    void load().then((watch) => {
      if (!left) stop = watch(db);
    }, (error: unknown) => console.error('Haven: a watcher did not load', error));
    return () => {
      left = true;
      stop?.();
    };
  }, [db, load, enabled]);
}
