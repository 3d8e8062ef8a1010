/**
 * How many items the top bar's cart badge shows: beat cart plus stems cart (docs/product/screens-and-words.md#layout) — the account's
 * carts when logged in, the browser's for visitors. The top bar mounts this on every page, so it is also
 * where a visitor's browser cart is merged into the account right after login or signup.
 */
import { useAuth } from '../../auth';
import { useServerCart } from '../api/get-cart';
import { useServerStemsCart } from '../api/get-stems-cart';
import { useLocalCartCount } from './local-cart-store';
import { useMergeLocalCart } from './use-merge-local-cart';

export function useCartCount(): number {
  const { user, isAuthenticated, canUseAccount } = useAuth();
  const localCount = useLocalCartCount();
  useMergeLocalCart(isAuthenticated ? localCount : 0);
  // Nothing is asked while a password change is required (docs/product/accounts.md#forced-password-change).
  const userId = canUseAccount ? user?._id : undefined;
  const beats = useServerCart(userId);
  const stems = useServerStemsCart(userId);
  if (!isAuthenticated) return localCount;
  return (beats.data?.length ?? 0) + (stems.data?.length ?? 0);
}
