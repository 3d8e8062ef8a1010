/**
 * What a checkout buys and what it costs: the items of each kind of checkout (the beat cart, stems, one exclusive, the
 * VIP plan) at the server's own prices, then priced with the deals by the one stacking rule. The quote and the checkout
 * both plan and price here, so the cart shows what the checkout charges.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypes, filesCovered, grantedRights, isBuiltInTier, type OrderLine, type SessionType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, cartItems, type BeatRow, type CouponRow, type LicenceTierRow, type PurchaseKind, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { inCatalog, rightsFrom, sourcesFor, type Grant } from '../entitlements/entitlements.service.js';
import { assertClientPrice, cartLineProblem, primaryOfferProblem, saleProblem, stemsPriceCents, stemsProblem, vipPlanPriceCents, vipPlanTitle } from '../offers/offers.js';
import { laddersFor, lineTierKey, offeredTier, standing, type BeatLadder, type HeldTier } from '../offers/tier-offers.js';
import type { UpgradeName } from './checkout-lines.js';
import { bulkDealName, dealNotes, priceWithDeals, type DealsPricing } from '../deals/pricing.js';
import { forgetRefusedCoupon } from '../deals/kept-coupons.js';

export interface PlannedItem {
  kind: PurchaseKind;
  beat: BeatRow | null;
  title: string;
  priceCents: number;
  /** The licence tier bought (docs/product/licenses.md#tiers); null for stems and the VIP plan. */
  tier: LicenceTierRow | null;
  /** An upgrade: the buyer's licence of a lower tier this one replaces, whose price is taken off (docs/product/licenses.md#upgrades). */
  upgrades?: HeldTier & { tierName: string };
}

/** How a planned upgrade's line is named ("Upgrade: Night Drive MP3 lease → Exclusive (−$19.99 already paid)"). */
export function plannedUpgradeName(item: PlannedItem): UpgradeName | null {
  if (!item.upgrades) return null;
  const from = item.upgrades.tier === 'lease' ? 'MP3 lease' : item.upgrades.tierName;
  const to = item.tier?.key === 'lease' ? 'MP3 lease' : (item.tier?.name ?? 'Exclusive');
  return { paidCents: item.upgrades.paidCents, from, to };
}

/** A line the buyer asks for, with the price their page showed (refused when it is not the server's) and, optionally, its tier. */
export interface LineInput {
  beatId: string;
  price?: number;
  tier?: string;
}

// ── What is bought, at the server's price ──────────────────────────────────────────────

async function beatsById(deps: Deps, ids: string[]): Promise<Map<string, BeatRow>> {
  const rows = ids.length ? await deps.db.select().from(beats).where(inArray(beats.id, ids)) : [];
  const found = new Map(rows.map((b) => [b.id, b]));
  for (const id of ids) if (!found.has(id)) throw notFound('This beat does not exist.');
  return found;
}

function uniqueLines<L extends { beatId: string }>(lines: L[]): L[] {
  const seen = new Set<string>();
  return lines.filter((line) => (seen.has(line.beatId) ? false : (seen.add(line.beatId), true)));
}

/**
 * The beat's sources of rights for the buyer, refused at once when they bought its exclusive: that licence already gives
 * every other one (docs/product/entitlements.md), and the beat is theirs, not for sale.
 */
async function sourcesUnlessExclusiveOwner(deps: Deps, user: UserRow, beat: BeatRow): Promise<Grant[]> {
  const sources = await sourcesFor(deps.db, user.id, beat.id);
  if (sources.some((s) => s.source === 'exclusive')) throw conflict(`You already own the exclusive license of ${beat.title}. Find it on your dashboard.`);
  return sources;
}

/** Why the buyer may not buy this tier again (docs/product/offers-and-prices.md#one-open-checkout-per-order): they hold it or more. */
function alreadyHeld(user: UserRow, beat: BeatRow, tier: LicenceTierRow, ladder: BeatLadder) {
  const vip = user.userType === 'vipUser' && inCatalog(beat) && filesCovered(tier.files, fileTypes.filter((f) => grantedRights.vipPlan[f]));
  if (vip && (tier.key === 'lease' || ladder.held.length === 0)) return conflict(`${beat.title} is already yours with the VIP catalog.`);
  if (tier.key === 'lease') return conflict(`You already own ${beat.title}. Find it on your dashboard.`);
  return conflict(`You already own ${beat.title} as ${tier.name} or a license that includes it. Find it on your dashboard.`);
}

/**
 * One beat line at the tier it buys: the tier's price, or an upgrade's difference for a holder of a lower tier; refused
 * before any payment session when the beat does not offer the tier or the buyer already holds it.
 */
function tierItem(user: UserRow, beat: BeatRow, key: string, ladder: BeatLadder, tiers: LicenceTierRow[], clientPrice: number | undefined, what: (upgrade: boolean) => string): PlannedItem {
  const offer = offeredTier(beat, ladder.offers, key);
  const place = standing(offer, ladder.held, tiers, ladder.rights);
  const priceCents = place.priceCents!;
  const upgrades = place.upgradeFrom ? { ...place.upgradeFrom, tierName: tiers.find((t) => t.key === place.upgradeFrom!.tier)?.name ?? place.upgradeFrom.tier } : undefined;
  assertClientPrice(clientPrice, priceCents, what(Boolean(upgrades)));
  if (place.owned) throw alreadyHeld(user, beat, offer.tier, ladder);
  return { kind: offer.tier.exclusive ? 'exclusive' : 'lease', beat, title: beat.title, priceCents, tier: offer.tier, ...(upgrades ? { upgrades } : {}) };
}

/** The beat cart: each beat at the licence tier its line buys (its primary offer unless the buyer chose another tier). */
export async function planBeatPurchase(deps: Deps, user: UserRow, lines: LineInput[]): Promise<PlannedItem[]> {
  const unique = uniqueLines(lines);
  const found = await beatsById(deps, unique.map((l) => l.beatId));
  const carted = unique.length
    ? await deps.db
        .select({ beatId: cartItems.beatId, addedAt: cartItems.createdAt, tier: cartItems.tier })
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.id), inArray(cartItems.beatId, unique.map((l) => l.beatId))))
    : [];
  const cartLine = new Map(carted.map((c) => [c.beatId, c]));
  const { tiers, byBeat } = await laddersFor(deps.db, user, [...found.values()]);
  const items: PlannedItem[] = [];
  for (const line of unique) {
    const beat = found.get(line.beatId)!;
    await sourcesUnlessExclusiveOwner(deps, user, beat);
    // A cart line whose exclusive was sold or ended cannot be paid (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid).
    const inCart = cartLine.get(beat.id);
    const lineProblem = inCart ? cartLineProblem(beat, inCart.addedAt) : null;
    if (lineProblem) throw lineProblem;
    const key = line.tier ?? lineTierKey(beat, inCart?.tier);
    if (isBuiltInTier(key)) {
      const problem = primaryOfferProblem(beat);
      if (problem) throw problem;
    } else {
      const notForSale = saleProblem(beat);
      if (notForSale) throw notForSale;
    }
    items.push(tierItem(user, beat, key, byBeat.get(beat.id)!, tiers, line.price, () => beat.title));
  }
  return items;
}

export async function planStems(deps: Deps, user: UserRow, lines: LineInput[]): Promise<PlannedItem[]> {
  const unique = uniqueLines(lines);
  const found = await beatsById(deps, unique.map((l) => l.beatId));
  const price = stemsPriceCents(deps.config);
  const items: PlannedItem[] = [];
  for (const line of unique) {
    const beat = found.get(line.beatId)!;
    const sources = await sourcesUnlessExclusiveOwner(deps, user, beat);
    const problem = stemsProblem(beat);
    if (problem) throw problem;
    assertClientPrice(line.price, price, `the stems of ${beat.title}`);
    const rights = rightsFrom(user, beat, sources);
    if (rights.stems) throw conflict(`You already have the stems of ${beat.title}. Find them on your dashboard.`);
    items.push({ kind: 'stems', beat, title: beat.title, priceCents: price, tier: null });
  }
  return items;
}

/** One exclusive: at its price, or as an upgrade of the buyer's lower tier of the beat (docs/product/licenses.md#upgrades). */
export async function planExclusive(deps: Deps, user: UserRow, beatId: string, price: number | undefined): Promise<PlannedItem[]> {
  const beat = (await beatsById(deps, [beatId])).get(beatId)!;
  await sourcesUnlessExclusiveOwner(deps, user, beat);
  if (beat.beatType !== 'Exclusive') {
    throw badRequest(`${beat.title} is not an exclusive: buy its MP3 lease through the cart instead.`);
  }
  const problem = primaryOfferProblem(beat);
  if (problem) throw problem;
  const { tiers, byBeat } = await laddersFor(deps.db, user, [beat]);
  return [tierItem(user, beat, 'exclusive', byBeat.get(beat.id)!, tiers, price, (upgrade) => (upgrade ? `the upgrade of ${beat.title}` : beat.title))];
}

export function planVipPlan(deps: Deps, user: UserRow, price: number | undefined): PlannedItem[] {
  if (user.userType === 'vipUser') throw conflict('You are already a VIP Member.');
  const cents = vipPlanPriceCents(deps.config);
  assertClientPrice(price, cents, 'the VIP plan');
  return [{ kind: 'vipPlan', beat: null, title: vipPlanTitle, priceCents: cents, tier: null }];
}

// ── What it costs, with the deals ──────────────────────────────────────────────────────

/** A planned item once the deals are applied: `priceCents` stays the list price, `chargedCents` is what is paid. */
export interface PricedItem extends PlannedItem {
  bulkCents: number;
  couponCents: number;
  chargedCents: number;
  /** The deals in words, as the line's name carries them ("Free with Buy 2 get 1"). */
  notes: string[];
}

export interface PricedPlan extends DealsPricing {
  items: PricedItem[];
  /** The bulk deal's name when it took something off this order (the checkout keeps it), else null. */
  bulkDeal: string | null;
}

/**
 * Prices planned items with the bulk deal and the coupon `code` (docs/product/deals.md#stacking). A kept code refused for
 * good leaves the cart (docs/product/deals.md#a-code-kept-with-the-cart); `asked` says what became of the code.
 */
export async function pricePlan(
  deps: Deps,
  input: {
    userId: string;
    sessionType: SessionType;
    items: PlannedItem[];
    code: string | undefined;
    now: Date;
    /** The code's coupon when the caller has already looked it up (null: there is none). */
    found?: CouponRow | null;
  },
): Promise<PricedPlan> {
  const lines: OrderLine[] = input.items.map((item) => ({
    id: item.beat?.id ?? item.kind,
    kind: item.kind,
    beatId: item.beat?.id ?? null,
    priceCents: item.priceCents,
  }));
  const { userId, sessionType, code, now, found } = input;
  const deals = await priceWithDeals(deps.db, { userId, sessionType, lines, code, now, found });
  await forgetRefusedCoupon(deps.db, userId, sessionType, deals.asked);
  const bulkDeal = deals.bulk && deals.order.bulkCents > 0 ? bulkDealName(deals.bulk) : null;
  const items = input.items.map((item, i) => {
    const line = deals.order.lines[i]!;
    return {
      ...item,
      bulkCents: line.bulkCents,
      couponCents: line.couponCents,
      chargedCents: line.totalCents,
      notes: dealNotes({ listPriceCents: line.priceCents, bulkCents: line.bulkCents, couponCents: line.couponCents }, bulkDeal, deals.coupon?.code ?? null),
    };
  });
  return { ...deals, items, bulkDeal };
}
