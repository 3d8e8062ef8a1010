/** GET /api/beats/slug/{slug}: one beat by its page address, its play count and the beats like it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeatDetail } from '@beat/shared';
import { ApiError, api } from '../../../lib/api-client';
import { beatsQueryKey } from '../../catalog';

export type { BeatDetail };

export function getBeatDetail(slug: string, signal?: AbortSignal): Promise<BeatDetail> {
  return api<BeatDetail>(`/api/beats/slug/${encodeURIComponent(slug)}`, { signal });
}

// Under the catalog's key: a countdown's end or a purchase that refreshes the lists refreshes the page too.
export function beatDetailQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...beatsQueryKey, 'slug', slug],
    queryFn: ({ signal }) => getBeatDetail(slug, signal),
    staleTime: 60_000,
    // A 404 is a response (no such beat), not a failure worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useBeatDetail(slug: string) {
  return useQuery(beatDetailQueryOptions(slug));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
