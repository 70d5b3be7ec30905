import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { mayEnter } from '../features/auth/access';
import { useUser } from '../features/auth/session';
import { LogoutButton } from '../features/auth/LogoutButton';
import { GetHelpButton } from '../features/help/GetHelpButton';
import { IconHome, IconLogout, IconSettings, IconShield, IconSparkles, IconUser } from './icons';
import { TOAST_CLEARANCE_ATTRIBUTE } from './Toasts';

/*
 * A narrow header for its text size (under 22 rem: a 320 px phone, or a 390 px one at 125 % text
 * and more) is "compact": one row of fixed 44 px icon buttons, sized in px so that large text does
 * not double them, with the names kept for screen readers and as tooltips. The query is on the
 * header's own width in rem, which follows the person's text size, where a media query would not.
 */
const ICON_BUTTON = 'btn btn-ghost btn-sm gap-1 px-2 @max-[22rem]:h-[44px]! @max-[22rem]:min-h-[44px]! @max-[22rem]:min-w-[40px]! @max-[22rem]:px-0 @max-[22rem]:[&_svg]:size-[22px]';

function NavLink({ to, label, icon }: { to: '/settings' | '/aura-ai' | '/profile' | '/admin'; label: string; icon: ReactNode }) {
  return (
    <Link to={to} title={label} className={ICON_BUTTON} activeProps={{ 'aria-current': 'page', className: 'btn-active' }}>
      {icon}
      {/* On a phone the text collapses to the icon; screen readers keep it. */}
      <span className="max-sm:sr-only @max-[22rem]:sr-only">{label}</span>
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
    // Toasts show below it (ui/Toasts.tsx), so they never cover "Get help now".
    <header {...{ [TOAST_CLEARANCE_ATTRIBUTE]: '' }} className="@container sticky top-0 z-30 shrink-0 border-b border-base-300 bg-base-100">
      {/* One row on a 360 px phone with 44 px targets, and on a narrow or large-text one (compact);
          should even that not fit, the links wrap to a further row rather than off screen. */}
      <div className="navbar min-h-14 flex-wrap gap-y-1 px-2 sm:px-4 @max-[22rem]:min-h-0 @max-[22rem]:px-[4px] @max-[22rem]:py-[4px]">
        <div className="min-w-0 flex-1">
          <Link to={inApp ? '/dashboard' : '/verification-needed'} title="Haven"
            className="btn btn-ghost px-1 text-lg font-bold sm:px-2 @max-[22rem]:h-[44px]! @max-[22rem]:min-h-[44px]! @max-[22rem]:min-w-[40px]! @max-[22rem]:px-0">
            <IconHome className="hidden size-[22px] @max-[22rem]:block" />
            <span className="@max-[22rem]:sr-only">Haven</span>
          </Link>
        </div>
        <div className="mr-0.5 flex-none sm:mr-2 @max-[22rem]:mr-[4px]">
          {/* An admin's header has one link more: on a phone the label loses its last word to fit. */}
          <GetHelpButton showSafetyPlan short={admin} />
        </div>
        <nav aria-label="Main" className="flex max-w-full flex-none flex-wrap items-center justify-end sm:gap-1 @max-[22rem]:gap-0">
          {admin && <NavLink to="/admin" label="Admin" icon={<IconShield />} />}
          <NavLink to="/settings" label="Settings" icon={<IconSettings />} />
          {inApp && <NavLink to="/aura-ai" label="Aura AI" icon={<IconSparkles />} />}
          <NavLink to="/profile" label="Profile" icon={<IconUser />} />
          <LogoutButton className={ICON_BUTTON}>
            <span title="Logout" className="inline-flex"><IconLogout /></span>
            <span className="max-sm:sr-only @max-[22rem]:sr-only">Logout</span>
          </LogoutButton>
        </nav>
      </div>
    </header>
  );
}
