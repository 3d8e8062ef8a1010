/**
 * The beat cart, one way for every screen: the account's cart on the server when logged in, the browser's
 * `beatCart` for visitors (a visitor's cart changes make no call: docs/product/offers-and-prices.md#cart). Toasts use the product's words.
 */
import { useCallback, useMemo } from 'react';
import { toast } from '../../../lib/toast';
import type { Beat, CartItem, CartTierChoice, LicenceLabel, TierRef } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { useAuth } from '../../auth';
import { useLocalCart } from './use-local-cart';
import { cartQueryKey, useServerCart } from '../api/get-cart';
import { useChangeCartTier } from '../api/change-cart-tier';
import { useCartChange } from './use-cart-change';

/** What the cart shows of an item, the same for visitors and accounts. */
export interface CartLine {
  _id: string;
  beatTitle: string;
  artistName: string | null;
  /** The beat page's address; null for an item kept in the browser before beats had pages. */
  slug: string | null;
  licence: LicenceLabel;
  price: number | null;
  /** Why the line cannot be paid (a sold or ended exclusive), from the server (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid). */
  unavailable?: string;
  /** An exclusive the buyer holds the MP3 lease of: `price` is the upgrade's (docs/product/licenses.md#upgrades). */
  upgrade?: { alreadyPaid: number };
  /**
   * The licence tier the line buys (docs/product/licenses.md#tiers): always named by the account's cart; a visitor's line
   * names the tier they chose, and none for the beat's primary offer.
   */
  tier?: TierRef;
  /** The tiers the line may be changed to, at this buyer's price (the account's cart: the cart page asks a visitor's). */
  tiers?: CartTierChoice[];
}

/** The tier a cart button buys: the MP3 lease, or a tier as the beat's tiers name it. */
export type TierToBuy = TierRef | 'lease';

export type CartBeat = Pick<Beat, '_id' | 'beatTitle' | 'artistName' | 'slug' | 'beatType' | 'price' | 'hasStems'>;

const licenceOf = (beat: Pick<Beat, 'beatType'>): LicenceLabel => (beat.beatType === 'Exclusive' ? 'EXCLUSIVE' : 'MP3');

function optimisticItem(beat: CartBeat): CartItem {
  return {
    _id: beat._id,
    beatTitle: beat.beatTitle,
    artistName: beat.artistName,
    slug: beat.slug,
    beatType: beat.beatType,
    licence: licenceOf(beat),
    price: beat.price,
    hasStems: beat.hasStems,
    addedAt: new Date().toISOString(),
  };
}

export function useCart() {
  const { user, isAuthenticated, isLoading: userLoading, canUseAccount } = useAuth();
  // Nothing is asked while a password change is required (docs/product/accounts.md#forced-password-change).
  const userId = canUseAccount ? user?._id : undefined;
  const local = useLocalCart();
  const server = useServerCart(userId);
  const change = useCartChange<CartItem, CartBeat>('beats', userId, cartQueryKey(userId), (list, { beat, add }) =>
    add ? (list.some((i) => i._id === beat._id) ? list : [...list, optimisticItem(beat)]) : list.filter((i) => i._id !== beat._id),
  );

  const changeTier = useChangeCartTier(userId);
  const items: CartLine[] = useMemo(() => {
    if (isAuthenticated) {
      return (server.data ?? []).map((i) => ({
        _id: i._id,
        beatTitle: i.beatTitle,
        artistName: i.artistName,
        slug: i.slug,
        licence: i.licence,
        price: i.price,
        unavailable: i.unavailable,
        upgrade: i.upgrade,
        tier: i.tier,
        tiers: i.tiers,
      }));
    }
    return local.items.map((i) => ({
      _id: i._id,
      beatTitle: i.beatTitle,
      artistName: null,
      slug: i.slug ?? null,
      licence: i.licence ?? 'EXCLUSIVE',
      price: i.price,
      ...(i.tier ? { tier: i.tier } : {}),
    }));
  }, [isAuthenticated, server.data, local.items]);

  const has = useCallback((beatId: string) => items.some((i) => i._id === beatId), [items]);
  /** The beat is in the cart as this licence tier (a line the server has not named yet counts as its MP3 lease). */
  const hasTier = useCallback(
    (beatId: string, tier: string) => items.some((i) => i._id === beatId && (i.tier ? i.tier.key === tier : tier === 'lease')),
    [items],
  );

  /**
   * `tier`: the licence tier to buy, `beat.price` its price (default: the beat's primary offer). A beat already in the
   * cart as another tier moves to this one: a beat is in the cart once.
   */
  const add = useCallback(
    (beat: CartBeat, tier?: TierToBuy) => {
      if (beat.price === null) {
        toast.error(beat.beatType === 'Exclusive' ? commerceMessages.noPrice : commerceMessages.failedToAddToCart);
        return;
      }
      if (!isAuthenticated) {
        const chosen = typeof tier === 'object' ? { tier } : {};
        local.add({ _id: beat._id, beatTitle: beat.beatTitle, slug: beat.slug, price: beat.price, licence: licenceOf(beat), ...chosen });
        return;
      }
      if (!userId) return;
      const key = typeof tier === 'object' ? tier.key : tier;
      const line = items.find((i) => i._id === beat._id);
      if (line?.tier) {
        if (line.tier.key !== (key ?? 'lease')) changeTier.mutate({ beatId: beat._id, tier: key ?? 'lease' });
        return;
      }
      change.mutate({ beat, add: true, tier: key });
    },
    [isAuthenticated, local, userId, change, changeTier, items],
  );

  /**
   * The line now buys this tier (the cart's License list, which lists a catalog beat's lease tiers): the account's line
   * through the server, a visitor's in the browser.
   */
  const chooseTier = useCallback(
    (line: Pick<CartLine, '_id' | 'beatTitle' | 'slug'>, choice: CartTierChoice) => {
      if (!isAuthenticated) {
        const { key, name } = choice;
        local.add({ _id: line._id, beatTitle: line.beatTitle, price: choice.price, licence: 'MP3', ...(line.slug ? { slug: line.slug } : {}), tier: { key, name } });
        return;
      }
      if (userId) changeTier.mutate({ beatId: line._id, tier: choice.key });
    },
    [isAuthenticated, local, userId, changeTier],
  );

  const remove = useCallback(
    (beat: Pick<CartBeat, '_id' | 'beatTitle'> & Partial<CartBeat>) => {
      if (!isAuthenticated) {
        local.remove(beat);
        return;
      }
      if (userId) {
        change.mutate({
          beat: { artistName: '', slug: '', beatType: 'Non-Exclusive', price: null, hasStems: false, ...beat },
          add: false,
        });
      }
    },
    [isAuthenticated, local, userId, change],
  );

  return {
    items,
    has,
    hasTier,
    add,
    chooseTier,
    remove,
    /** Who is calling is not known yet, or the account's cart has not loaded yet. */
    isLoading: userLoading || (isAuthenticated && (!userId || server.isPending)),
    isError: isAuthenticated && server.isError,
    error: server.error,
    refetch: server.refetch,
    /** The beat whose add/remove is on its way to the server. */
    pendingBeatId: change.isPending ? change.variables?.beat._id : changeTier.isPending ? changeTier.variables?.beatId : undefined,
    /** The beat whose line's tier is being changed on the server. */
    changingTierId: changeTier.isPending ? changeTier.variables?.beatId : undefined,
  };
}
