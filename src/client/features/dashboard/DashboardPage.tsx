import { MAIN_ID } from '../../ui/SkipLink';
import { Link } from '@tanstack/react-router';
import { isProfessional, type Role } from '../../../shared/limits';
import { useUnreadTotals } from '../../sync/read-hooks';
import { useUser } from '../auth/session';
import { UnreadBadge } from '../chat/Unread';
import { IconBook, IconChat, IconHeart, IconSparkles } from '../../ui/icons';
import { InstallPrompt } from '../../pwa/InstallPrompt';
import { CheckInCard } from '../wellness/CheckInCard';
import { CheckInNudge } from '../wellness/CheckInNudge';

/** Spec section 2: the therapist card's title depends on who is looking. */
export function therapistCardTitle(role: Role): string {
  if (role === 'therapist') return 'Chat with Clients';
  if (role === 'ngo' || role === 'volunteer') return 'Chat with Referred Users';
  return 'Chat with Therapist';
}

export function DashboardPage() {
  const user = useUser();
  // Each card counts what its own screen lists (a professional's /therapist-chat lists their referred users).
  const unread = useUnreadTotals(isProfessional(user.role) ? 'users' : 'therapists');
  const cards = [
    { to: '/chat', title: 'Community Chat', text: 'Join support groups and message others who understand.', Icon: IconChat, unread: unread?.community },
    { to: '/therapist-chat', title: therapistCardTitle(user.role), text: 'Private, one-to-one conversations.', Icon: IconHeart, unread: unread?.therapist },
    { to: '/aura-ai', title: 'Aura AI', text: 'Talk with Aura, your AI companion for mental wellness.', Icon: IconSparkles, unread: 0 },
    { to: '/diary', title: 'My Diary', text: 'Write down your thoughts. Kept only on this device.', Icon: IconBook, unread: 0 },
  ] as const;

  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {user.fullName}</h1>
      <p className="mt-1">Choose where you would like to go.</p>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {cards.map(({ to, title, text, Icon, unread: count }) => (
          <li key={to}>
            <Link to={to} className="card card-border h-full bg-base-100 transition hover:border-primary hover:bg-base-200">
              <span className="card-body flex-row items-center gap-4">
                <Icon className="size-8 shrink-0 text-primary" />
                <span className="min-w-0 flex-1">
                  <span className="card-title">{title}</span>
                  <span className="block">{text}</span>
                </span>
                <UnreadBadge count={count ?? 0} large className="shrink-0 self-start" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <CheckInNudge />
      <CheckInCard linked />
      <InstallPrompt />
    </main>
  );
}
