/** DELETE /api/cart/coupon: the code kept with one of the account's carts is taken off. */
import type { CartCoupons, RemoveCartCouponBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function removeCartCoupon(body: RemoveCartCouponBody): Promise<CartCoupons> {
  return api<CartCoupons>('/api/cart/coupon', { method: 'DELETE', body });
}
