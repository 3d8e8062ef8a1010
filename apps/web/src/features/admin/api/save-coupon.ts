/** POST /api/admin/coupons (a new coupon) or PUT /api/admin/coupons/{couponId} (a changed one, paused or resumed too). */
import type { Coupon, CouponInput } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export async function saveCoupon({ couponId, input }: { couponId?: string; input: CouponInput }): Promise<Coupon> {
  const answer = couponId
    ? await api<{ coupon: Coupon }>(`/api/admin/coupons/${couponId}`, { method: 'PUT', body: input })
    : await api<{ coupon: Coupon }>('/api/admin/coupons', { method: 'POST', body: input });
  return answer.coupon;
}

export function useSaveCoupon() {
  return useAdminMutation(saveCoupon, { stale: [adminKeys.coupons] });
}
