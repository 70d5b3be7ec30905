import type { AdminStats, AdminUser, MessageResponse, VerifyUserResponse } from '../../../shared/api';
import { api } from '../../net/api';

export type RoleFilter = 'all' | 'user' | 'therapist' | 'ngo' | 'volunteer';
export const ROLE_FILTERS: RoleFilter[] = ['all', 'user', 'therapist', 'ngo', 'volunteer'];

export const adminApi = {
  pending: () => api.get('admin/pending-users').json<AdminUser[]>(),
  all: (role: RoleFilter) => api.get('admin/all-users', { searchParams: { role } }).json<AdminUser[]>(),
  stats: () => api.get('admin/stats').json<AdminStats>(),
  verify: (id: string) => api.post(`admin/verify-user/${id}`).json<VerifyUserResponse>(),
  reject: (id: string, reason: string) =>
    api.post(`admin/reject-user/${id}`, { json: reason.trim() ? { reason: reason.trim() } : {} }).json<{ message: string; user: AdminUser }>(),
  remove: (id: string) => api.delete(`admin/delete-user/${id}`).json<MessageResponse>(),
};
