/** GET /api/beats/facets: how many listed beats each genre, mood, key and BPM band would leave, given the other filters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BeatFacets, BeatType } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { appendApiFilters, filtersKey, type CatalogFilters } from '../lib/catalog-filters';
import { beatsQueryKey } from './get-beats';

export type FacetCount = BeatFacets['genres'][number];

export interface FacetsFilter {
  q?: string;
  type?: BeatType;
  filters: CatalogFilters;
}

export function getBeatFacets({ q, type, filters }: FacetsFilter, signal?: AbortSignal): Promise<BeatFacets> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (type) params.set('type', type);
  appendApiFilters(params, filters, { sort: false });
  return api<BeatFacets>(`/api/beats/facets?${params.toString()}`, { signal });
}

export function getBeatFacetsQueryOptions(filter: FacetsFilter) {
  const q = filter.q?.trim() || undefined;
  const { sort: _sort, ...key } = filtersKey(filter.filters);
  return queryOptions({
    // Under the beats' key, so whatever refreshes the catalog refreshes its counts too.
    queryKey: [...beatsQueryKey, 'facets', { q, type: filter.type, ...key }],
    queryFn: ({ signal }) => getBeatFacets({ ...filter, q }, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useBeatFacets(filter: FacetsFilter) {
  return useQuery(getBeatFacetsQueryOptions(filter));
}
