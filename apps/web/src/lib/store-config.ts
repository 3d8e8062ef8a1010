/** GET /api/config: prices and catalog size, read app-wide (catalog, VIP upsell, download offers). The server alone sets prices (docs/product/offers-and-prices.md#server-decides-prices), so the UI never hard-codes them. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreConfig } from '@beat/shared';
import { api } from './api-client';

export function getStoreConfig(signal?: AbortSignal): Promise<StoreConfig> {
  return api<StoreConfig>('/api/config', { signal, auth: false });
}

export function getStoreConfigQueryOptions() {
  return queryOptions({
    queryKey: ['store-config'],
    queryFn: ({ signal }) => getStoreConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useStoreConfig() {
  return useQuery(getStoreConfigQueryOptions());
}
