import { useSession } from '../features/auth/session';
import { useSyncStatus } from '../sync/status-hook';
import type { SyncStatus } from '../sync/status';
import { useOnline } from './online';

export const OFFLINE_TEXT = "You're offline. Your diary works, and messages you send will go out when you're back online.";

const messages = (n: number) => (n === 1 ? '1 message' : `${n} messages`);

/** The engine's state in a few calm words; nothing when all is sent and up to date. */
export function syncStatusText(status: SyncStatus): string | null {
  switch (status.kind) {
    case 'offline': return status.pending > 0 ? `${messages(status.pending)} waiting to send.` : null;
    case 'sending': return `Sending ${status.pending}…`;
    case 'error': return status.pending > 0
      ? `${messages(status.pending)} not sent yet (${status.reason}). Haven keeps trying.`
      : `Could not update your messages (${status.reason}). Haven keeps trying.`;
    default: return null;
  }
}

/**
 * A calm notice, not an error: offline is a normal state for Haven. Shown while the browser
 * reports no network, or while the app runs on the cached session (it opened without one),
 * with what the sync engine is doing beside it ("Sending 12…").
 */
export function OfflineBanner() {
  const online = useOnline();
  const { user, offline } = useSession();
  const status = syncStatusText(useSyncStatus());
  if (online && !(user && offline)) {
    // Online, the state floats over the header instead of pushing the composer down.
    return status ? (
      <p role="status" data-testid="sync-status"
        className="pointer-events-none fixed top-1 left-1/2 z-40 max-w-[90vw] -translate-x-1/2 truncate rounded-full bg-base-300 px-3 py-1 text-xs shadow">
        {status}
      </p>
    ) : null;
  }
  return (
    <section aria-label="Connection" className="border-b border-base-300 bg-base-200 px-3 py-2 text-center text-sm">
      <p role="status">{OFFLINE_TEXT}</p>
      {status && <p role="status" data-testid="sync-status">{status}</p>}
    </section>
  );
}
