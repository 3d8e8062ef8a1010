/**
 * The live catalog (docs/product/offers-and-prices.md#countdown, docs/decisions/0024-live-catalog.md): while the page is
 * visible it asks the server for the catalog's version every 2 seconds (served from memory, 304 while unchanged), and
 * when the version moves — a countdown ended, a beat was sold, an admin edited the catalog — it refetches what the
 * catalog shows, so every open page follows within a few seconds without a reload.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { takeOldestCatalogAnswer } from './catalog-version-seen';
import { getStoreConfigQueryOptions } from './store-config';

export const LIVE_CATALOG_POLL_MS = 2_000;

/**
 * The roots of the query keys whose responses come from the catalog: the lists, facets and beat pages
 * (`beatsQueryKey` of features/catalog), the store's config (catalog size), the carts (their lines' notices,
 * `cartsQueryKey` of features/cart) and the buyer's upgrades (a beat made Exclusive, sold or repriced:
 * `upgradesQueryKey` of features/cart).
 */
const catalogRoots: readonly unknown[] = ['beats', getStoreConfigQueryOptions().queryKey[0], 'cart', 'upgrades'];

/** Refetches every catalog response on screen (and marks the others stale). */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => catalogRoots.includes(query.queryKey[0]) });
}

/** Polls the catalog's version while the page is visible; mounted once, by the app's providers. */
export function useLiveCatalog(pollMs = LIVE_CATALOG_POLL_MS): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let known: number | null = null;
    let timer: number | undefined;
    let asking = false;
    let stopped = false;

    const schedule = () => {
      window.clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = window.setTimeout(() => void poll(), pollMs);
    };
    async function poll() {
      if (asking || stopped) return;
      asking = true;
      try {
        const { version } = await api<{ version: number }>('/api/catalog/version');
        // Moved since the last poll, or newer than a response on screen (a change before the first poll).
        const oldestShown = takeOldestCatalogAnswer();
        if ((known !== null && version !== known) || (oldestShown !== null && oldestShown < version)) {
          await invalidateCatalog(queryClient);
        }
        known = version;
      } catch {
        // Offline or the server restarting: the next poll tries again.
      } finally {
        asking = false;
        schedule();
      }
    }
    // A page coming back into view asks at once: it may have missed several changes.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
      else window.clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    // The first ask soon after the page starts: the responses it shows are compared with it.
    timer = window.setTimeout(() => void poll(), 1_000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient, pollMs]);
}
