/** GET /api/admin/store-pages: the five store pages' Markdown, for Store settings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePages } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const adminStorePagesKey = [...adminKeys.all, 'store-pages'] as const;

export function getAdminStorePages(signal?: AbortSignal): Promise<StorePages> {
  return api<StorePages>('/api/admin/store-pages', { signal });
}

export function useAdminStorePages() {
  return useQuery(queryOptions({ queryKey: adminStorePagesKey, queryFn: ({ signal }) => getAdminStorePages(signal) }));
}
