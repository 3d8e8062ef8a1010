/** GET /api/admin/analytics/beats: plays, favourites, sales and revenue per beat, sorted by the server. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsBeatsPage, analyticsBeatSorts } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export type BeatSort = (typeof analyticsBeatSorts)[number];

export interface BeatStatsFilter {
  q?: string;
  page: number;
  pageSize: number;
  /** Where the page starts: the previous page's `nextCursor`. */
  cursor?: string;
  sort: BeatSort;
  order: 'asc' | 'desc';
}

export function getAnalyticsBeats(filter: BeatStatsFilter, signal?: AbortSignal): Promise<AnalyticsBeatsPage> {
  return api<AnalyticsBeatsPage>(`/api/admin/analytics/beats${queryString({ ...filter })}`, { signal });
}

export function analyticsBeatsQueryOptions(filter: BeatStatsFilter) {
  return queryOptions({
    queryKey: [...adminKeys.analytics, 'beats', filter],
    queryFn: ({ signal }) => getAnalyticsBeats(filter, signal),
    placeholderData: keepPreviousData,
  });
}
