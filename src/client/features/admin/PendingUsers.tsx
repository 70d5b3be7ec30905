import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminUser } from '../../../shared/api';
import { ROLE_LABEL } from '../../ui/labels';
import { adminApi } from './adminApi';
import { ConfirmDialog } from './ConfirmDialog';

export function PendingUsers({ users, onChanged }: { users: AdminUser[]; onChanged: () => Promise<unknown> }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');

  async function verify(u: AdminUser) {
    setBusyId(u._id);
    try {
      const res = await adminApi.verify(u._id);
      toast.success('User verified successfully');
      toast(`Referral code for ${u.fullName}: ${res.referralCode}`);
      await onChanged();
    } catch (error) {
      // The spec's words, whatever the cause; the detail goes to the console.
      console.error('Haven: could not verify user', error);
      toast.error('Failed to verify user');
    } finally {
      setBusyId(null);
    }
  }

  async function reject(u: AdminUser) {
    setBusyId(u._id);
    try {
      await adminApi.reject(u._id, reason);
      toast.success('User rejected');
      setRejecting(null);
      setReason('');
      await onChanged();
    } catch (error) {
      // The spec's words, whatever the cause; the detail goes to the console.
      console.error('Haven: could not reject user', error);
      toast.error('Failed to reject user');
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby="pending-title" className="mt-8">
      <h2 id="pending-title" className="text-xl font-semibold">Pending Verifications</h2>
      {users.length === 0 && <p className="mt-2">No pending verification requests.</p>}
      <ul className="mt-3 grid gap-3 md:grid-cols-2 *:min-w-0">
        {users.map((u) => (
          <li key={u._id} className="card card-border bg-base-100" data-testid="pending-user">
            <div className="card-body gap-2 p-4">
              <h3 className="card-title text-base wrap-anywhere">{u.fullName}</h3>
              <p className="wrap-anywhere">{u.email}</p>
              <p><span className="badge badge-outline">{ROLE_LABEL[u.role]}</span></p>
              {u.verificationMessage && <p className="rounded bg-base-200 p-2 text-sm whitespace-pre-wrap">{u.verificationMessage}</p>}
              <div className="card-actions justify-end">
                <button type="button" className="btn btn-outline btn-sm" disabled={busyId === u._id}
                  onClick={() => setRejecting(u)} aria-label={`Reject ${u.fullName}`}>Reject</button>
                <button type="button" className="btn btn-success btn-sm" disabled={busyId === u._id}
                  onClick={() => void verify(u)} aria-label={`Verify ${u.fullName}`}>Verify</button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {rejecting && (
        <ConfirmDialog title={`Reject ${rejecting.fullName}?`} confirmLabel="Reject" danger busy={busyId === rejecting._id}
          onConfirm={() => void reject(rejecting)} onCancel={() => { setRejecting(null); setReason(''); }}>
          <label htmlFor="reject-reason" className="font-medium">Reason (optional)</label>
          <textarea id="reject-reason" className="textarea mt-1 w-full" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </ConfirmDialog>
      )}
    </section>
  );
}
