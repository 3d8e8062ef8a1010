/** PUT /api/admin/tiers/{key}: a tier's name, default price, files or switch (docs/product/licenses.md#tiers). */
import type { AdminTier, AdminTierResponse, UpdateTierBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';
import { adminLicenceTermsKey } from './get-admin-licence-terms';

export async function updateTier({ key, changes }: { key: string; changes: UpdateTierBody }): Promise<AdminTier> {
  return (await api<AdminTierResponse>(`/api/admin/tiers/${key}`, { method: 'PUT', body: changes })).tier;
}

/** A tier's name labels its terms, and its price and switch change what every beat offers. */
export function useUpdateTier() {
  return useAdminMutation(updateTier, { stale: [adminKeys.tiers, adminLicenceTermsKey, adminKeys.beatTiersAll] });
}
