/** GET /api/admin/users: one page of accounts, newest first, searched by name or e-mail. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUsersPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export interface AdminUsersFilter {
  q?: string;
  page: number;
  pageSize: number;
  /** Where the page starts: the previous page's `nextCursor`. */
  cursor?: string;
}

export function getAdminUsers(filter: AdminUsersFilter, signal?: AbortSignal): Promise<AdminUsersPage> {
  return api<AdminUsersPage>(`/api/admin/users${queryString({ ...filter })}`, { signal });
}

export function adminUsersQueryOptions(filter: AdminUsersFilter) {
  return queryOptions({
    queryKey: [...adminKeys.users, filter],
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}
