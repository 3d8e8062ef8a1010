/**
 * Deals (docs/product/deals.md): coupon codes, the store's bulk deal on MP3 leases, and the one rule by which they
 * combine. The rule is a pure function of the order's lines (`priceOrder`), the same for every screen, the checkout
 * and the receipt, so the buyer sees every step and the sum of the lines is always the total.
 */
import { z } from 'zod';
import { id } from './common.js';
import { couponCode, purchaseKinds, type PurchaseKind } from './commerce.js';

// ── The stacking rule ─────────────────────────────────────────────────────────────────

/** One thing in an order, at its list price in cents. */
export interface OrderLine {
  /** Unique within the order (the beat's id, or the plan's name). */
  id: string;
  kind: PurchaseKind;
  beatId: string | null;
  priceCents: number;
}

/** "Buy N get M free" on MP3 leases. */
export interface BulkDeal {
  buy: number;
  free: number;
}

/** A coupon as the rule needs it: how much it takes off, and which lines it applies to. */
export interface CouponRule {
  code: string;
  kind: 'percent' | 'fixed';
  /** 1–100, for a percent coupon. */
  percentOff: number | null;
  /** For a fixed coupon: the most it takes off the order, in cents. */
  amountOffCents: number | null;
  appliesTo: (line: OrderLine) => boolean;
}

export interface PricedLine extends OrderLine {
  /** Taken off by the bulk deal (the whole price, for a free lease). */
  bulkCents: number;
  /** Taken off by the coupon, from what the bulk deal left. */
  couponCents: number;
  totalCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  bulkCents: number;
  couponCents: number;
  totalCents: number;
  /** How many leases the bulk deal made free. */
  freeLeases: number;
}

/** Lines in a fixed order that depends only on their prices and ids: dearest first, then by id. */
const byPriceThenId = (a: { priceCents: number; id: string }, b: { priceCents: number; id: string }) =>
  b.priceCents - a.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Shares `amount` cents out over `weights` in proportion, each share rounded down to the cent, the remainder on the
 * first (heaviest) weight; no share exceeds its weight. Weights come dearest first.
 */
function shareOut(amount: number, weights: number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / whole));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  // The remainder goes to the dearest line, then (if that line is used up) the next.
  for (let i = 0; left > 0 && i < shares.length; i++) {
    const room = weights[i]! - shares[i]!;
    const add = Math.min(room, left);
    shares[i]! += add;
    left -= add;
  }
  return shares;
}

/**
 * The one stacking rule (docs/product/deals.md#stacking):
 * 1. the bulk deal first: for every N + M leases in the order, the M cheapest leases are free;
 * 2. then the coupon, on what remains to pay of the lines it applies to: a percent of it, or a fixed amount (never
 *    more than that remainder);
 * 3. the coupon's amount is shared over its lines in proportion, each line rounded down to the cent, the rounding
 *    remainder on the dearest line, so the lines always add up to the total.
 * The result does not depend on the order of the lines.
 */
export function priceOrder(input: OrderLine[], deals: { bulk?: BulkDeal | null; coupon?: CouponRule | null } = {}): PricedOrder {
  const lines = [...input].sort(byPriceThenId);
  const bulk = new Map<string, number>();
  const { bulk: deal } = deals;
  let freeLeases = 0;
  if (deal && deal.buy > 0 && deal.free > 0) {
    const leases = lines.filter((l) => l.kind === 'lease');
    freeLeases = Math.floor(leases.length / (deal.buy + deal.free)) * deal.free;
    // The cheapest leases: the last ones of the dearest-first order.
    for (const line of leases.slice(leases.length - freeLeases)) bulk.set(line.id, line.priceCents);
  }
  const left = (line: OrderLine) => line.priceCents - (bulk.get(line.id) ?? 0);

  const coupon = new Map<string, number>();
  const { coupon: rule } = deals;
  if (rule) {
    const eligible = lines.filter((l) => rule.appliesTo(l) && left(l) > 0);
    const base = eligible.reduce((sum, l) => sum + left(l), 0);
    const off =
      rule.kind === 'percent'
        ? Math.round((base * Math.min(100, Math.max(0, rule.percentOff ?? 0))) / 100)
        : Math.min(base, Math.max(0, rule.amountOffCents ?? 0));
    const shares = shareOut(off, eligible.map(left));
    eligible.forEach((line, i) => coupon.set(line.id, shares[i]!));
  }

  const priced = input.map((line) => {
    const bulkCents = bulk.get(line.id) ?? 0;
    const couponCents = coupon.get(line.id) ?? 0;
    return { ...line, bulkCents, couponCents, totalCents: line.priceCents - bulkCents - couponCents };
  });
  const sum = (pick: (l: PricedLine) => number) => priced.reduce((total, l) => total + pick(l), 0);
  return {
    lines: priced,
    subtotalCents: sum((l) => l.priceCents),
    bulkCents: sum((l) => l.bulkCents),
    couponCents: sum((l) => l.couponCents),
    totalCents: sum((l) => l.totalCents),
    freeLeases,
  };
}

// ── Coupons as the admin writes them ──────────────────────────────────────────────────

export const couponKinds = ['percent', 'fixed'] as const;
export const couponScopes = ['store', 'beats', 'offers'] as const;
/** What a coupon scoped to offers may name: the offers of the carts that take coupons (never the VIP plan's checkout). */
export const couponOffers = ['lease', 'stems', 'exclusive'] as const satisfies readonly PurchaseKind[];

const dollars = (what: string) =>
  z
    .number({ error: `${what} must be an amount in dollars` })
    .min(0.01, `${what} must be at least $0.01`)
    .max(100_000, `${what} must be at most $100,000`)
    .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} must be in whole cents`);
const count = (what: string) =>
  z.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`).min(1, `${what} must be at least 1`).max(1_000_000, `${what} must be at most 1,000,000`);
const when = (what: string) => z.iso.datetime({ offset: true, error: `${what} must be a date and time (ISO 8601)` }).nullable();

/** POST /api/admin/coupons and PUT /api/admin/coupons/{couponId}: a coupon as the admin writes it. */
export const couponInput = z
  .object({
    code: couponCode,
    kind: z.enum(couponKinds, { error: 'kind must be percent or fixed' }),
    /** 1–100 for a percent coupon. */
    percentOff: z.number({ error: 'percentOff must be a whole number' }).int('percentOff must be a whole number').min(1, 'percentOff must be between 1 and 100').max(100, 'percentOff must be between 1 and 100').nullable().default(null),
    /** Dollars, for a fixed coupon. */
    amountOff: dollars('amountOff').nullable().default(null),
    scope: z.enum(couponScopes, { error: 'scope must be store, beats or offers' }).default('store'),
    beatIds: z.array(id('beatId')).max(500, 'A coupon names at most 500 beats.').default([]),
    offers: z.array(z.enum(couponOffers, { error: `offers must be among ${couponOffers.join(', ')}` })).default([]),
    startsAt: when('startsAt').default(null),
    endsAt: when('endsAt').default(null),
    maxRedemptions: count('maxRedemptions').nullable().default(null),
    perBuyerLimit: count('perBuyerLimit').nullable().default(null),
    /** Dollars: the order, after the bulk deal, must come to at least this. */
    minimumOrder: dollars('minimumOrder').nullable().default(null),
    paused: z.boolean({ error: 'paused must be true or false' }).default(false),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percentOff === null) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percent coupon needs percentOff (1–100).' });
    if (c.kind === 'fixed' && c.amountOff === null) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'A fixed coupon needs amountOff in dollars.' });
    if (c.scope === 'beats' && c.beatIds.length === 0) ctx.addIssue({ code: 'custom', path: ['beatIds'], message: 'Choose the beats the coupon is for.' });
    if (c.scope === 'offers' && c.offers.length === 0) ctx.addIssue({ code: 'custom', path: ['offers'], message: 'Choose the offers the coupon is for.' });
    if (c.startsAt && c.endsAt && new Date(c.endsAt) <= new Date(c.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt.' });
  });
export type CouponInput = z.infer<typeof couponInput>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  scope: z.enum(couponScopes),
  beatIds: z.array(z.string()),
  offers: z.array(z.enum(couponOffers)),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxRedemptions: z.number().nullable(),
  perBuyerLimit: z.number().nullable(),
  minimumOrder: z.number().nullable(),
  paused: z.boolean(),
  /** Paid checkouts that used it (refunded ones no longer count). */
  redemptions: z.number(),
  /** Dollars taken off by it over those checkouts. */
  discounted: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponsResponse = z.object({ coupons: z.array(couponSchema) });
export const couponResponse = z.object({ coupon: couponSchema });

/** The store's bulk deal on MP3 leases (Admin → Deals). */
export const bulkDealSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  buy: z.number({ error: 'buy must be a whole number' }).int('buy must be a whole number').min(1, 'buy must be between 1 and 10').max(10, 'buy must be between 1 and 10'),
  free: z.number({ error: 'free must be a whole number' }).int('free must be a whole number').min(1, 'free must be between 1 and 10').max(10, 'free must be between 1 and 10'),
});
export type BulkDealSettings = z.infer<typeof bulkDealSchema>;

// ── The quote: an order priced by the server, line by line ────────────────────────────

/** Why a code was not applied: each with its own readable message (`couponMessages`). */
export const couponRefusals = ['unknown', 'paused', 'notStarted', 'expired', 'usedUp', 'usedByYou', 'notForTheseItems', 'minimumNotMet'] as const;
export type CouponRefusal = (typeof couponRefusals)[number];

/** POST /api/checkout/quote: what a checkout of these items would cost, with a coupon or without. */
export const quoteBody = z.object({
  userId: id('userId'),
  sessionType: z.enum(['beatPurchase', 'stems'], { error: 'sessionType must be beatPurchase or stems' }),
  beatIds: z.array(id('beatId')).min(1, 'Please select at least one item to purchase.').max(200, 'A cart holds at most 200 items.'),
  coupon: couponCode.optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;

export const quoteLineSchema = z.object({
  beatId: z.string(),
  title: z.string(),
  kind: z.enum(purchaseKinds),
  /** Dollars: the list price, what the bulk deal and the coupon took off, and what is paid. */
  price: z.number(),
  bulkDiscount: z.number(),
  couponDiscount: z.number(),
  total: z.number(),
  /** The steps in words: "Free with Buy 2 get 1", "−$3.00 with SPRING30". */
  notes: z.array(z.string()),
});
export const quoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  subtotal: z.number(),
  bulkDiscount: z.number(),
  couponDiscount: z.number(),
  total: z.number(),
  /** The store's bulk deal when it is on. */
  bulkDeal: z.object({ buy: z.number(), free: z.number(), label: z.string() }).nullable(),
  /** The code asked for, whether it applied, and why not. */
  coupon: z.object({ code: z.string(), applied: z.boolean(), reason: z.enum(couponRefusals).nullable(), message: z.string().nullable() }).nullable(),
  /** The stacking rule, in one sentence, as the cart shows it. */
  rule: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const stackingRule =
  'The bulk deal applies first; a coupon then applies to what remains to pay. Each line is rounded to the cent, and any rounding remainder goes on the most expensive line, so the lines always add up to the total.';

export const bulkDealLabel = (deal: BulkDeal) => `Buy ${deal.buy} get ${deal.free} free`;
