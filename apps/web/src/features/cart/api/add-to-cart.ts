/** POST /api/cart and POST /api/stemscart: put a beat (or its stems) in the account's cart; held once. A beat line may name its licence tier. */
import type { AddToCartBody, CartChangeResponse, UserBeatBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

export type CartKind = 'beats' | 'stems';
export const cartPath = (kind: CartKind) => (kind === 'beats' ? '/api/cart' : '/api/stemscart');

export function addToCart(kind: CartKind, body: UserBeatBody | AddToCartBody): Promise<CartChangeResponse> {
  return api<CartChangeResponse>(cartPath(kind), { method: 'POST', body });
}
