/**
 * The coupon code a visitor applied to their browser cart (docs/product/deals.md#a-code-kept-with-the-cart): localStorage
 * `beatCartCoupon`, beside `beatCart`, so it is still there on reload and the next visit. It joins the account's beat
 * cart at login (use-merge-local-cart). Every tab sees the same code: writes announce themselves, other tabs' writes
 * arrive as `storage` events. Only the coupon field writes it, with a code its schema accepted, and the server checks it
 * again at the merge; zod is not loaded here, since the login's merge runs on every page (its jitless setting is
 * written before the pages that have forms load it: lib/content-security-policy.ts).
 */
import { useSyncExternalStore } from 'react';
import { subscribeToStoredKeys } from './local-cart-store';

export const CART_COUPON_STORAGE_KEY = 'beatCartCoupon';
const CHANGE_EVENT = 'beatcartcoupon-change';

/** The kept code; null when there is none. */
export function readLocalCoupon(): string | null {
  try {
    return localStorage.getItem(CART_COUPON_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps `code` (null takes it off). */
export function writeLocalCoupon(code: string | null): void {
  try {
    if (code) localStorage.setItem(CART_COUPON_STORAGE_KEY, code);
    else localStorage.removeItem(CART_COUPON_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the code simply does not persist.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = (onChange: () => void) => subscribeToStoredKeys([CART_COUPON_STORAGE_KEY], [CHANGE_EVENT], onChange);

/** The visitor's kept code; null while rendering on the server. */
export function useLocalCoupon(): string | null {
  return useSyncExternalStore(subscribe, readLocalCoupon, () => null);
}
