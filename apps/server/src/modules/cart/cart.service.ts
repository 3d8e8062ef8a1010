/**
 * The account's two carts: the beat cart (each beat's primary offer) and the stems cart. An item is held
 * once; only beats that can be bought that way right now may enter; removed beats never show, and an exclusive sold
 * while in the cart shows as sold.
 */
import { and, asc, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { isBuiltInTier, type CartCoupons, type CartItem, type CartKind, type StemsCartItem } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, cartItems, stemsCartItems, type BeatRow, type LicenceTierRow } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { getBeat } from '../beats/beats.service.js';
import { findUserById } from '../users/users.service.js';
import { isListed } from '../beats/listing.js';
import { cartLineProblem, primaryOfferProblem, saleProblem, stemsProblem } from '../offers/offers.js';
import { defaultTier, laddersFor, lineTierKey, offeredTier, standings, tierOffersOf, type BeatLadder } from '../offers/tier-offers.js';
import { endCheckoutsHolding } from '../checkout/checkout-sessions.js';
import type { Log } from '../checkout/fulfilment.service.js';
import { forgetCoupon, keepCoupon, keptCoupons } from '../deals/kept-coupons.js';

export type { CartKind };

const tableOf = (kind: CartKind) => (kind === 'beats' ? cartItems : stemsCartItems);

/**
 * A cart line: the licence tier it buys (docs/product/licenses.md#tiers) at the buyer's price — the tier's, or an
 * upgrade's difference when they hold a lower tier of the beat — with the tiers it may be changed to.
 */
export function toCartItem(beat: BeatRow, addedAt: Date, chosenTier: string | null, ladder: BeatLadder, tiers: LicenceTierRow[]): CartItem {
  const key = lineTierKey(beat, chosenTier);
  const offer = ladder.offers.find((o) => o.tier.key === key);
  const places = standings(ladder, tiers);
  const place = places.find((p) => p.offer.tier.key === key)?.place;
  const builtIn = isBuiltInTier(key);
  const problem =
    cartLineProblem(beat, addedAt) ??
    (!builtIn && offer?.reason ? conflict(`${beat.title} is no longer sold as ${offer.tier.name}. Choose another license or remove it from your cart.`) : null);
  // The MP3 Lease and the Exclusive keep their price even when not offered (the line says why); other tiers have none then.
  const priceCents = place ? place.priceCents : builtIn ? (offer?.priceCents ?? null) : null;
  const upgrade = place?.upgradeFrom ?? null;
  const tier = offer?.tier;
  return {
    ...(problem ? { unavailable: problem.message } : {}),
    ...(upgrade ? { upgrade: { alreadyPaid: centsToDollars(upgrade.paidCents) } } : {}),
    _id: beat.id,
    beatTitle: beat.title,
    artistName: beat.artistName,
    slug: beat.slug,
    beatType: beat.beatType,
    licence: tier?.exclusive || (!tier && beat.beatType === 'Exclusive') ? 'EXCLUSIVE' : 'MP3',
    price: priceCents === null ? null : centsToDollars(priceCents),
    hasStems: beat.stemsKey !== null,
    addedAt: addedAt.toISOString(),
    tier: { key, name: tier?.name ?? key, files: tier?.files ?? [] },
    tiers: places
      .filter((p) => !p.place.owned || p.offer.tier.key === key)
      .map((p) => ({ key: p.offer.tier.key, name: p.offer.tier.name, price: centsToDollars(p.place.priceCents!) })),
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
    .select({ beat: beats, addedAt: table.createdAt, tier: kind === 'beats' ? cartItems.tier : sql<string | null>`null` })
    .from(table)
    .innerJoin(beats, eq(beats.id, table.beatId))
    .where(and(eq(table.userId, userId), kind === 'beats' ? or(isListed, soldWhileCarted) : isListed))
    .orderBy(asc(table.createdAt), asc(beats.title));
}

export async function listCart(deps: Deps, userId: string): Promise<CartItem[]> {
  const rows = await cartRows(deps, 'beats', userId);
  if (rows.length === 0) return [];
  const user = await findUserById(deps.db, userId);
  if (!user) return [];
  const { tiers, byBeat } = await laddersFor(deps.db, user, rows.map((r) => r.beat));
  return rows.map((r) => toCartItem(r.beat, r.addedAt, r.tier, byBeat.get(r.beat.id)!, tiers));
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

/**
 * Puts a beat in a cart. The beat cart takes a licence tier: the one asked for (400 when the beat does not offer it, and
 * the line changes to it when the beat is already in the cart), else the beat's primary offer, else its cheapest tier.
 */
export async function addToCart(deps: Deps, kind: CartKind, userId: string, beatId: string, tier?: string): Promise<BeatRow> {
  const beat = await getBeat(deps, beatId);
  if (kind === 'stems') {
    const problem = stemsProblem(beat);
    if (problem) throw problem;
    await deps.db.insert(stemsCartItems).values({ userId, beatId, createdAt: deps.clock.now() }).onConflictDoNothing();
    return beat;
  }
  const notForSale = saleProblem(beat);
  if (notForSale) throw notForSale;
  const offers = (await tierOffersOf(deps.db, [beat])).get(beat.id)!;
  if (tier !== undefined) {
    offeredTier(beat, offers, tier);
    await deps.db
      .insert(cartItems)
      .values({ userId, beatId, tier, createdAt: deps.clock.now() })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.beatId], set: { tier } });
    return beat;
  }
  const chosen = defaultTier(offers);
  if (!chosen) throw primaryOfferProblem(beat) ?? badRequest(`${beat.title} is not for sale on its own right now.`);
  await deps.db.insert(cartItems).values({ userId, beatId, tier: chosen.tier.key, createdAt: deps.clock.now() }).onConflictDoNothing();
  return beat;
}

/** PUT /api/cart/tier: the beat's cart line now buys this tier (docs/product/licenses.md#tiers). */
export async function changeCartTier(deps: Deps, userId: string, beatId: string, tier: string): Promise<{ beat: BeatRow; tierName: string }> {
  const beat = await getBeat(deps, beatId);
  const [line] = await deps.db
    .select({ beatId: cartItems.beatId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.beatId, beatId)))
    .limit(1);
  if (!line) throw notFound(`${beat.title} is not in your cart.`);
  const notForSale = saleProblem(beat);
  if (notForSale) throw notForSale;
  const offer = offeredTier(beat, (await tierOffersOf(deps.db, [beat])).get(beat.id)!, tier);
  await deps.db.update(cartItems).set({ tier }).where(and(eq(cartItems.userId, userId), eq(cartItems.beatId, beatId)));
  return { beat, tierName: offer.tier.name };
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

/** A beat of a visitor's cart and the licence tier they chose for it. */
export interface TierChoice {
  beatId: string;
  tier: string;
}

/**
 * The tiers a visitor chose, checked before anything joins the cart: a tier the store does not have, or one the beat
 * does not offer now, is refused (400, naming it). A beat no longer for sale at all is left to be skipped, as any is.
 */
async function assertTiersOffered(deps: Deps, choices: TierChoice[]): Promise<void> {
  if (choices.length === 0) return;
  const found = await deps.db.select().from(beats).where(inArray(beats.id, choices.map((c) => c.beatId)));
  const forSale = found.filter((beat) => saleProblem(beat) === null);
  const offers = await tierOffersOf(deps.db, forSale);
  for (const beat of forSale) offeredTier(beat, offers.get(beat.id)!, choices.find((c) => c.beatId === beat.id)!.tier);
}

/**
 * A visitor's browser cart joins the account's carts (login or signup), without duplicates. Items that
 * cannot be bought any more are skipped (their titles are returned) instead of failing the whole merge. A beat comes in
 * as the licence tier the visitor chose (which replaces the tier of the account's line of it), else as its primary
 * offer. The code the visitor applied comes along with the beat cart, in place of one the account kept: it is the one
 * they chose last.
 */
export async function mergeCarts(
  deps: Deps,
  userId: string,
  beatIds: string[],
  stemsBeatIds: string[],
  coupon?: string,
  beatTiers: TierChoice[] = [],
): Promise<{ skipped: string[] }> {
  await assertTiersOffered(deps, beatTiers);
  const chosen = new Map(beatTiers.map((c) => [c.beatId, c.tier]));
  const skipped: string[] = [];
  const attempt = async (kind: CartKind, beatId: string) => {
    try {
      await addToCart(deps, kind, userId, beatId, kind === 'beats' ? chosen.get(beatId) : undefined);
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
