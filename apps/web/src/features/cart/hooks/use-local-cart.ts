/**
 * A visitor's beat cart, kept in the browser (localStorage `beatCart`: [{ _id, beatTitle, price, slug?, licence?, tier? }]);
 * it joins the account's cart at login (use-merge-local-cart), each line with the licence tier the visitor chose.
 * Screens use useCart(), which picks this or the server cart. Every tab and component sees the same list: writes
 * announce themselves with a `beatcart-change` window event, and other tabs' writes arrive as `storage` events.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { TierRef } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { isBuiltInTier } from '@beat/shared/tier-keys';
import { toast } from '../../../lib/toast';
import { notifyLocalCartChange, subscribeToStoredKeys } from './local-cart-store';

export interface CartItem {
  _id: string;
  beatTitle: string;
  /** Dollars, as the visitor was shown it when adding; the cart shows the server's price once it has it. */
  price: number;
  /** The beat page's address, for the cart's link (items kept before beats had pages have none). */
  slug?: string;
  /** What the item buys (docs/product/offers-and-prices.md#cart): an exclusive licence or an MP3 lease; kept so the cart can label it. */
  licence?: 'MP3' | 'EXCLUSIVE';
  /**
   * The licence tier the visitor chose for a catalog beat (docs/product/licenses.md#tiers): a WAV Lease, a Trackout
   * Lease… Absent: the beat's primary offer (its MP3 lease, or its exclusive), as every item kept before tiers.
   */
  tier?: TierRef;
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

/** A stored tier that names one, else none (the line buys the beat's primary offer). */
function tierOf(value: unknown): TierRef | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { key, name } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof name === 'string' && !isBuiltInTier(key) ? { key, name } : undefined;
}

/** The item as it is kept: only its own fields, a built-in tier left out (it is the primary offer). */
function stored(item: CartItem): CartItem {
  const tier = tierOf(item.tier);
  return {
    _id: item._id,
    beatTitle: item.beatTitle,
    price: item.price,
    ...(item.slug ? { slug: item.slug } : {}),
    ...(item.licence ? { licence: item.licence } : {}),
    ...(tier ? { tier } : {}),
  };
}

/** How a toast names the tier a line moved to: its own, or the primary offer's. */
const tierName = (item: CartItem) => tierOf(item.tier)?.name ?? (item.licence === 'EXCLUSIVE' ? 'Exclusive' : 'MP3 Lease');

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
    cachedItems = Array.isArray(parsed) ? parsed.filter(isCartItem).map(stored) : [];
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

  /**
   * Appends the item once (docs/product/offers-and-prices.md#cart); a beat already there as another tier moves to this
   * one, as the account's cart does. Returns false when nothing changed.
   */
  const add = useCallback((item: CartItem, { silent = false } = {}) => {
    const list = readCart();
    const next = stored(item);
    const there = list.find((entry) => entry._id === item._id);
    if (there) {
      if (there.tier?.key === next.tier?.key) return false;
      writeCart(list.map((entry) => (entry._id === item._id ? stored({ ...entry, price: next.price, tier: next.tier }) : entry)));
      if (!silent) toast.success(commerceMessages.tierChanged(item.beatTitle, tierName(next)));
      return true;
    }
    writeCart([...list, next]);
    if (!silent) toast.success(commerceMessages.addedToCart(item.beatTitle));
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
