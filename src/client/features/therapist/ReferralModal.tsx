import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { AuthUser } from '../../../shared/api';
import { call } from '../../net/call';
import { Modal } from '../../ui/Modal';
import { setUser, useUser } from '../auth/session';
import { invitationText } from '../signup/referral';

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error('Could not copy. Please select the code and copy it yourself.');
  }
}

/**
 * The phone's share sheet (Web Share) where there is one, so the invitation goes straight into a
 * message; a cancelled sheet is the person's choice and says nothing.
 */
async function share(text: string) {
  try {
    await navigator.share({ title: 'Join me on Haven', text });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    await copy(text, 'Copied to clipboard!');
  }
}

const canShare = () => typeof navigator.share === 'function';

/**
 * A verified professional who somehow has no code yet gets one issued (idempotent on the server);
 * the session user is then updated so the profile shows it too.
 */
function useIssueMissingCode(user: AuthUser) {
  const asked = useRef(false);
  useEffect(() => {
    if (user.status !== 'verified' || user.referralCode || asked.current) return;
    asked.current = true;
    call('generateReferral').then(setUser, () => toast.error('Referral code not available'));
  }, [user.status, user.referralCode]);
}

function ReferralBody({ user }: { user: AuthUser }) {
  useIssueMissingCode(user);
  if (user.status !== 'verified') {
    return (
      <div className="py-3">
        <p>Your account must be verified to get a referral code.</p>
        <p className="mt-2">Status: <span className="badge badge-outline capitalize" data-testid="referral-status">{user.status}</span></p>
      </div>
    );
  }
  const code = user.referralCode;
  const invitation = code ? invitationText(code, location.origin) : '';
  return (
    <div className="flex flex-col gap-3 py-3">
      {code
        ? <p className="rounded-box bg-base-200 p-3 text-center font-mono text-2xl font-bold tracking-wider" data-testid="my-referral-code">{code}</p>
        : <p className="flex items-center gap-2" role="status"><span className="loading loading-spinner loading-sm" aria-hidden="true" />Generating a new code...</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm"
          onClick={() => (code ? void copy(code, 'Referral code copied to clipboard!') : toast.error('Referral code not available'))}>
          Copy code
        </button>
        {code && (canShare()
          ? <button type="button" className="btn btn-outline btn-sm" onClick={() => void share(invitation)}>Share invitation</button>
          : <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(invitation, 'Copied to clipboard!')}>Copy invitation</button>)}
      </div>
      <div>
        <h3 className="font-semibold">How it works</h3>
        <ol className="mt-1 list-decimal pl-5 text-sm">
          <li>Share this code with the person you support.</li>
          <li>They choose “Join as a regular user” on the sign-up page and enter the code.</li>
          <li>Once they have joined, they appear in your list here and you can chat privately.</li>
        </ol>
      </div>
    </div>
  );
}

/** The 'My Referral Code' modal (spec sections 2 and 6); focus returns to its button on close. */
export function ReferralModal({ onClose }: { onClose: () => void }) {
  const user = useUser();
  return (
    <Modal open title="My Referral Code" onClose={onClose}>
      <ReferralBody user={user} />
    </Modal>
  );
}
