/** GET /api/admin/analytics/overview: daily series and totals for the last N days (UTC). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export function getAnalyticsOverview(days: number, signal?: AbortSignal): Promise<AnalyticsOverview> {
  return api<AnalyticsOverview>(`/api/admin/analytics/overview${queryString({ days })}`, { signal });
}

export function analyticsOverviewQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...adminKeys.analytics, 'overview', days],
    queryFn: ({ signal }) => getAnalyticsOverview(days, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAnalyticsOverview(days: number) {
  return useQuery(analyticsOverviewQueryOptions(days));
}
