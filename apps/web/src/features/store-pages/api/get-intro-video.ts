/** GET /api/intro-video: the /vip intro video, its poster and captions; asked again while the store's own is being rendered. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntroVideo } from '@beat/shared';
import { api } from '../../../lib/api-client';

const RENDERING_POLL_MS = 5000;

export const introVideoKey = ['intro-video'] as const;

export function getIntroVideo(signal?: AbortSignal): Promise<IntroVideo> {
  return api<IntroVideo>('/api/intro-video', { signal });
}

export function introVideoQueryOptions() {
  return queryOptions({
    queryKey: introVideoKey,
    queryFn: ({ signal }) => getIntroVideo(signal),
    refetchInterval: (query) => (query.state.data?.rendering ? RENDERING_POLL_MS : false),
  });
}

export function useIntroVideo() {
  return useQuery(introVideoQueryOptions());
}
