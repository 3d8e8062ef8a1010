/** POST /api/cart/merge: a visitor's browser cart joins the account's carts at login or signup, without duplicates. */
import type { MergeCartBody, MergeCartResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function mergeCart(body: MergeCartBody): Promise<MergeCartResponse> {
  return api<MergeCartResponse>('/api/cart/merge', { method: 'POST', body });
}
