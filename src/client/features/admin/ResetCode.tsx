import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminUser, ResetCodeResponse } from '../../../shared/api';
import { describeFailureText } from '../../net/errors';
import { Modal } from '../../ui/Modal';
import { adminApi } from './adminApi';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * "Reset password": a one-time code for a person who forgot theirs. Shown once, here: the server
 * keeps only its hash. Handed over in person or by phone, and e-mailed too when the server sends
 * e-mail (SMTP_URL).
 */
export function ResetCodeButton({ user }: { user: AdminUser }) {
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ResetCodeResponse | null>(null);

  async function make() {
    setBusy(true);
    try {
      setMade(await adminApi.resetCode(user._id));
    } catch (error) {
      toast.error(await describeFailureText(error, 'Failed to create a reset code'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void make()}
        aria-label={`Reset password of ${user.fullName}`}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Reset password
      </button>
      <Modal open={made !== null} title={`Reset code for ${user.fullName}`} onClose={() => setMade(null)} closeLabel="Done">
        {made && (
          <div className="flex flex-col gap-3 py-3">
            <p>
              {made.emailed
                ? <>It was emailed to <strong>{user.fullName}</strong> ({user.email}); you can also give it in person or by phone.</>
                : <>Give this code to <strong>{user.fullName}</strong> ({user.email}) in person or by phone.</>}
              {' '}They enter it on the login screen under &quot;Have a reset code?&quot; with their email and a new password.
            </p>
            <p className="text-center">
              <code className="rounded bg-base-200 px-3 py-2 font-mono text-2xl font-semibold tracking-wider" data-testid="reset-code">
                {made.resetCode}
              </code>
            </p>
            <p>
              It works once, until <strong>{time(made.expiresAt)}</strong> (one hour). It is shown only now: if it is lost,
              make a new one, which replaces this one. Using it signs {user.fullName} out everywhere.
            </p>
          </div>
        )}
      </Modal>
    </>
  );
}
