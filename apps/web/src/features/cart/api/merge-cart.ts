/**
 * POST /api/cart/merge: a visitor's browser cart joins the account's carts at login or signup, without duplicates, each
 * beat as the licence tier the visitor chose (docs/product/licenses.md#tiers).
 */
import type { MergeCartBody, MergeCartResponse } from '@beat/shared';

export type MergeTierChoice = NonNullable<MergeCartBody['beatTiers']>[number];
import { api } from '../../../lib/api-client';

export function mergeCart(body: MergeCartBody): Promise<MergeCartResponse> {
  return api<MergeCartResponse>('/api/cart/merge', { method: 'POST', body });
}
