/**
 * At login or signup, a visitor's browser cart (`beatCart`, `stemsCart`) joins the account's cart on the
 * server, without duplicates (docs/product/offers-and-prices.md#cart), each beat as the licence tier the visitor chose
 * (docs/product/licenses.md#tiers), and the coupon code they applied comes along
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
import { mergeCart, type MergeTierChoice } from '../api/merge-cart';
import { LOCAL_CART_KEYS, notifyLocalCartChange } from './local-cart-store';
import { readLocalCoupon, writeLocalCoupon } from './local-cart-coupon';
import { readCart } from './use-local-cart';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's beat cart as the merge sends it: its beats, and the tier chosen for those that have one. */
function localBeats(): { beatIds: string[]; beatTiers: MergeTierChoice[] } {
  const items = readCart().filter((item) => uuid.test(item._id));
  return {
    beatIds: items.map((item) => item._id),
    beatTiers: items.flatMap((item) => (item.tier ? [{ beatId: item._id, tier: item.tier.key }] : [])),
  };
}

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
    const { beatIds, beatTiers } = localBeats();
    const stemsBeatIds = localIds('stemsCart');
    if (beatIds.length === 0 && stemsBeatIds.length === 0) {
      clearLocal();
      return;
    }
    merging = true;
    const coupon = readLocalCoupon();
    const merge = (withTiers: boolean) =>
      mergeCart({ userId, beatIds, stemsBeatIds, ...(coupon ? { coupon } : {}), ...(withTiers && beatTiers.length > 0 ? { beatTiers } : {}) });
    merge(true)
      .catch(async (error: unknown) => {
        // A tier no longer sold (switched off since it was chosen) refuses the whole merge: rather than lose the cart,
        // its beats join as their MP3 leases, and the buyer is told why.
        if (!(beatTiers.length > 0 && error instanceof ApiError && error.status === 400)) throw error;
        const answer = await merge(false);
        toast(`${error.message} The beats you chose a license for joined your cart as MP3 leases: choose their licenses again there.`);
        return answer;
      })
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
