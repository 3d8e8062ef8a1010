/** POST /api/admin/tiers/{key}/prices: one price (or null: the tier's default) for many beats at once. */
import type { BulkTierPricesBody, BulkTierPricesResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export async function setTierPrices({ key, body }: { key: string; body: BulkTierPricesBody }): Promise<number> {
  return (await api<BulkTierPricesResponse>(`/api/admin/tiers/${key}/prices`, { method: 'POST', body })).updated;
}

export function useSetTierPrices() {
  return useAdminMutation(setTierPrices, { stale: [adminKeys.beatTiersAll] });
}
