/**
 * Runs a watcher over the person's database while it is open (and `enabled`), loading its module
 * only then, so it stays out of the start-up script and off the sign-in screen. The module is asked
 * for once the screen is drawn and the browser idle (within a second): a watcher (the unread title,
 * a shared summary kept current, the check-in reminder) is never what a person opened the screen for.
 */
import { useEffect } from 'react';
import type { HavenDb } from '../db/database';
import { whenIdle } from '../state/idle';

const WATCH_WITHIN_MS = 1000;

export type Watcher = (db: HavenDb) => () => void;

/** `load` must be the same function every render (declare it at module level). */
export function useLazyWatch(db: HavenDb | undefined, load: () => Promise<Watcher>, enabled = true): void {
  useEffect(() => {
    if (!db || !enabled) return;
    let stop: (() => void) | undefined;
    let left = false;
    const cancel = whenIdle(() => {
      void load().then((watch) => {
        if (!left) stop = watch(db);
      }, (error: unknown) => console.error('Haven: a watcher did not load', error));
    }, WATCH_WITHIN_MS);
    return () => {
      left = true;
      cancel();
      stop?.();
    };
  }, [db, load, enabled]);
}
