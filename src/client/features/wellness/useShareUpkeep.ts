/**
 * For someone a professional referred: keeps a shared summary up to date (share-upkeep.ts), loaded
 * with the person's database and only for them.
 */
import { useEffect } from 'react';
import { useEngine } from '../../sync/current';

export function useShareUpkeep(referred: boolean): void {
  const db = useEngine()?.db;
  useEffect(() => {
    if (!db || !referred) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./share-upkeep').then((m) => {
      if (!left) stop = m.watchShare(db);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [db, referred]);
}
