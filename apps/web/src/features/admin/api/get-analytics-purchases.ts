/** GET /api/admin/analytics/purchases: the Users table, one row per purchase, newest first. */
import type { AnalyticsPurchasesPage } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

export interface PurchasesFilter extends PageFilter {
  q?: string;
}

export const analyticsPurchasesQueryOptions = (filter: PurchasesFilter) =>
  adminPageQueryOptions<AnalyticsPurchasesPage, PurchasesFilter>('/api/admin/analytics/purchases', [...adminKeys.analytics, 'purchases'], filter);
