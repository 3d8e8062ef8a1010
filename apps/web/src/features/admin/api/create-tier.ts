/** POST /api/admin/tiers: a new tier, added last and on; its key is made from its name (docs/product/licenses.md#tiers). */
import type { AdminTier, AdminTierResponse, CreateTierBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';
import { adminLicenceTermsKey } from './get-admin-licence-terms';

export async function createTier(body: CreateTierBody): Promise<AdminTier> {
  return (await api<AdminTierResponse>('/api/admin/tiers', { method: 'POST', body })).tier;
}

/** A new tier comes with its own terms, so the terms are asked again with the tiers. */
export function useCreateTier() {
  return useAdminMutation(createTier, { stale: [adminKeys.tiers, adminLicenceTermsKey] });
}
