/**
 * How many items the top bar's cart badge shows: beat cart plus stems cart (spec §2 Layout).
 *
 * For now both carts live in the browser (localStorage `beatCart` and `stemsCart`, each an array); the commerce
 * work replaces these internals with the account's carts while keeping `useCartCount(): number`.
 * Writers in this tab announce a change with `notifyLocalCartChange()`; other tabs are heard through `storage`.
 */
import { useSyncExternalStore } from 'react';

export const LOCAL_CART_KEYS = ['beatCart', 'stemsCart'] as const;
const CHANGE_EVENT = 'beat-market:cart-change';

function lengthOf(key: string): number {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

function readCount(): number {
  return LOCAL_CART_KEYS.reduce((sum, key) => sum + lengthOf(key), 0);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (LOCAL_CART_KEYS as readonly string[]).includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Call after writing `beatCart` / `stemsCart` in this tab so the badge updates. */
export function notifyLocalCartChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
