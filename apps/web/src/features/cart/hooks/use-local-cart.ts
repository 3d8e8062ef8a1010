/**
 * A visitor's beat cart, kept in the browser (localStorage `beatCart`: [{ _id, beatTitle, price, slug?, licence? }]);
 * it joins the account's cart at login (use-merge-local-cart). Screens use useCart(), which picks this or the
 * server cart. Every tab and component sees the same list: writes announce themselves with a
 * `beatcart-change` window event, and other tabs' writes arrive as `storage` events.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast';
import { notifyLocalCartChange, subscribeToStoredKeys } from './local-cart-store';

export interface CartItem {
  _id: string;
  beatTitle: string;
  price: number;
  /** The beat page's address, for the cart's link (items kept before beats had pages have none). */
  slug?: string;
  /** What the item buys (docs/product/offers-and-prices.md#cart): an exclusive licence or an MP3 lease; kept so the cart can label it. */
  licence?: 'MP3' | 'EXCLUSIVE';
}

export const CART_STORAGE_KEY = 'beatCart';
export const CART_CHANGE_EVENT = 'beatcart-change';

let cachedRaw: string | null = null;
let cachedItems: CartItem[] = [];

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item._id === 'string' && typeof item.beatTitle === 'string' && typeof item.price === 'number';
}

/** The stored list, parsed once per change so useSyncExternalStore gets a stable snapshot. */
export function readCart(): CartItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedItems = Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    cachedItems = [];
  }
  return cachedItems;
}

function writeCart(items: CartItem[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the cart simply does not persist.
  }
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
  // The top bar's cart badge listens for its own event.
  notifyLocalCartChange();
}

const subscribe = (onChange: () => void) => subscribeToStoredKeys([CART_STORAGE_KEY], [CART_CHANGE_EVENT], onChange);

const emptyCart: CartItem[] = [];

export function useLocalCart() {
  const items = useSyncExternalStore(subscribe, readCart, () => emptyCart);

  const has = useCallback((beatId: string) => items.some((item) => item._id === beatId), [items]);

  /** Appends the item once (docs/product/offers-and-prices.md#cart). Returns false when it was already there. */
  const add = useCallback((item: CartItem, { silent = false } = {}) => {
    const list = readCart();
    if (list.some((entry) => entry._id === item._id)) return false;
    writeCart([
      ...list,
      {
        _id: item._id,
        beatTitle: item.beatTitle,
        price: item.price,
        ...(item.slug ? { slug: item.slug } : {}),
        ...(item.licence ? { licence: item.licence } : {}),
      },
    ]);
    if (!silent) toast.success(`${item.beatTitle} Added to Cart`);
    return true;
  }, []);

  const remove = useCallback((item: Pick<CartItem, '_id' | 'beatTitle'>) => {
    const list = readCart();
    if (!list.some((entry) => entry._id === item._id)) return;
    writeCart(list.filter((entry) => entry._id !== item._id));
    toast.success(`${item.beatTitle} Removed from Cart`);
  }, []);

  return { items, count: items.length, has, add, remove };
}
