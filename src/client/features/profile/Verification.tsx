import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { requestVerificationSchema } from '../../../shared/schemas';
import { call } from '../../net/call';
import { setUser, useUser } from '../auth/session';

/**
 * 'Request Verification' when unverified with no request made (and again
 * after a rejection, docs/decisions/earlier.md "Sign-in"); 'Request Pending' once a request is in.
 */
export function VerificationRequest() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  if (user.status === 'verified') return <span>Verified</span>;
  if (user.verificationRequest || user.status === 'pending') return <span className="badge badge-warning">Request Pending</span>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = requestVerificationSchema.safeParse({ message });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please provide a verification message');
      return;
    }
    setBusy(true);
    try {
      setUser(await call('requestVerification', { body: parsed.data }));
      toast.success('Verification request submitted successfully');
      setOpen(false);
    } catch {
      toast.error('Failed to submit verification request');
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <span className="inline-flex flex-col gap-1 sm:items-end">
        {user.status === 'rejected' && <span className="text-sm">Your previous request was not approved. You may ask again.</span>}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>Request Verification</button>
      </span>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex w-full flex-col gap-2 text-left sm:min-w-80">
      <label htmlFor="verification-message" className="font-medium">Verification message</label>
      <textarea id="verification-message" className="textarea w-full" rows={4} value={message}
        onChange={(e) => setMessage(e.target.value)} placeholder="Tell the team about your qualifications or organization" />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>Cancel</button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>Submit Request</button>
      </div>
    </form>
  );
}

/** The professional's referral code; a verified professional without one gets one generated. */
export function ReferralCode() {
  const user = useUser();
  const asked = useRef(false);
  const needsCode = user.status === 'verified' && !user.referralCode;

  useEffect(() => {
    if (!needsCode || asked.current) return;
    asked.current = true;
    call('generateReferral').then(setUser, () => toast.error('Referral code not available'));
  }, [needsCode]);

  if (user.status !== 'verified') return <span>Your account must be verified to get a referral code.</span>;
  if (!user.referralCode) return <span>Generating a new code...</span>;
  return <code className="rounded bg-base-200 px-2 py-1 font-mono text-lg font-semibold" data-testid="referral-code">{user.referralCode}</code>;
}
