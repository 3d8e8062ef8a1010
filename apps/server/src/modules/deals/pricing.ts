/**
 * What the deals take off an order (docs/product/deals.md): the store's bulk deal, then a coupon, by the one stacking
 * rule (`priceOrder`). The quote and the checkout both price here, so the cart shows what the checkout charges.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { priceOrder, type BulkDeal, type CouponRefusal, type CouponRule, type OrderLine, type PricedOrder, type SessionType } from '@beat/shared';
import type { Db, Tx } from '../../db/client.js';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { formatUsd } from '../offers/offers.js';
import { readStoreSettings } from '../previews/tag.js';

const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: '2-digit', day: '2-digit', year: 'numeric' });

/** The reason a code was not applied, as the cart and the checkout's 409 say it. */
export function couponMessage(reason: CouponRefusal, coupon: CouponRow | null): string {
  switch (reason) {
    case 'unknown':
      return 'This code does not exist.';
    case 'paused':
      return 'This code is paused for now.';
    case 'notStarted':
      return `This code starts on ${day.format(coupon!.startsAt!)}.`;
    case 'expired':
      return `This code expired on ${day.format(coupon!.endsAt!)}.`;
    case 'usedUp':
      return 'This code has been used up.';
    case 'usedByYou':
      return 'You have already used this code.';
    case 'notForTheseItems':
      return 'This code is not for these items.';
    case 'minimumNotMet':
      return `This code needs an order of at least ${formatUsd(coupon!.minimumOrderCents ?? 0)}.`;
  }
}

/** The store's bulk deal, when it is on and the checkout is the beat cart (it applies to MP3 leases only). */
export async function bulkDealFor(db: Db | Tx, sessionType: SessionType): Promise<BulkDeal | null> {
  if (sessionType !== 'beatPurchase') return null;
  const settings = await readStoreSettings(db);
  return settings.bulkDealEnabled ? { buy: settings.bulkDealBuy, free: settings.bulkDealFree } : null;
}

/** "Buy 2 get 1": the deal as a line's note names it ("Free with Buy 2 get 1"). */
export const bulkDealName = (deal: BulkDeal) => `Buy ${deal.buy} get ${deal.free}`;

export function couponRuleOf(coupon: CouponRow): CouponRule {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOffCents: coupon.amountOffCents,
    appliesTo: (line) =>
      coupon.scope === 'store' ||
      (coupon.scope === 'beats' && line.beatId !== null && coupon.beatIds.includes(line.beatId)) ||
      (coupon.scope === 'offers' && (coupon.offers as readonly string[]).includes(line.kind)),
  };
}

/**
 * How often a coupon is taken: redeemed, plus held by a checkout that may still be paid (open and not past its end, or
 * not yet written: a hold taken in the last five minutes). A hold whose checkout lapsed no longer counts.
 */
export async function couponUsage(db: Db | Tx, couponId: string, userId: string, now: Date): Promise<{ total: number; mine: number }> {
  const recent = new Date(now.getTime() - 5 * 60_000);
  const { rows } = await db.execute<{ total: number | string; mine: number | string }>(sql`
    select count(*) as total, count(*) filter (where r.user_id = ${userId}) as mine
    from coupon_redemptions r
    left join checkouts c on c.id = r.checkout_id
    where r.coupon_id = ${couponId}
      and (r.state = 'redeemed'
        or (r.state = 'held' and (c.expires_at > ${now.toISOString()}::timestamptz
          or (c.id is null and r.created_at > ${recent.toISOString()}::timestamptz))))`);
  return { total: Number(rows[0]?.total ?? 0), mine: Number(rows[0]?.mine ?? 0) };
}

export async function findCoupon(db: Db | Tx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.trim().toUpperCase()), isNull(coupons.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The limits a hold must respect, checked again under the coupon's lock when the hold is taken. */
function limitRefusal(coupon: CouponRow, usage: { total: number; mine: number }): CouponRefusal | null {
  if (coupon.maxRedemptions !== null && usage.total >= coupon.maxRedemptions) return 'usedUp';
  if (coupon.perBuyerLimit !== null && usage.mine >= coupon.perBuyerLimit) return 'usedByYou';
  return null;
}

export interface DealsPricing {
  order: PricedOrder;
  bulk: BulkDeal | null;
  /** The coupon applied to `order`, if any. */
  coupon: CouponRow | null;
  /** The code asked for and what became of it; null when none was asked for. */
  asked: { code: string; applied: boolean; reason: CouponRefusal | null; message: string | null } | null;
}

/** Prices an order's lines with the store's bulk deal and, if it applies, the coupon `code` (docs/product/deals.md#stacking). */
export async function priceWithDeals(
  db: Db | Tx,
  input: {
    userId: string;
    sessionType: SessionType;
    lines: OrderLine[];
    code: string | null | undefined;
    now: Date;
    /** The code's coupon when the caller has already looked it up (null: there is none). */
    found?: CouponRow | null;
  },
): Promise<DealsPricing> {
  const bulk = await bulkDealFor(db, input.sessionType);
  const base = priceOrder(input.lines, { bulk });
  const code = input.code?.trim().toUpperCase() || null;
  if (!code) return { order: base, bulk, coupon: null, asked: null };

  const coupon = input.found !== undefined ? input.found : await findCoupon(db, code);
  const refuse = (reason: CouponRefusal): DealsPricing => ({
    order: base,
    bulk,
    coupon: null,
    asked: { code, applied: false, reason, message: couponMessage(reason, coupon) },
  });
  if (!coupon) return refuse('unknown');
  if (coupon.paused) return refuse('paused');
  if (coupon.startsAt && coupon.startsAt > input.now) return refuse('notStarted');
  if (coupon.endsAt && coupon.endsAt <= input.now) return refuse('expired');
  const limit = limitRefusal(coupon, await couponUsage(db, coupon.id, input.userId, input.now));
  if (limit) return refuse(limit);
  const rule = couponRuleOf(coupon);
  if (!base.lines.some((line) => rule.appliesTo(line) && line.totalCents > 0)) return refuse('notForTheseItems');
  if (coupon.minimumOrderCents !== null && base.totalCents < coupon.minimumOrderCents) return refuse('minimumNotMet');
  return { order: priceOrder(input.lines, { bulk, coupon: rule }), bulk, coupon, asked: { code, applied: true, reason: null, message: null } };
}

/** A line's deals in words: "Free with Buy 2 get 1", "−$3.00 with SPRING30". */
export function dealNotes(
  line: { listPriceCents: number; bulkCents: number; couponCents: number },
  bulkDeal: string | null,
  couponCode: string | null,
): string[] {
  const notes: string[] = [];
  if (line.bulkCents > 0) {
    const deal = bulkDeal ?? 'the bulk deal';
    notes.push(line.bulkCents >= line.listPriceCents ? `Free with ${deal}` : `−${formatUsd(line.bulkCents)} with ${deal}`);
  }
  if (line.couponCents > 0) notes.push(`−${formatUsd(line.couponCents)} with ${couponCode ?? 'a coupon'}`);
  return notes;
}

/** A line's name with its deals, as the provider, the checkout page and the e-mails show it: "Night Drive (Free with Buy 2 get 1)". */
export function nameWithDeals(name: string, notes: string[]): string {
  return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
}

// ── Redemptions: held, redeemed, released ────────────────────────────────────────────

/**
 * Takes a checkout's hold on a coupon under a lock of the coupon's row, so two buyers never take its last redemption:
 * 409 "This code has been used up." (or "You have already used this code.") when its limits are reached.
 */
export async function holdRedemption(
  db: Db,
  input: { couponId: string; checkoutId: string; userId: string; discountCents: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, input.couponId)).for('update').limit(1);
    if (!coupon || coupon.deletedAt) throw conflict(couponMessage('unknown', null));
    const limit = limitRefusal(coupon, await couponUsage(tx, coupon.id, input.userId, input.now));
    if (limit) throw conflict(couponMessage(limit, coupon));
    await tx.insert(couponRedemptions).values({
      couponId: input.couponId,
      checkoutId: input.checkoutId,
      userId: input.userId,
      discountCents: input.discountCents,
      state: 'held',
      createdAt: input.now,
      updatedAt: input.now,
    });
  });
}

/** The checkout expired, failed or was never opened: its hold no longer counts. */
export async function releaseRedemption(db: Db | Tx, checkoutId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update coupon_redemptions set state = 'released', updated_at = ${now.toISOString()}::timestamptz
    where checkout_id = ${checkoutId} and state = 'held'`);
}

/**
 * The checkout was paid: its redemption counts, even when its hold had lapsed and others took the last ones meanwhile
 * (the buyer paid the price they were shown). Lines refunded at once take their coupon share off the books; a checkout
 * refunded in full releases it. Returns whether the coupon is now over its limit (for the log).
 */
export async function redeemAtFulfilment(
  tx: Tx,
  input: { checkoutId: string; refundedCouponCents: number; refundedInFull: boolean; now: Date },
): Promise<{ couponId: string; overLimit: boolean } | null> {
  const { rows } = await tx.execute<{ coupon_id: string }>(sql`
    update coupon_redemptions
    set state = ${input.refundedInFull ? 'released' : 'redeemed'},
        discount_cents = greatest(0, discount_cents - ${input.refundedCouponCents}),
        updated_at = ${input.now.toISOString()}::timestamptz
    where checkout_id = ${input.checkoutId} and state <> 'redeemed'
    returning coupon_id`);
  const couponId = rows[0]?.coupon_id;
  if (!couponId || input.refundedInFull) return null;
  const { rows: over } = await tx.execute<{ over: boolean }>(sql`
    select c.max_redemptions is not null
      and (select count(*) from coupon_redemptions r where r.coupon_id = c.id and r.state = 'redeemed') > c.max_redemptions as over
    from coupons c where c.id = ${couponId}`);
  return { couponId, overLimit: Boolean(over[0]?.over) };
}
