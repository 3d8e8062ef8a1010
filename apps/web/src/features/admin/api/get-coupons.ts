/** GET /api/admin/coupons: every coupon with its redemptions, for Admin → Deals (docs/product/deals.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coupon } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return (await api<{ coupons: Coupon[] }>('/api/admin/coupons', { signal })).coupons;
}

export function useCoupons() {
  return useQuery(queryOptions({ queryKey: adminKeys.coupons, queryFn: ({ signal }) => getCoupons(signal) }));
}
