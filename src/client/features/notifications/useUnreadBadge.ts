/**
 * While someone is signed in on this tab, the unread total shows in the title and on the app's
 * badge (unreadBadge.ts). Loaded with the person's database, never on the sign-in screen.
 */
import { useEffect } from 'react';
import { useEngine } from '../../sync/current';

export function useUnreadBadge(): void {
  const db = useEngine()?.db;
  useEffect(() => {
    if (!db) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./unreadBadge').then((m) => {
      if (!left) stop = m.watchUnread(db);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [db]);
}
