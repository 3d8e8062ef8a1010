/** GET /api/store-pages/{slug}: one of the store's pages, as the Markdown the admin wrote. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePage, StorePageSlug } from '@beat/shared';
import { api } from '../../../lib/api-client';

export const storePageKeys = {
  all: ['store-pages'] as const,
  page: (slug: StorePageSlug) => ['store-pages', slug] as const,
};

export function getStorePage(slug: StorePageSlug, signal?: AbortSignal): Promise<StorePage> {
  return api<StorePage>(`/api/store-pages/${slug}`, { signal });
}

export function storePageQueryOptions(slug: StorePageSlug) {
  return queryOptions({ queryKey: storePageKeys.page(slug), queryFn: ({ signal }) => getStorePage(slug, signal) });
}

export function useStorePage(slug: StorePageSlug) {
  return useQuery(storePageQueryOptions(slug));
}
