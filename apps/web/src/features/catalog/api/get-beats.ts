/** GET /api/beats: one page of listed beats (server-side search, newest first), cursor-paginated. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BeatPage, BeatType } from '@beat/shared';
import { api } from '../../../lib/api-client';

/** 50 per page: the VIP list can hold 320+ beats and must not arrive at once. */
export const BEATS_PAGE_SIZE = 50;

export interface BeatsFilter {
  q?: string;
  type?: BeatType;
  limit?: number;
}

export function getBeats(filter: BeatsFilter, cursor: string | null, signal?: AbortSignal): Promise<BeatPage> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.type) params.set('type', filter.type);
  params.set('limit', String(filter.limit ?? BEATS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api<BeatPage>(`/api/beats?${params.toString()}`, { signal });
}

export const beatsQueryKey = ['beats'] as const;

export function getBeatsQueryOptions(filter: BeatsFilter) {
  const normalized = { q: filter.q?.trim() || undefined, type: filter.type, limit: filter.limit ?? BEATS_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: [...beatsQueryKey, normalized],
    queryFn: ({ pageParam, signal }) => getBeats(normalized, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
}

export function useBeats(filter: BeatsFilter) {
  return useInfiniteQuery(getBeatsQueryOptions(filter));
}
