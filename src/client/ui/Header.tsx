import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { mayEnter } from '../features/auth/access';
import { useUser } from '../features/auth/session';
import { LogoutButton } from '../features/auth/LogoutButton';
import { GetHelpButton } from '../features/help/GetHelpButton';
import { IconLogout, IconSettings, IconShield, IconSparkles, IconUser } from './icons';

function NavLink({ to, label, icon }: { to: '/settings' | '/aura-ai' | '/profile' | '/admin'; label: string; icon: ReactNode }) {
  return (
    <Link to={to} className="btn btn-ghost btn-sm gap-1 px-2" activeProps={{ 'aria-current': 'page', className: 'btn-active' }}>
      {icon}
      {/* On a phone the text collapses to the icon; screen readers keep it. */}
      <span className="max-sm:sr-only">{label}</span>
    </Link>
  );
}

/**
 * Header links (spec section 2): Settings, Aura AI, Profile, Logout; Admin for admins only; "Get
 * help now" first, for everyone. A link shows only where the route access table lets this person in.
 */
export function Header() {
  const user = useUser();
  const inApp = mayEnter('app', user);
  const admin = mayEnter('admin', user);

  return (
    // One row on a 360 px phone with 44 px targets (an admin's extra link wraps); with large text
    // (200 %) the links move to further rows rather than off screen, so Logout stays reachable.
    <header className="navbar sticky top-0 z-30 min-h-14 shrink-0 flex-wrap gap-y-1 border-b border-base-300 bg-base-100 px-2 sm:px-4">
      <div className="flex-1">
        <Link to={inApp ? '/dashboard' : '/verification-needed'} className="btn btn-ghost px-1 text-lg font-bold sm:px-2">
          Haven
        </Link>
      </div>
      <div className="mr-0.5 flex-none sm:mr-2">
        {/* An admin's header has one link more: on a phone the label loses its last word to fit. */}
        <GetHelpButton showSafetyPlan short={admin} />
      </div>
      <nav aria-label="Main" className="flex max-w-full flex-none flex-wrap items-center justify-end sm:gap-1">
        {admin && <NavLink to="/admin" label="Admin" icon={<IconShield />} />}
        <NavLink to="/settings" label="Settings" icon={<IconSettings />} />
        {inApp && <NavLink to="/aura-ai" label="Aura AI" icon={<IconSparkles />} />}
        <NavLink to="/profile" label="Profile" icon={<IconUser />} />
        <LogoutButton className="btn btn-ghost btn-sm gap-1 px-2">
          <IconLogout />
          <span className="max-sm:sr-only">Logout</span>
        </LogoutButton>
      </nav>
    </header>
  );
}
