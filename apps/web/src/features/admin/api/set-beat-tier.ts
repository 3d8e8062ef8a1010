/** PUT /api/admin/beats/{beatId}/tiers/{key}: one beat's own price (or the default) and switch for a tier. */
import type { AdminBeatTiersResponse, BeatTierOverrideBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export interface SetBeatTierInput {
  beatId: string;
  key: string;
  body: BeatTierOverrideBody;
}

export function setBeatTier({ beatId, key, body }: SetBeatTierInput): Promise<AdminBeatTiersResponse> {
  return api<AdminBeatTiersResponse>(`/api/admin/beats/${beatId}/tiers/${key}`, { method: 'PUT', body });
}

/**
 * The server answers every tier of the beat anew (one change may change another's reason), kept as it is. The beat
 * editor saves only the beat's own tiers here (the MP3 Lease and the Exclusive are priced with the beat's details), which
 * no beats list shows: nothing else is asked again.
 */
export function useSetBeatTier(beatId: string) {
  return useAdminMutation(setBeatTier, {
    keep: (queryClient, saved) => queryClient.setQueryData(adminKeys.beatTiers(beatId), saved),
  });
}
