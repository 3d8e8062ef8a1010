/** GET /api/admin/beats: one page of a section (Leases or Exclusive), searched, published or not; asked again while a preview renders. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminBeatsPage, BeatType } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys, queryString } from './admin-keys';

/** How often a page showing a beat whose preview is rendering asks again, to show it Ready or Failed. */
const RENDERING_POLL_MS = 3000;

export interface AdminBeatsFilter {
  type: BeatType;
  q?: string;
  page: number;
  pageSize: number;
  /** Where the page starts: the previous page's `nextCursor`. */
  cursor?: string;
}

export function getAdminBeats(filter: AdminBeatsFilter, signal?: AbortSignal): Promise<AdminBeatsPage> {
  return api<AdminBeatsPage>(`/api/admin/beats${queryString({ ...filter })}`, { signal });
}

export function adminBeatsQueryOptions(filter: AdminBeatsFilter) {
  return queryOptions({
    queryKey: [...adminKeys.beats, filter],
    queryFn: ({ signal }) => getAdminBeats(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.beats.some((beat) => beat.audioState === 'rendering') ? RENDERING_POLL_MS : false),
  });
}
