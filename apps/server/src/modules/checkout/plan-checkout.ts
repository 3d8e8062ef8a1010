/**
 * What a checkout buys and what it costs: the items of each kind of checkout (the beat cart, stems, one exclusive, the
 * VIP plan) at the server's own prices, then priced with the deals by the one stacking rule. The quote and the checkout
 * both plan and price here, so the cart shows what the checkout charges.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderLine, SessionType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, cartItems, type BeatRow, type CouponRow, type EntitlementSource, type PurchaseKind, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { rightsFrom, sourcesFor } from '../entitlements/entitlements.service.js';
import { upgradableLeases, upgradePriceCents, type UpgradableLease } from '../offers/upgrades.js';
import { assertClientPrice, cartLineProblem, primaryOffer, primaryOfferProblem, stemsPriceCents, stemsProblem, vipPlanPriceCents, vipPlanTitle } from '../offers/offers.js';
import { bulkDealName, dealNotes, priceWithDeals, type DealsPricing } from '../deals/pricing.js';
import { forgetRefusedCoupon } from '../deals/kept-coupons.js';

export interface PlannedItem {
  kind: PurchaseKind;
  beat: BeatRow | null;
  title: string;
  priceCents: number;
  /** An upgrade: the buyer's lease this exclusive replaces, whose price is taken off (docs/product/licenses.md#upgrades). */
  upgrades?: UpgradableLease;
}

/** A line the buyer asks for, with the price their page showed (refused when it is not the server's). */
export interface LineInput {
  beatId: string;
  price?: number;
}

// ── What is bought, at the server's price ──────────────────────────────────────────────

async function beatsById(deps: Deps, ids: string[]): Promise<Map<string, BeatRow>> {
  const rows = ids.length ? await deps.db.select().from(beats).where(inArray(beats.id, ids)) : [];
  const found = new Map(rows.map((b) => [b.id, b]));
  for (const id of ids) if (!found.has(id)) throw notFound('This beat does not exist.');
  return found;
}

function uniqueLines(lines: LineInput[]): LineInput[] {
  const seen = new Set<string>();
  return lines.filter((line) => (seen.has(line.beatId) ? false : (seen.add(line.beatId), true)));
}

/**
 * The beat's sources of rights for the buyer, refused at once when they bought its exclusive: that licence already gives
 * every other one (docs/product/entitlements.md), and the beat is theirs, not for sale.
 */
async function sourcesUnlessExclusiveOwner(deps: Deps, user: UserRow, beat: BeatRow): Promise<EntitlementSource[]> {
  const sources = await sourcesFor(deps.db, user.id, beat.id);
  if (sources.includes('exclusive')) throw conflict(`You already own the exclusive license of ${beat.title}. Find it on your dashboard.`);
  return sources;
}

/** An exclusive at its price, or as an upgrade of the buyer's lease of the same beat at the difference. */
function exclusiveItem(beat: BeatRow, lease: UpgradableLease | undefined): PlannedItem {
  const full = beat.priceCents!;
  return lease
    ? { kind: 'exclusive', beat, title: beat.title, priceCents: upgradePriceCents(full, lease), upgrades: lease }
    : { kind: 'exclusive', beat, title: beat.title, priceCents: full };
}

/** The beat cart: each beat's primary offer (MP3 lease or exclusive) at its own price. */
export async function planBeatPurchase(deps: Deps, user: UserRow, lines: LineInput[]): Promise<PlannedItem[]> {
  const unique = uniqueLines(lines);
  const found = await beatsById(deps, unique.map((l) => l.beatId));
  const carted = unique.length
    ? await deps.db
        .select({ beatId: cartItems.beatId, addedAt: cartItems.createdAt })
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.id), inArray(cartItems.beatId, unique.map((l) => l.beatId))))
    : [];
  const addedAt = new Map(carted.map((c) => [c.beatId, c.addedAt]));
  const leases = await upgradableLeases(deps.db, user.id, unique.map((l) => l.beatId));
  const items: PlannedItem[] = [];
  for (const line of unique) {
    const beat = found.get(line.beatId)!;
    const sources = await sourcesUnlessExclusiveOwner(deps, user, beat);
    // A cart line whose exclusive was sold or ended cannot be paid (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid).
    const lineProblem = addedAt.has(beat.id) ? cartLineProblem(beat, addedAt.get(beat.id)!) : null;
    if (lineProblem) throw lineProblem;
    const problem = primaryOfferProblem(beat);
    if (problem) throw problem;
    const offer = primaryOffer(beat);
    if (offer.kind === 'exclusive') {
      const item = exclusiveItem(beat, leases.get(beat.id));
      assertClientPrice(line.price, item.priceCents, beat.title);
      items.push(item);
      continue;
    }
    assertClientPrice(line.price, offer.priceCents!, beat.title);
    const rights = rightsFrom(user, beat, sources);
    if (rights.mp3) {
      throw conflict(
        user.userType === 'vipUser'
          ? `${beat.title} is already yours with the VIP catalog.`
          : `You already own ${beat.title}. Find it on your dashboard.`,
      );
    }
    items.push({ kind: 'lease', beat, title: beat.title, priceCents: offer.priceCents! });
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
    items.push({ kind: 'stems', beat, title: beat.title, priceCents: price });
  }
  return items;
}

/** One exclusive: at its price, or as an upgrade of the buyer's MP3 lease of the beat (docs/product/licenses.md#upgrades). */
export async function planExclusive(deps: Deps, user: UserRow, beatId: string, price: number | undefined): Promise<PlannedItem[]> {
  const beat = (await beatsById(deps, [beatId])).get(beatId)!;
  await sourcesUnlessExclusiveOwner(deps, user, beat);
  if (beat.beatType !== 'Exclusive') {
    throw badRequest(`${beat.title} is not an exclusive: buy its MP3 lease through the cart instead.`);
  }
  const problem = primaryOfferProblem(beat);
  if (problem) throw problem;
  const item = exclusiveItem(beat, (await upgradableLeases(deps.db, user.id, [beat.id])).get(beat.id));
  assertClientPrice(price, item.priceCents, item.upgrades ? `the upgrade of ${beat.title}` : beat.title);
  return [item];
}

export function planVipPlan(deps: Deps, user: UserRow, price: number | undefined): PlannedItem[] {
  if (user.userType === 'vipUser') throw conflict('You are already a VIP Member.');
  const cents = vipPlanPriceCents(deps.config);
  assertClientPrice(price, cents, 'the VIP plan');
  return [{ kind: 'vipPlan', beat: null, title: vipPlanTitle, priceCents: cents }];
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
