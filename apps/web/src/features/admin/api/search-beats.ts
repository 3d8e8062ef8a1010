/** GET /api/admin/beats?q=…: beats of any type matching a search, for the coupon form's beat picker. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBeatsPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export function searchBeats(q: string, signal?: AbortSignal): Promise<AdminBeatsPage> {
  return api<AdminBeatsPage>(`/api/admin/beats${queryString({ q, page: 1, pageSize: 8 })}`, { signal });
}

export function useBeatSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.beats, 'search', q],
      queryFn: ({ signal }) => searchBeats(q, signal),
      enabled: q.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
  );
}
