import type { GroupType } from '../../../shared/limits';
import { call } from '../../net/call';

export type RoleFilter = 'all' | 'user' | 'therapist' | 'ngo' | 'volunteer';
export const ROLE_FILTERS: RoleFilter[] = ['all', 'user', 'therapist', 'ngo', 'volunteer'];

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
};
