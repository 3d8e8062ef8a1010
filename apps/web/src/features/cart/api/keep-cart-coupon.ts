/** POST /api/cart/coupon: keeps the code the buyer applied with one of the account's carts, in place of the one before. */
import type { CartCoupons, KeepCartCouponBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function keepCartCoupon(body: KeepCartCouponBody): Promise<CartCoupons> {
  return api<CartCoupons>('/api/cart/coupon', { method: 'POST', body });
}
