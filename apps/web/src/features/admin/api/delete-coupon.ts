/** DELETE /api/admin/coupons/{couponId}: the code stops working; checkouts that used it keep their discount. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function deleteCoupon(couponId: string): Promise<unknown> {
  return api<unknown>(`/api/admin/coupons/${couponId}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}
