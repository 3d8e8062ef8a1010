/** GET /api/admin/analytics/beats: plays, favourites, sales and revenue per beat, sorted by the server. */
import type { AnalyticsBeatsPage, analyticsBeatSorts } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

export type BeatSort = (typeof analyticsBeatSorts)[number];

export interface BeatStatsFilter extends PageFilter {
  q?: string;
  sort: BeatSort;
  order: 'asc' | 'desc';
}

export const analyticsBeatsQueryOptions = (filter: BeatStatsFilter) =>
  adminPageQueryOptions<AnalyticsBeatsPage, BeatStatsFilter>('/api/admin/analytics/beats', [...adminKeys.analytics, 'beats'], filter);
