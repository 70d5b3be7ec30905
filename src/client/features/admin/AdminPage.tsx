import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminStats, AdminUser } from '../../../shared/api';
import { adminApi, type RoleFilter } from './adminApi';
import { PendingUsers } from './PendingUsers';
import { AllUsers } from './AllUsers';
import { GroupsAdmin } from './GroupsAdmin';
import { Stats } from './Stats';

const USERS_FAILED = 'Failed to load users statistics';

/** /admin: pending verifications, statistics, every user and the support groups (spec sections 2 and 6). */
export function AdminPage() {
  const [pending, setPending] = useState<AdminUser[] | null>(null);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [filter, setFilter] = useState<RoleFilter>('all');
  // Bumped after every change so both lists load again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    adminApi.pending().then(
      (list) => live && setPending(list),
      () => {
        if (!live) return;
        setPending([]);
        toast.error('Failed to load pending users');
      },
    );
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- `version` exists to trigger a reload
  }, [version]);

  useEffect(() => {
    let live = true;
    adminApi.all(filter).then(
      (list) => live && setUsers(list),
      () => {
        if (!live) return;
        setUsers([]);
        toast.error(USERS_FAILED, { id: USERS_FAILED });
      },
    );
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- `version` exists to trigger a reload
  }, [filter, version]);

  // The statistics count everyone whatever the list's filter, so a filter change does not reload them.
  useEffect(() => {
    let live = true;
    adminApi.stats().then(
      (totals) => live && setStats(totals),
      // One toast when the list and the statistics fail together.
      () => live && toast.error(USERS_FAILED, { id: USERS_FAILED }),
    );
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- `version` exists to trigger a reload
  }, [version]);

  const refresh = async () => setVersion((v) => v + 1);

  return (
    <main className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <p className="mt-1">Verify professionals and look after the community.</p>
      <Stats stats={stats} />
      <PendingUsers users={pending} onChanged={refresh} />
      <AllUsers users={users} filter={filter} onFilter={setFilter} onChanged={refresh} />
      <GroupsAdmin />
    </main>
  );
}
