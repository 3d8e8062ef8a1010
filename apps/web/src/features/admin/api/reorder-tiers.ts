/** PUT /api/admin/tiers-order: every tier's key once, in the new order (docs/product/licenses.md#tiers). */
import type { AdminTier, AdminTiersResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';
import { adminLicenceTermsKey } from './get-admin-licence-terms';

export async function reorderTiers(keys: string[]): Promise<AdminTier[]> {
  return (await api<AdminTiersResponse>('/api/admin/tiers-order', { method: 'PUT', body: { keys } })).tiers;
}

/** The order saved is shown at once; the tiers' terms follow the same order. */
export function useReorderTiers() {
  return useAdminMutation(reorderTiers, {
    keep: (queryClient, tiers) => queryClient.setQueryData<AdminTiersResponse>(adminKeys.tiers, { tiers }),
    stale: [adminLicenceTermsKey, adminKeys.beatTiersAll],
  });
}
