/**
 * While a person is signed in on this tab: for someone a professional referred, a shared summary
 * is kept up to date (share-upkeep.ts), and the daily check-in reminder is scheduled when this
 * device has one (reminder.ts). Both are loaded with the person's database, not at start-up.
 */
import { useEffect } from 'react';
import { useEngine } from '../../sync/current';

export function useWellnessUpkeep(referred: boolean): void {
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
  useEffect(() => {
    if (!db) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./reminder').then((m) => {
      if (!left) stop = m.watchReminder(db);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [db]);
}
