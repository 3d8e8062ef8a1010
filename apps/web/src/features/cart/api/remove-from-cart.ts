/** DELETE /api/cart and DELETE /api/stemscart: take a beat (or its stems) out of the account's cart. */
import type { CartChangeResponse, UserBeatBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { cartPath, type CartKind } from './add-to-cart';

export function removeFromCart(kind: CartKind, body: UserBeatBody): Promise<CartChangeResponse> {
  return api<CartChangeResponse>(cartPath(kind), { method: 'DELETE', body });
}
