/** GET /api/admin/leads: free-download requests, newest first, a page at a time (from the previous page's `nextCursor`). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LeadsPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export interface LeadsFilter {
  page: number;
  pageSize: number;
  cursor?: string;
}

export function getLeads(filter: LeadsFilter, signal?: AbortSignal): Promise<LeadsPage> {
  return api<LeadsPage>(`/api/admin/leads${queryString({ ...filter })}`, { signal });
}

export function leadsQueryOptions(filter: LeadsFilter) {
  return queryOptions({
    queryKey: [...adminKeys.all, 'leads', filter],
    queryFn: ({ signal }) => getLeads(filter, signal),
    placeholderData: keepPreviousData,
  });
}
