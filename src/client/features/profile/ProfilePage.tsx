import { CrisisAlertsToggle } from '../safety/CrisisAlertsToggle';
import type { ReactNode } from 'react';
import type { Status } from '../../../shared/limits';
import { ROLE_LABEL } from '../../ui/labels';
import { useUser } from '../auth/session';
import { AccountControls } from './AccountControls';
import { DisplayName } from './DisplayName';
import { ProfilePhoto } from './ProfilePhoto';
import { ReferralCode, VerificationRequest } from './Verification';
import { MAIN_ID } from '../../ui/SkipLink';

const STATUS_BADGE: Record<Status, string> = {
  verified: 'badge-success',
  pending: 'badge-warning',
  rejected: 'badge-error',
  unverified: 'badge-neutral',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-base-300 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dt className="font-medium">{label}</dt>
      <dd className="wrap-anywhere sm:text-right">{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const user = useUser();
  const professional = user.role !== 'user' && user.role !== 'admin';
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-2xl px-3 py-6 sm:px-6">
      <div className="card bg-base-100 shadow-lg">
        <div className="card-body gap-4 p-4 sm:p-8">
          <h1 className="text-center text-2xl font-bold">Profile</h1>
          <p className="text-center">Your profile information</p>
          <ProfilePhoto />
          <DisplayName />
          <CrisisAlertsToggle />
          <dl>
            <Row label="Full Name">{user.fullName}</Row>
            <Row label="Email Address">{user.email}</Row>
            <Row label="Role">
              <span className="inline-flex flex-wrap items-center gap-2 sm:justify-end">
                <span>{ROLE_LABEL[user.role]}</span>
                <span className={`badge ${STATUS_BADGE[user.status]}`} data-testid="status-badge">{user.status}</span>
              </span>
            </Row>
            {professional && <Row label="Verification"><VerificationRequest /></Row>}
            {professional && <Row label="Referral Code"><ReferralCode /></Row>}
          </dl>
          <h2 className="mt-2 text-lg font-semibold">Account Information</h2>
          <dl>
            <Row label="Member Since">{new Date(user.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}</Row>
            <Row label="Account Status"><span className="font-semibold">Active</span></Row>
          </dl>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <AccountControls />
      </div>
    </main>
  );
}
