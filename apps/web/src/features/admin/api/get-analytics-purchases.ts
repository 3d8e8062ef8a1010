/** GET /api/admin/analytics/purchases: the Users table, one row per purchase, newest first. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsPurchasesPage } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

export interface PurchasesFilter {
  q?: string;
  page: number;
  pageSize: number;
  /** Where the page starts: the previous page's `nextCursor`. */
  cursor?: string;
}

export function getAnalyticsPurchases(filter: PurchasesFilter, signal?: AbortSignal): Promise<AnalyticsPurchasesPage> {
  return api<AnalyticsPurchasesPage>(`/api/admin/analytics/purchases${queryString({ ...filter })}`, { signal });
}

export function analyticsPurchasesQueryOptions(filter: PurchasesFilter) {
  return queryOptions({
    queryKey: [...adminKeys.analytics, 'purchases', filter],
    queryFn: ({ signal }) => getAnalyticsPurchases(filter, signal),
    placeholderData: keepPreviousData,
  });
}
