/** GET /api/favorites/{userId}: the user's favourite beats. */
import { useQuery } from '@tanstack/react-query';
import type { Beat } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/user-query-options';

export const favoritesQueryKey = (userId: string | undefined) => ['favorites', userId] as const;

export function getFavorites(userId: string, signal?: AbortSignal): Promise<Beat[]> {
  return api<{ beats: Beat[] }>(`/api/favorites/${encodeURIComponent(userId)}`, { signal }).then((r) => r.beats);
}

export function getFavoritesQueryOptions(userId: string | undefined) {
  return userQueryOptions(favoritesQueryKey(userId), userId, getFavorites, 60_000);
}

export function useFavorites(userId: string | undefined) {
  return useQuery(getFavoritesQueryOptions(userId));
}
