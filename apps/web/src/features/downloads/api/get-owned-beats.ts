/** GET /api/entitlements/{userId}: the beats the user holds by purchase or credit unlock, so rows can show them as unlocked. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadRights, OwnedBeats } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { downloadsQueryKey } from './check-download';

export function getOwnedBeats(userId: string, signal?: AbortSignal): Promise<OwnedBeats> {
  return api<OwnedBeats>(`/api/entitlements/${userId}`, { signal });
}

export function ownedBeatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...downloadsQueryKey, 'owned', userId],
    queryFn: ({ signal }) => getOwnedBeats(userId, signal),
    staleTime: 60_000,
    select: (data) => new Map<string, DownloadRights>(data.beats.map(({ beatId, ...rights }) => [beatId, rights])),
  });
}

/** Beat id → rights held by row; empty for visitors. One request shared by every row. */
export function useOwnedBeats() {
  const { user, canUseAccount } = useAuth();
  // Not asked while a password change is required: the server would refuse it (docs/product/accounts.md#forced-password-change).
  return useQuery({ ...ownedBeatsQueryOptions(user?._id ?? ''), enabled: Boolean(user) && canUseAccount });
}
