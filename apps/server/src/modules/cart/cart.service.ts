/**
 * The account's two carts: the beat cart (each beat's primary offer) and the stems cart. An item is held
 * once; only beats that can be bought that way right now may enter; removed beats never show, and an exclusive sold
 * while in the cart shows as sold.
 */
import { and, asc, count, eq, isNotNull, or } from 'drizzle-orm';
import type { CartCoupons, CartItem, CartKind, StemsCartItem } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, cartItems, stemsCartItems, type BeatRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { getBeat } from '../beats/beats.service.js';
import { isListed } from '../beats/listing.js';
import { cartLineProblem, primaryOffer, primaryOfferProblem, stemsProblem } from '../offers/offers.js';
import { endCheckoutsHolding } from '../checkout/checkout-sessions.js';
import { upgradableLeases, upgradePriceCents, type UpgradableLease } from '../offers/upgrades.js';
import type { Log } from '../checkout/fulfilment.service.js';
import { forgetCoupon, keepCoupon, keptCoupons } from '../deals/kept-coupons.js';

export type { CartKind };

const tableOf = (kind: CartKind) => (kind === 'beats' ? cartItems : stemsCartItems);

/** A cart line: its primary offer at its price, or, for an exclusive the buyer holds a lease of, the upgrade's price. */
export function toCartItem(beat: BeatRow, addedAt: Date, lease?: UpgradableLease): CartItem {
  const offer = primaryOffer(beat);
  const problem = cartLineProblem(beat, addedAt);
  const upgrade = offer.kind === 'exclusive' && offer.priceCents !== null && lease ? lease : undefined;
  return {
    ...(problem ? { unavailable: problem.message } : {}),
    ...(upgrade ? { upgrade: { alreadyPaid: centsToDollars(upgrade.paidCents) } } : {}),
    _id: beat.id,
    beatTitle: beat.title,
    artistName: beat.artistName,
    slug: beat.slug,
    beatType: beat.beatType,
    licence: offer.licence,
    price: offer.priceCents === null ? null : centsToDollars(upgrade ? upgradePriceCents(offer.priceCents, upgrade) : offer.priceCents),
    hasStems: beat.stemsKey !== null,
    addedAt: addedAt.toISOString(),
  };
}

export function toStemsCartItem(deps: Deps, beat: BeatRow, addedAt: Date): StemsCartItem {
  return {
    _id: beat.id,
    beatTitle: beat.title,
    artistName: beat.artistName,
    slug: beat.slug,
    price: centsToDollars(deps.config.prices.stemsCents),
    addedAt: addedAt.toISOString(),
  };
}

/**
 * A beat sold as an exclusive while in the cart (a sold beat cannot be added): its line stays, saying so
 * (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid).
 */
const soldWhileCarted = and(eq(beats.published, true), isNotNull(beats.soldAt));

async function cartRows(deps: Deps, kind: CartKind, userId: string) {
  const table = tableOf(kind);
  return deps.db
    .select({ beat: beats, addedAt: table.createdAt })
    .from(table)
    .innerJoin(beats, eq(beats.id, table.beatId))
    .where(and(eq(table.userId, userId), kind === 'beats' ? or(isListed, soldWhileCarted) : isListed))
    .orderBy(asc(table.createdAt), asc(beats.title));
}

export async function listCart(deps: Deps, userId: string): Promise<CartItem[]> {
  const rows = await cartRows(deps, 'beats', userId);
  const leases = await upgradableLeases(deps.db, userId, rows.filter((r) => r.beat.beatType === 'Exclusive').map((r) => r.beat.id));
  return rows.map((r) => toCartItem(r.beat, r.addedAt, leases.get(r.beat.id)));
}

export async function listStemsCart(deps: Deps, userId: string): Promise<StemsCartItem[]> {
  const rows = await cartRows(deps, 'stems', userId);
  return rows.map((r) => toStemsCartItem(deps, r.beat, r.addedAt));
}

/** Items in both carts (the top bar's count), counting only beats still for sale. */
export async function cartCount(deps: Deps, userId: string): Promise<number> {
  let total = 0;
  for (const table of [cartItems, stemsCartItems]) {
    const [row] = await deps.db
      .select({ n: count() })
      .from(table)
      .innerJoin(beats, eq(beats.id, table.beatId))
      .where(and(eq(table.userId, userId), isListed));
    total += row?.n ?? 0;
  }
  return total;
}

export async function addToCart(deps: Deps, kind: CartKind, userId: string, beatId: string): Promise<BeatRow> {
  const beat = await getBeat(deps, beatId);
  const problem = kind === 'beats' ? primaryOfferProblem(beat) : stemsProblem(beat);
  if (problem) throw problem;
  const table = tableOf(kind);
  await deps.db.insert(table).values({ userId, beatId, createdAt: deps.clock.now() }).onConflictDoNothing();
  return beat;
}

/** Takes a beat out of a cart; an exclusive held by the buyer's open checkout is freed at once (docs/product/offers-and-prices.md#reservations). */
export async function removeFromCart(deps: Deps, kind: CartKind, userId: string, beatId: string, log: Log): Promise<BeatRow> {
  const beat = await getBeat(deps, beatId);
  const table = tableOf(kind);
  await deps.db.delete(table).where(and(eq(table.userId, userId), eq(table.beatId, beatId)));
  if (kind === 'beats' && beat.reservedBy === userId) await endCheckoutsHolding(deps, userId, beatId, log);
  return beat;
}

/** The coupon code kept with each cart (docs/product/deals.md#a-code-kept-with-the-cart). */
export function cartCoupons(deps: Deps, userId: string): Promise<CartCoupons> {
  return keptCoupons(deps.db, userId);
}

/** Keeps the code the buyer applied with the cart, in place of the one before; the quote and the checkout check it. */
export async function keepCartCoupon(deps: Deps, userId: string, cart: CartKind, code: string): Promise<CartCoupons> {
  await keepCoupon(deps.db, userId, cart, code, deps.clock.now());
  return keptCoupons(deps.db, userId);
}

export async function removeCartCoupon(deps: Deps, userId: string, cart: CartKind): Promise<CartCoupons> {
  await forgetCoupon(deps.db, userId, cart);
  return keptCoupons(deps.db, userId);
}

/**
 * A visitor's browser cart joins the account's carts (login or signup), without duplicates. Items that
 * cannot be bought any more are skipped (their titles are returned) instead of failing the whole merge. The code the
 * visitor applied comes along with the beat cart, in place of one the account kept: it is the one they chose last.
 */
export async function mergeCarts(
  deps: Deps,
  userId: string,
  beatIds: string[],
  stemsBeatIds: string[],
  coupon?: string,
): Promise<{ skipped: string[] }> {
  const skipped: string[] = [];
  const attempt = async (kind: CartKind, beatId: string) => {
    try {
      await addToCart(deps, kind, userId, beatId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [beat] = await deps.db.select({ title: beats.title }).from(beats).where(eq(beats.id, beatId)).limit(1);
      skipped.push(beat?.title ?? beatId);
    }
  };
  for (const beatId of new Set(beatIds)) await attempt('beats', beatId);
  for (const beatId of new Set(stemsBeatIds)) await attempt('stems', beatId);
  if (coupon) await keepCoupon(deps.db, userId, 'beats', coupon, deps.clock.now());
  return { skipped };
}
