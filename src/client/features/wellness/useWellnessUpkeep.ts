/**
 * While a person is signed in on this tab: for someone a professional referred, a shared summary
 * is kept up to date (share-upkeep.ts), and the daily check-in reminder is scheduled when this
 * device has one (reminder.ts). Both are loaded with the person's database, not at start-up.
 */
import { useEngine } from '../../sync/current';
import { useLazyWatch } from '../../sync/useLazyWatch';

const loadShare = () => import('./share-upkeep').then((m) => m.watchShare);
const loadReminder = () => import('./reminder').then((m) => m.watchReminder);

export function useWellnessUpkeep(referred: boolean): void {
  const db = useEngine()?.db;
  useLazyWatch(db, loadShare, referred);
  useLazyWatch(db, loadReminder);
}
