import { Link, createFileRoute } from '@tanstack/react-router';
import { REVIEW_PERIOD } from '../../shared/limits';
import { requireAccess } from '../features/auth/access';
import { useUser } from '../features/auth/session';
import { useDecisionWatch } from '../features/auth/useDecisionWatch';
import { useEmailNotices } from '../features/notifications/useEmailNotices';
import { LogoutButton } from '../features/auth/LogoutButton';
import { WithGetHelp } from '../features/help/GetHelpButton';
import { IconClock } from '../ui/icons';
import { STANDALONE, titled } from '../ui/screen';
import { MAIN_ID } from '../ui/SkipLink';
import { ROLE_WORD } from '../ui/labels';

export const Route = createFileRoute('/verification-needed')({
  beforeLoad: requireAccess('pending'),
  head: titled('Verification needed'),
  staticData: STANDALONE,
  component: VerificationNeeded,
});

/** Where a pending professional waits (spec section 2); anyone else is sent on by its access check. */
function VerificationNeeded() {
  const user = useUser();
  useDecisionWatch();
  const email = useEmailNotices();

  return (
    <WithGetHelp showSafetyPlan>
      <main id={MAIN_ID} tabIndex={-1} className="flex grow flex-col bg-base-200 px-3 py-8">
        <div className="card m-auto w-full max-w-lg bg-base-100 shadow-xl">
          <div className="card-body items-center gap-4 p-5 text-center sm:p-8">
            <IconClock className="size-12 text-primary" />
            <h1 className="text-2xl font-bold">Verification Needed</h1>
            <p>
              Thank you for joining Haven, {user.fullName}. Your {ROLE_WORD[user.role]} account is
              waiting for an administrator to verify it.
            </p>
            <p>
              The review usually takes <strong>{REVIEW_PERIOD}</strong>.{' '}
              {email === true && <>You will get an email notice at <strong>{user.email}</strong> when it is decided, and this page</>}
              {email === false && <>Haven sends no email: this page</>}
              {email === undefined && <>This page</>}
              {' '}changes by itself as soon as your account has been reviewed. A notification tells you too if you turn
              notifications on in Settings.
            </p>
            <p className="text-sm">
              Meanwhile you can still change your theme in Settings or look at your Profile.
            </p>
            <div className="card-actions flex-wrap justify-center">
              <Link to="/profile" className="btn btn-ghost">Profile</Link>
              <Link to="/settings" className="btn btn-ghost">Settings</Link>
              <LogoutButton className="btn btn-primary">Log out</LogoutButton>
            </div>
          </div>
        </div>
      </main>
    </WithGetHelp>
  );
}
