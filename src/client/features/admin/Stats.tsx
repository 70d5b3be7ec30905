import type { AdminStats } from '../../../shared/api';
import { ROLE_PLURAL_LABEL } from '../../ui/labels';

const LABELS: [keyof AdminStats, string][] = [
  ['total', 'Total Users'],
  ['users', ROLE_PLURAL_LABEL.user],
  ['therapists', ROLE_PLURAL_LABEL.therapist],
  ['ngos', ROLE_PLURAL_LABEL.ngo],
  ['volunteers', ROLE_PLURAL_LABEL.volunteer],
  ['verified', 'Verified'],
  ['pending', 'Pending'],
];

/** The seven statistics of spec section 2. */
export function Stats({ stats }: { stats: AdminStats | null }) {
  return (
    <section aria-labelledby="stats-title" className="mt-6">
      <h2 id="stats-title" className="sr-only">Statistics</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {LABELS.map(([key, label]) => (
          <div key={key} className="rounded-box border border-base-300 bg-base-100 p-3">
            <dt className="text-sm">{label}</dt>
            <dd className="text-2xl font-bold" data-testid={`stat-${key}`}>{stats ? stats[key] : '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
