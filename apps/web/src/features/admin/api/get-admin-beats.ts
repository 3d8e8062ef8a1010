/** GET /api/admin/beats: one page of a section (Leases or Exclusive), searched, published or not. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBeatsPage, BeatType } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export interface AdminBeatsFilter {
  type: BeatType;
  q?: string;
  page: number;
  pageSize: number;
}

export function getAdminBeats(filter: AdminBeatsFilter, signal?: AbortSignal): Promise<AdminBeatsPage> {
  return api<AdminBeatsPage>(`/api/admin/beats${queryString({ ...filter })}`, { signal });
}

export function adminBeatsQueryOptions(filter: AdminBeatsFilter) {
  return queryOptions({
    queryKey: [...adminKeys.beats, filter],
    queryFn: ({ signal }) => getAdminBeats(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBeats(filter: AdminBeatsFilter) {
  return useQuery(adminBeatsQueryOptions(filter));
}
