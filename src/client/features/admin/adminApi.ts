import type { ReportAction } from '../../../shared/community';
import type { GroupType, RoleFilter } from '../../../shared/limits';
import { call } from '../../net/call';

// routes/admin.tsx still imports these from here.

/** A moderator's optional "why": sent only when there is one. */
const noteBody = (note: string) => (note.trim() ? { note: note.trim() } : {});

export const adminApi = {
  pending: () => call('pendingUsers'),
  all: (role: RoleFilter) => call('allUsers', { query: { role } }),
  stats: () => call('adminStats'),
  verify: (id: string) => call('verifyUser', { params: { id } }),
  reject: (id: string, reason: string) => call('rejectUser', { params: { id }, body: reason.trim() ? { reason: reason.trim() } : {} }),
  remove: (id: string) => call('deleteUser', { params: { id } }),
  resetCode: (id: string) => call('createResetCode', { params: { id } }),
  groups: () => call('adminGroups'),
  createGroup: (body: { name: string; type: GroupType; description: string }) => call('createGroup', { body }),
  deleteGroup: (id: string) => call('deleteGroup', { params: { id } }),
  removeGroupMember: (id: string, userId: string) => call('removeGroupMember', { params: { id, userId } }),
  setGuidelines: (id: string, guidelines: string) => call('setGuidelines', { params: { id }, body: { guidelines } }),
  /**
   * A group's current guidelines (its own text, or Haven's default), or null when the answer has
   * none. The admin's group list (AdminGroup) does not carry them; the listing every signed-in
   * person gets does.
   */

  // Moderation (docs/community-safety.md).
  reports: (status: 'open' | 'resolved' | 'all' = 'open') => call('adminReports', { query: { status } }),
  resolveReport: (id: string, action: ReportAction, note = '') => call('resolveReport', { params: { id }, body: { action, ...noteBody(note) } }),
  suspend: (id: string, note = '') => call('suspendUser', { params: { id }, body: noteBody(note) }),
  unsuspend: (id: string, note = '') => call('unsuspendUser', { params: { id }, body: noteBody(note) }),
  moderationLog: () => call('moderationLog'),
};
