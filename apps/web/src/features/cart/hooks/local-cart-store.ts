/**
 * The visitor's carts in the browser: localStorage `beatCart` and `stemsCart` (arrays). Writers in this tab
 * announce a change with `notifyLocalCartChange()`; other tabs are heard through the `storage` event.
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

/**
 * Calls `onChange` when one of `keys` changes: written in this tab (which announces it with one of `events`), or in
 * another tab (a `storage` event). For useSyncExternalStore's subscribe; answers the unsubscribe.
 */
export function subscribeToStoredKeys(keys: readonly string[], events: readonly string[], onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || keys.includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    for (const name of events) window.removeEventListener(name, onChange);
  };
}

// The visitor beat cart (use-local-cart) announces its own writes with `beatcart-change`.
const subscribe = (onChange: () => void) => subscribeToStoredKeys(LOCAL_CART_KEYS, [CHANGE_EVENT, 'beatcart-change'], onChange);

/** Call after writing `beatCart` / `stemsCart` in this tab so the badge updates. */
export function notifyLocalCartChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Items in the browser's carts. */
export function useLocalCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
