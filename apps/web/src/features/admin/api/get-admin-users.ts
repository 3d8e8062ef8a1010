/** GET /api/admin/users: one page of accounts, newest first, searched by name or e-mail. */
import type { AdminUsersPage } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

export interface AdminUsersFilter extends PageFilter {
  q?: string;
}

export const adminUsersQueryOptions = (filter: AdminUsersFilter) =>
  adminPageQueryOptions<AdminUsersPage, AdminUsersFilter>('/api/admin/users', adminKeys.users, filter);
