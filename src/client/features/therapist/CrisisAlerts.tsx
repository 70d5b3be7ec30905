/**
 * The alerts a professional has not yet seen, above their client list: who may need support and
 * when, never what they wrote. "Open chat" goes to the person; "Seen" puts the alert away.
 */
import { toast } from 'react-hot-toast';
import { alertText } from '../../../shared/crisis-alerts';
import { markAlertSeen } from '../../sync/crisis-alerts';
import { useDb } from '../../sync/current';
import { useCrisisAlerts } from './useCrisisAlerts';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
}

export function CrisisAlerts({ onOpen }: { onOpen: (clientId: string) => void }) {
  const db = useDb();
  const fresh = useCrisisAlerts().filter((a) => !a.seen);
  if (fresh.length === 0) return null;
  return (
    <section aria-label="People who may need support" data-testid="crisis-alerts-list" className="mb-2 flex flex-col gap-2">
      {fresh.map((a) => (
        <div key={a._id} role="status" data-testid="crisis-alert" className="rounded-box border border-warning bg-warning/10 p-3 text-sm">
          <p className="font-medium">{alertText(a.client.fullName)}</p>
          <p className="text-xs">{when(a.createdAt)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => onOpen(a.client._id)}>Open chat</button>
            <button type="button" className="btn btn-sm btn-ghost"
              onClick={() => void markAlertSeen(db, a._id).catch(() => toast.error('Could not mark the alert as seen'))}>
              Seen
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
