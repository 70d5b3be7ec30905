/**
 * While someone is signed in on this tab, the unread total shows in the title and on the app's
 * badge (unreadBadge.ts). Loaded with the person's database, never on the sign-in screen.
 */
import { useEngine } from '../../sync/current';
import { useLazyWatch } from '../../sync/useLazyWatch';

const load = () => import('./unreadBadge').then((m) => m.watchUnread);

export function useUnreadBadge(): void {
  useLazyWatch(useEngine()?.db, load);
}
