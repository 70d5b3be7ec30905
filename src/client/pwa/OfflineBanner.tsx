import { useSession } from '../features/auth/session';
import { useOnline } from './online';

export const OFFLINE_TEXT = "You're offline. Your diary works, and messages you send will go out when you're back online.";

/**
 * A calm notice, not an error: offline is a normal state for Haven. Shown while the browser
 * reports no network, or while the app runs on the cached session (it opened without one).
 */
export function OfflineBanner() {
  const online = useOnline();
  const { user, offline } = useSession();
  if (online && !(user && offline)) return null;
  return (
    <section aria-label="Connection" className="border-b border-base-300 bg-base-200 px-3 py-2 text-center text-sm">
      <p role="status">{OFFLINE_TEXT}</p>
    </section>
  );
}
