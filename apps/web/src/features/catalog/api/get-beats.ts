/** GET /api/beats: one page of listed beats (server-side search, filters and sort), cursor-paginated. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { BeatPage, BeatType } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { appendApiFilters, emptyFilters, filtersKey, type CatalogFilters } from '../lib/catalog-filters';

/** 50 per page: the VIP list can hold 320+ beats and must not arrive at once. */
export const BEATS_PAGE_SIZE = 50;

export interface BeatsFilter {
  q?: string;
  type?: BeatType;
  limit?: number;
  /** Genre, mood, key, BPM, price, stems and sort (the catalog's filter bar). */
  filters?: CatalogFilters;
}

export function getBeats(filter: BeatsFilter, cursor: string | null, signal?: AbortSignal): Promise<BeatPage> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.type) params.set('type', filter.type);
  if (filter.filters) appendApiFilters(params, filter.filters);
  params.set('limit', String(filter.limit ?? BEATS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api<BeatPage>(`/api/beats?${params.toString()}`, { signal });
}

export const beatsQueryKey = ['beats'] as const;

export function getBeatsQueryOptions(filter: BeatsFilter) {
  const filters = filter.filters ?? emptyFilters;
  const normalized = { q: filter.q?.trim() || undefined, type: filter.type, limit: filter.limit ?? BEATS_PAGE_SIZE, filters };
  return infiniteQueryOptions({
    queryKey: [...beatsQueryKey, { ...normalized, filters: filtersKey(filters) }],
    queryFn: ({ pageParam, signal }) => getBeats(normalized, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
    // A changed filter keeps the previous list on screen (dimmed) until the new one is in, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}

export function useBeats(filter: BeatsFilter) {
  return useInfiniteQuery(getBeatsQueryOptions(filter));
}
