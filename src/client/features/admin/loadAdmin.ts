/** What /admin needs on entry, fetched by its route's loader (routes/admin.tsx) before the screen shows. */
import type { AdminGroup, AdminStats, AdminUser } from '../../../shared/api';
import type { AdminReport, ModerationEntry } from '../../../shared/community';
import type { RoleFilter } from '../../../shared/limits';
import { classify, failureText } from '../../net/errors';
import { adminApi } from './adminApi';

/** The spec's toasts (section 8); the list and the statistics share one. */
const PENDING_FAILED = 'Failed to load pending users';
const USERS_FAILED = 'Failed to load users statistics';
const GROUPS_FAILED = 'Failed to load groups';
/** Ours (moderation: docs/community-safety.md), in the same words. */
const REPORTS_FAILED = 'Failed to load reports';
const LOG_FAILED = 'Failed to load the moderation log';

export interface AdminData {
  pending: AdminUser[];
  users: AdminUser[];
  stats: AdminStats | null;
  groups: AdminGroup[];
  /** The open reports, for the moderation queue. */
  reports: AdminReport[];
  /** Every moderator action, as the server orders it. */
  log: ModerationEntry[];
  /** Toasts for the parts that did not load; those parts show empty and the rest of the page works. */
  failures: string[];
}

/** Nothing at all loaded (offline, server down): the route's error state, not a page of empty lists. */
export class AdminLoadError extends Error {
  override name = 'AdminLoadError';
  constructor(readonly failures: string[], readonly calm: string) {
    super(calm);
  }
}

/**
 * The server says this person is not (or no longer) an admin: the route sends them on quietly.
 * It happens when the screen opened on the device's remembered person before the session check
 * answered; the failures are not news to report.
 */
export class AdminDeniedError extends Error {
  override name = 'AdminDeniedError';
}

const isDenied = (reason: unknown) => {
  const { status } = classify(reason);
  return status === 401 || status === 403;
};

export async function loadAdmin(role: RoleFilter): Promise<AdminData> {
  const [pending, users, stats, groups, reports, log] = await Promise.allSettled([
    adminApi.pending(), adminApi.all(role), adminApi.stats(), adminApi.groups(), adminApi.reports('open'), adminApi.moderationLog(),
  ]);
  const all = [pending, users, stats, groups, reports, log];
  const failures: string[] = [];
  if (pending.status === 'rejected') failures.push(PENDING_FAILED);
  if (users.status === 'rejected' || stats.status === 'rejected') failures.push(USERS_FAILED);
  if (groups.status === 'rejected') failures.push(GROUPS_FAILED);
  if (reports.status === 'rejected') failures.push(REPORTS_FAILED);
  if (log.status === 'rejected') failures.push(LOG_FAILED);
  const rejected = all.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected.some((r) => isDenied(r.reason))) throw new AdminDeniedError('Not an admin');
  if (rejected.length === all.length) throw new AdminLoadError(failures, failureText(rejected[0]?.reason));
  return {
    pending: pending.status === 'fulfilled' ? pending.value : [],
    users: users.status === 'fulfilled' ? users.value : [],
    stats: stats.status === 'fulfilled' ? stats.value : null,
    groups: groups.status === 'fulfilled' ? groups.value : [],
    reports: reports.status === 'fulfilled' ? reports.value : [],
    log: log.status === 'fulfilled' ? log.value : [],
    failures,
  };
}
