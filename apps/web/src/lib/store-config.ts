/** GET /api/config: prices and catalog size, read app-wide (catalog, VIP upsell, download offers). The server alone sets prices (docs/product/offers-and-prices.md#server-decides-prices), so the UI never hard-codes them. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StoreConfig } from '@beat/shared';
import { api } from './api-client';

export function getStoreConfig(signal?: AbortSignal): Promise<StoreConfig> {
  return api<StoreConfig>('/api/config', { signal });
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

const asked = new WeakMap<QueryClient, Promise<void>>();

/**
 * Asks for the config once per query client, at start-up. The promise settles, never rejects, once the response or a
 * failure is in: a page that names the catalog's size waits for it, so its text never grows under the reader.
 */
export function prefetchStoreConfig(client: QueryClient): Promise<void> {
  let promise = asked.get(client);
  if (!promise) {
    promise = client.prefetchQuery(getStoreConfigQueryOptions());
    asked.set(client, promise);
  }
  return promise;
}
