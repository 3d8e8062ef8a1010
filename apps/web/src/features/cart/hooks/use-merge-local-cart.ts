/**
 * At login or signup, a visitor's browser cart (`beatCart`, `stemsCart`) joins the account's cart on the
 * server, without duplicates (docs/product/offers-and-prices.md#cart), and the coupon code they applied comes along
 * (docs/product/deals.md#a-code-kept-with-the-cart); then the browser's copy is cleared. Runs wherever the top bar's
 * cart count runs (every page), so it happens right after the account is known.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { ApiError } from '../../../lib/api-client';
import { cartQueryKey } from '../api/get-cart';
import { stemsCartQueryKey } from '../api/get-stems-cart';
import { mergeCart } from '../api/merge-cart';
import { LOCAL_CART_KEYS, notifyLocalCartChange } from './local-cart-store';
import { readLocalCoupon, writeLocalCoupon } from './local-cart-coupon';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function localIds(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((item: unknown) => (item && typeof item === 'object' && '_id' in item ? String((item as { _id: unknown })._id) : ''))
      .filter((id) => uuid.test(id));
  } catch {
    return [];
  }
}

function clearLocal(): void {
  for (const key of LOCAL_CART_KEYS) localStorage.removeItem(key);
  writeLocalCoupon(null);
  notifyLocalCartChange();
}

// One merge at a time for the whole page, however many components count the cart.
let merging = false;

export function useMergeLocalCart(localCount: number): void {
  const { user, canUseAccount } = useAuth();
  const queryClient = useQueryClient();
  // The server refuses a merge while a password change is required; the cart waits in the browser until then.
  const userId = canUseAccount ? user?._id : undefined;

  useEffect(() => {
    if (!userId || localCount === 0 || merging) return;
    const [beatIds, stemsBeatIds] = [localIds('beatCart'), localIds('stemsCart')];
    if (beatIds.length === 0 && stemsBeatIds.length === 0) {
      clearLocal();
      return;
    }
    merging = true;
    const coupon = readLocalCoupon();
    mergeCart({ userId, beatIds, stemsBeatIds, ...(coupon ? { coupon } : {}) })
      .then((answer) => {
        queryClient.setQueryData(cartQueryKey(userId), answer.cartItems);
        queryClient.setQueryData(stemsCartQueryKey(userId), answer.stemsCartItems);
        clearLocal();
        if (answer.skipped.length > 0) {
          toast(`${answer.skipped.join(', ')} could not stay in your cart: no longer for sale this way.`);
        }
      })
      .catch((error: unknown) => {
        // A refusal will not get better by retrying: drop the browser copy. Otherwise keep it for the next page.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) clearLocal();
      })
      .finally(() => {
        merging = false;
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
      });
  }, [userId, localCount, queryClient]);
}
