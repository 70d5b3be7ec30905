import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { RoleFilter } from '../../../shared/limits';
import type { AdminData } from './loadAdmin';
import { PendingUsers } from './PendingUsers';
import { AllUsers } from './AllUsers';
import { GroupsAdmin } from './GroupsAdmin';
import { Stats } from './Stats';
import { ModerationQueue } from './ModerationQueue';
import { AuditLog } from './AuditLog';
import { MAIN_ID } from '../../ui/SkipLink';

interface Props {
  /** From the route's loader (routes/admin.tsx). */
  data: AdminData;
  filter: RoleFilter;
  onFilter: (f: RoleFilter) => void;
  /** Loads `data` again after a change; settles once the page shows the new lists. */
  onChanged: () => Promise<unknown>;
}

/**
 * /admin: pending verifications, statistics, every user and the support groups (spec sections 2 and
 * 6); the moderation queue and the audit log (docs/community-safety.md).
 */
export function AdminPage({ data, filter, onFilter, onChanged }: Props) {
  // Said here, not in the loader: the loader also runs when a link to /admin is only hovered
  // (preloading), and a toast then would be about a page the person never opened. The id keeps
  // one toast per failure when the same load is reported twice.
  useEffect(() => {
    for (const message of data.failures) toast.error(message, { id: message });
  }, [data]);

  return (
    <AdminFrame>
      <Stats stats={data.stats} />
      <PendingUsers users={data.pending} onChanged={onChanged} />
      <ModerationQueue reports={data.reports} onChanged={onChanged} />
      <AllUsers users={data.users} filter={filter} onFilter={onFilter} onChanged={onChanged} />
      <GroupsAdmin groups={data.groups} onChanged={onChanged} />
      <AuditLog entries={data.log} users={data.users} reports={data.reports} groups={data.groups} onChanged={onChanged} />
    </AdminFrame>
  );
}

/** The page's heading, shared by the page, its loading state and its error state. */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    // Names, emails and reasons break anywhere: at 200 % text one long word would widen the page.
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-3 py-6 wrap-anywhere sm:px-6">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <p className="mt-1">Verify professionals and look after the community.</p>
      {children}
    </main>
  );
}
