/** GET /api/admin/beats: one page of a section (Leases or Exclusive), searched, published or not; asked again while a preview renders. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminBeatsPage, BeatType } from '@beat/shared';
import { adminKeys } from './admin-keys';
import { adminPageQueryOptions, type PageFilter } from './admin-queries';

/** How often a page showing a beat whose preview is rendering asks again, to show it Ready or Failed. */
const RENDERING_POLL_MS = 3000;

export interface AdminBeatsFilter extends PageFilter {
  type: BeatType;
  q?: string;
}

export function adminBeatsQueryOptions(filter: AdminBeatsFilter) {
  return queryOptions({
    ...adminPageQueryOptions<AdminBeatsPage, AdminBeatsFilter>('/api/admin/beats', adminKeys.beats, filter),
    refetchInterval: (query) => (query.state.data?.beats.some((beat) => beat.audioState === 'rendering') ? RENDERING_POLL_MS : false),
  });
}
