/** DELETE /api/admin/coupons/{couponId}: the code stops working; checkouts that used it keep their discount. */
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function deleteCoupon(couponId: string): Promise<unknown> {
  return api<unknown>(`/api/admin/coupons/${couponId}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  return useAdminMutation(deleteCoupon, { stale: [adminKeys.coupons] });
}
