import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { SignupRole } from '../../../shared/limits';
import { AuthCard } from '../../ui/AuthCard';
import { WithGetHelp } from '../help/GetHelpButton';
import { IconBook, IconHeart, IconUser, IconUsers } from '../../ui/icons';
import { ROLE_CARDS } from './roles';
import { SignupForm } from './SignupForm';

const ROLE_ICONS: Record<SignupRole, typeof IconUser> = {
  user: IconUser,
  therapist: IconHeart,
  ngo: IconUsers,
  volunteer: IconBook,
};

/** /signup: a two-step wizard (spec section 4): choose a role, then fill in the form. */
export function SignupPage() {
  const [role, setRole] = useState<SignupRole | null>(null);

  // No safety plan here: it belongs to one person, and a shared device must not show it signed out.
  if (role) {
    return (
      <WithGetHelp showSafetyPlan={false}>
        <SignupForm role={role} onBack={() => setRole(null)} />
      </WithGetHelp>
    );
  }

  return (
    <WithGetHelp showSafetyPlan={false}>
      <AuthCard title="Create your account" subtitle="How would you like to join Haven?">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Choose a role">
          {ROLE_CARDS.map(({ role: r, title, text }) => {
            const Icon = ROLE_ICONS[r];
            return (
              <li key={r}>
                <button
                  type="button"
                  className="card card-border h-full w-full bg-base-100 text-left transition hover:border-primary hover:bg-base-200"
                  onClick={() => setRole(r)}
                >
                  <span className="card-body flex-row items-center gap-3 p-4 sm:flex-col sm:items-start">
                    <Icon className="size-7 shrink-0 text-primary" />
                    <span>
                      <span className="block text-lg font-semibold">{title}</span>
                      <span className="block text-sm">{text}</span>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className="text-center">
          Already have an account? <Link to="/login" className="link font-semibold">Log in</Link>
        </p>
      </AuthCard>
    </WithGetHelp>
  );
}
