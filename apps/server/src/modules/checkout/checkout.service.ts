/**
 * Opening hosted checkouts at the server's own prices (the beat cart, stems, one exclusive, the VIP plan),
 * holding exclusives for their buyer while the checkout is open, and the two ways a checkout is settled:
 * the provider's webhook and the success page.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConfirmCheckoutResponse, OrderLine, SessionType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, cartItems, checkoutItems, checkouts, purchases, type BeatRow, type CheckoutRow, type PurchaseKind, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { turnOverEndedExclusives } from '../countdown/countdown.service.js';
import { isListed, isListedBeat } from '../beats/listing.js';
import { rightsFrom, sourcesFor } from '../entitlements/entitlements.service.js';
import { checkoutLines } from './checkout-lines.js';
import { settleCheckout, stateOf, checkoutEventTypes, type CheckoutState, type Log } from './fulfilment.service.js';
import { currentTermsId } from '../licences/licence-terms.service.js';
import { upgradableLeases, upgradeLabel, upgradePriceCents, type UpgradableLease } from '../offers/upgrades.js';
import { bulkDealName, dealNotes, findCoupon, holdRedemption, nameWithDeals, priceWithDeals, releaseRedemption } from '../deals/pricing.js';
import { forgetRefusedCoupon } from '../deals/kept-coupons.js';
import { assertClientPrice, cartLineProblem, primaryOffer, primaryOfferProblem, stemsPriceCents, stemsProblem, vipPlanPriceCents, vipPlanTitle } from '../offers/offers.js';

/** How long an exclusive is held for its buyer (30 minutes at most: docs/product/offers-and-prices.md#reservations). */
export const RESERVATION_MS = 30 * 60_000;
/**
 * Stripe refuses sessions that end sooner than 30 minutes after it creates them, so its sessions get one
 * more minute; a payment in that minute is settled like any late payment (sold, or refunded).
 */
const STRIPE_SESSION_MS = RESERVATION_MS + 60_000;

export interface PlannedItem {
  kind: PurchaseKind;
  beat: BeatRow | null;
  title: string;
  priceCents: number;
  description?: string;
  /** An upgrade: the buyer's lease this exclusive replaces, whose price is taken off (docs/product/licenses.md#upgrades). */
  upgrades?: UpgradableLease;
}

/** A planned item once the deals are applied: `priceCents` stays the list price, `chargedCents` is what is paid. */
interface PricedItem extends PlannedItem {
  bulkCents: number;
  couponCents: number;
  chargedCents: number;
  notes: string[];
}

/** The order's lines as the stacking rule reads them (the quote prices the same lines the same way). */
export const orderLinesOf = (items: PlannedItem[]): OrderLine[] =>
  items.map((item) => ({ id: item.beat?.id ?? item.kind, kind: item.kind, beatId: item.beat?.id ?? null, priceCents: item.priceCents }));

/** The line's name at the payment provider: the title, or the upgrade it is. */
const lineName = (item: PlannedItem) => (item.upgrades ? upgradeLabel(item.title, item.upgrades.paidCents) : item.title);

const exclusiveDescription = 'Exclusive license: MP3, WAV and stems';

/** An exclusive at its price, or as an upgrade of the buyer's lease of the same beat at the difference. */
function exclusiveItem(beat: BeatRow, lease: UpgradableLease | undefined): PlannedItem {
  const full = beat.priceCents!;
  return lease
    ? { kind: 'exclusive', beat, title: beat.title, priceCents: upgradePriceCents(full, lease), description: exclusiveDescription, upgrades: lease }
    : { kind: 'exclusive', beat, title: beat.title, priceCents: full, description: exclusiveDescription };
}

export interface CheckoutContext {
  user: UserRow;
  /** Absolute origin of the store for the provider's return URLs (PUBLIC_URL, else the request's). */
  origin: string;
  log: Log;
}

export interface LineInput {
  beatId: string;
  price?: number;
}

// ── Planning: what is bought, at the server's price ────────────────────────────────────

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
    const rights = rightsFrom(user, beat, await sourcesFor(deps.db, user.id, beat.id));
    if (rights.mp3) {
      throw conflict(
        user.userType === 'vipUser'
          ? `${beat.title} is already yours with the VIP catalog.`
          : `You already own ${beat.title}. Find it on your dashboard.`,
      );
    }
    items.push({ kind: 'lease', beat, title: beat.title, priceCents: offer.priceCents!, description: 'MP3 lease (non-exclusive license)' });
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
    const problem = stemsProblem(beat);
    if (problem) throw problem;
    assertClientPrice(line.price, price, `the stems of ${beat.title}`);
    const rights = rightsFrom(user, beat, await sourcesFor(deps.db, user.id, beat.id));
    if (rights.stems) throw conflict(`You already have the stems of ${beat.title}. Find them on your dashboard.`);
    items.push({ kind: 'stems', beat, title: beat.title, priceCents: price, description: 'Stems (every track of the beat)' });
  }
  return items;
}

/** One exclusive: at its price, or as an upgrade of the buyer's MP3 lease of the beat (docs/product/licenses.md#upgrades). */
export async function planExclusive(deps: Deps, user: UserRow, beatId: string, price: number | undefined): Promise<PlannedItem[]> {
  const beat = (await beatsById(deps, [beatId])).get(beatId)!;
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
  return [
    {
      kind: 'vipPlan',
      beat: null,
      title: vipPlanTitle,
      priceCents: cents,
      description: 'Lifetime access to every VIP catalog beat, MP3 and WAV',
    },
  ];
}

// ── Exclusives: one buyer at a time ────────────────────────────────────────────────────

/**
 * Another buyer's lapsed hold on an exclusive may still have an open session at the provider (Stripe keeps
 * them a minute longer): end those sessions first, and settle any that turn out to be paid.
 */
async function settleLapsedHolds(deps: Deps, beat: BeatRow, buyerId: string, now: Date, log: Log): Promise<void> {
  if (!beat.reservedBy || beat.reservedBy === buyerId || !beat.reservedUntil || beat.reservedUntil > now) return;
  const open = await deps.db
    .selectDistinct({ checkout: checkouts })
    .from(checkouts)
    .innerJoin(checkoutItems, eq(checkoutItems.checkoutId, checkouts.id))
    .where(
      and(
        eq(checkoutItems.beatId, beat.id),
        eq(checkoutItems.kind, 'exclusive'),
        eq(checkouts.status, 'open'),
        isNull(checkouts.fulfilledAt),
        eq(checkouts.provider, deps.payments.kind),
        ne(checkouts.userId, buyerId),
      ),
    );
  for (const { checkout } of open) {
    const session = await deps.payments.expireCheckoutSession(checkout.providerSessionId);
    if (session) await settleCheckout(deps, checkout, session, { log });
  }
}

function heldMessage(beat: BeatRow, now: Date): string {
  const minutes = beat.reservedUntil ? Math.max(1, Math.ceil((beat.reservedUntil.getTime() - now.getTime()) / 60_000)) : 30;
  return `${beat.title} is being bought by another customer right now. If they do not complete their purchase it is available again within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Holds every exclusive of the checkout for the buyer until `until`, all or none; 409 when one is held or sold. */
async function reserveExclusives(deps: Deps, buyer: UserRow, items: PlannedItem[], until: Date, log: Log): Promise<string[]> {
  const ids = items.filter((i) => i.kind === 'exclusive' && i.beat).map((i) => i.beat!.id).sort();
  if (ids.length === 0) return ids;
  const now = deps.clock.now();
  for (const item of items) if (item.kind === 'exclusive' && item.beat) await settleLapsedHolds(deps, item.beat, buyer.id, now, log);

  await deps.db.transaction(async (tx) => {
    for (const id of ids) {
      const [held] = await tx
        .update(beats)
        .set({ reservedBy: buyer.id, reservedUntil: until })
        .where(
          and(
            eq(beats.id, id),
            eq(beats.beatType, 'Exclusive'),
            isListed,
            or(isNull(beats.reservedBy), eq(beats.reservedBy, buyer.id), lte(beats.reservedUntil, now)),
          ),
        )
        .returning({ id: beats.id });
      if (held) continue;
      const [beat] = await tx.select().from(beats).where(eq(beats.id, id)).limit(1);
      if (!beat || beat.soldAt) throw conflict(`${beat?.title ?? 'This beat'} has already been sold.`);
      if (!isListedBeat(beat) || beat.beatType !== 'Exclusive') throw conflict(`${beat.title} is no longer for sale as an exclusive.`);
      throw conflict(heldMessage(beat, now));
    }
  });
  return ids;
}

async function releaseHolds(deps: Deps, buyerId: string, beatIds: string[], until: Date): Promise<void> {
  if (beatIds.length === 0) return;
  await deps.db
    .update(beats)
    .set({ reservedBy: null, reservedUntil: null })
    .where(and(inArray(beats.id, beatIds), eq(beats.reservedBy, buyerId), eq(beats.reservedUntil, until)));
}

// ── Opening a checkout ─────────────────────────────────────────────────────────────────

export async function openCheckout(
  deps: Deps,
  ctx: CheckoutContext,
  sessionType: SessionType,
  planned: PlannedItem[],
  options: { coupon?: string | undefined } = {},
): Promise<{ id: string; url: string }> {
  if (planned.length === 0) throw badRequest('Please select at least one item to purchase.');
  const { user } = ctx;
  const now = deps.clock.now();
  const checkoutId = randomUUID();
  const reservedUntil = new Date(now.getTime() + RESERVATION_MS);
  const expiresAt = new Date(now.getTime() + (deps.payments.kind === 'stripe' ? STRIPE_SESSION_MS : RESERVATION_MS));

  // The buyer's own earlier checkout with the code ends first: the newest one is the one that holds it.
  const asked = options.coupon ? await findCoupon(deps.db, options.coupon) : null;
  if (asked && (asked.maxRedemptions !== null || asked.perBuyerLimit !== null)) await endCheckoutsWithCoupon(deps, user.id, asked.id, ctx.log);

  // The deals, by the one stacking rule (docs/product/deals.md#stacking): a code that does not apply is refused here.
  const deals = await priceWithDeals(deps.db, { userId: user.id, sessionType, lines: orderLinesOf(planned), code: options.coupon, now, found: asked });
  if (deals.asked && !deals.asked.applied) {
    // A kept code that will never apply again leaves the cart; the 409's message says why (docs/product/deals.md#a-code-kept-with-the-cart).
    await forgetRefusedCoupon(deps.db, user.id, sessionType, deals.asked);
    throw conflict(deals.asked.message!);
  }
  const bulkDeal = deals.bulk && deals.order.bulkCents > 0 ? bulkDealName(deals.bulk) : null;
  const items: PricedItem[] = planned.map((item, i) => {
    const line = deals.order.lines[i]!;
    return {
      ...item,
      bulkCents: line.bulkCents,
      couponCents: line.couponCents,
      chargedCents: line.totalCents,
      notes: dealNotes({ listPriceCents: line.priceCents, bulkCents: line.bulkCents, couponCents: line.couponCents }, bulkDeal, deals.coupon?.code ?? null),
    };
  });
  const coupon = deals.coupon;

  const held = await reserveExclusives(deps, user, items, reservedUntil, ctx.log);
  if (coupon) {
    try {
      await holdRedemption(deps.db, { couponId: coupon.id, checkoutId, userId: user.id, discountCents: deals.order.couponCents, now });
    } catch (error) {
      await releaseHolds(deps, user.id, held, reservedUntil);
      throw error;
    }
  }
  const undo = async () => {
    await releaseHolds(deps, user.id, held, reservedUntil);
    if (coupon) await releaseRedemption(deps.db, checkoutId, now);
  };

  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      checkoutId,
      email: user.email,
      currency: 'usd',
      // Each line at what it is charged, its name saying the deal; a free line stays in (Stripe takes no-cost lines).
      lineItems: items.map((item) => ({ name: nameWithDeals(lineName(item), item.notes), description: item.description, amountCents: item.chargedCents })),
      successUrl: `${ctx.origin}/paymentConfirm?session_id={CHECKOUT_SESSION_ID}`,
      // The cart page ends this checkout when the buyer comes back from it (docs/product/offers-and-prices.md#reservations).
      cancelUrl: `${ctx.origin}/cart?cancelled_checkout=${checkoutId}`,
      expiresAt,
      metadata: { sessionType, userId: user.id, ...(coupon ? { coupon: coupon.code } : {}) },
    });
  } catch (error) {
    await undo();
    throw error;
  }
  if (!session.url) throw new Error('the payment provider answered a checkout session without a url');

  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(checkouts).values({
        id: checkoutId,
        provider: deps.payments.kind,
        providerSessionId: session.id,
        userId: user.id,
        email: user.email,
        sessionType,
        amountCents: deals.order.totalCents,
        currency: 'usd',
        url: session.url!,
        createdAt: now,
        expiresAt: session.expiresAt,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        bulkDeal,
      });
      await tx.insert(checkoutItems).values(
        items.map((item) => ({
          checkoutId,
          kind: item.kind,
          beatId: item.beat?.id ?? null,
          title: item.title,
          priceCents: item.chargedCents,
          listPriceCents: item.priceCents,
          bulkCents: item.bulkCents,
          couponCents: item.couponCents,
          // The terms the buyer was shown are the terms sold (docs/product/licenses.md#terms).
          termsId: currentTermsId(item.kind),
          upgradesPurchaseId: item.upgrades?.purchaseId ?? null,
        })),
      );
    });
  } catch (error) {
    await deps.payments.expireCheckoutSession(session.id).catch(() => null);
    await undo();
    throw error;
  }
  ctx.log.info({ checkoutId, sessionId: session.id, sessionType, items: items.length, coupon: coupon?.code }, 'checkout opened');
  return { id: session.id, url: session.url };
}

// ── Settling: the webhook and the success page ─────────────────────────────────────────

async function findCheckout(deps: Deps, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, deps.payments.kind), eq(checkouts.providerSessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

/**
 * A verified webhook: the provider's event is applied once. Unknown sessions and events this store does
 * not act on are logged and acknowledged (a 2xx stops the provider from retrying).
 */
export async function handlePaymentWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
  log: Log,
): Promise<{ received: true; outcome: string }> {
  const event = await deps.payments.constructEvent(rawBody, signature, deps.clock.now());
  if (!event.session || !checkoutEventTypes.has(event.type)) {
    log.info({ eventId: event.id, type: event.type }, 'webhook event ignored');
    return { received: true, outcome: 'ignored' };
  }
  const checkout = await findCheckout(deps, event.session.id);
  if (!checkout) {
    log.warn({ eventId: event.id, type: event.type, sessionId: event.session.id }, 'webhook for an unknown checkout session');
    return { received: true, outcome: 'unknown-session' };
  }
  if (event.type === 'checkout.session.expired') {
    log.info({ eventId: event.id, checkoutId: checkout.id }, 'checkout session expired');
  }
  const result = await settleCheckout(deps, checkout, event.session, { event, log });
  if (result.duplicateEvent) return { received: true, outcome: 'duplicate' };
  if (result.state === 'expired') await turnOverEndedExclusives(deps);
  return { received: true, outcome: result.state };
}

/** The success page: settles the caller's session with the provider's current view (a lost webhook loses nothing). */
export async function confirmCheckout(
  deps: Deps,
  caller: UserRow,
  sessionId: string,
  log: Log,
): Promise<ConfirmCheckoutResponse> {
  const checkout = await findCheckout(deps, sessionId);
  if (!checkout) throw notFound('This checkout does not exist.');
  if (checkout.userId !== caller.id && !caller.isAdmin) throw forbidden('This checkout belongs to another account.');

  let settled = checkout;
  if (!checkout.fulfilledAt) {
    const session = await deps.payments.retrieveCheckoutSession(sessionId);
    if (session) settled = (await settleCheckout(deps, checkout, session, { log })).checkout;
  }
  const state = stateOf(settled);
  const replaced = alias(purchases, 'replaced');
  const items =
    state === 'paid'
      ? (
          await deps.db
            .select({ purchase: purchases, replacedPaidCents: replaced.priceCents, item: checkoutItems })
            .from(purchases)
            .leftJoin(replaced, eq(replaced.supersededBy, purchases.id))
            .leftJoin(
              checkoutItems,
              and(
                eq(checkoutItems.checkoutId, purchases.checkoutId),
                eq(checkoutItems.kind, purchases.kind),
                sql`${checkoutItems.beatId} is not distinct from ${purchases.beatId}`,
              ),
            )
            .where(eq(purchases.checkoutId, settled.id))
            .orderBy(asc(purchases.title))
        ).map(({ purchase: p, replacedPaidCents, item }) => ({
          title: nameWithDeals(
            replacedPaidCents === null ? p.title : upgradeLabel(p.title, replacedPaidCents),
            item ? dealNotes(item, settled.bulkDeal, settled.couponCode) : [],
          ),
          kind: p.kind,
          price: centsToDollars(p.priceCents),
          refunded: p.refundedAt !== null,
        }))
      : (await checkoutLines(deps.db, settled.id)).map((line) => ({
          title: line.title,
          kind: line.kind,
          price: centsToDollars(line.priceCents),
          refunded: false,
        }));
  return { checkoutId: settled.id, status: state, sessionType: settled.sessionType, total: centsToDollars(settled.amountCents), items };
}

// ── Ending a checkout: its exclusives are free again at once ───────────────────────────

/**
 * Ends an open checkout at the provider and settles what the provider then says: expired (its exclusives
 * are released at once) or, if the buyer paid meanwhile, fulfilled. A checkout already settled is left as it is.
 */
async function endCheckout(deps: Deps, checkout: CheckoutRow, log: Log) {
  if (checkout.fulfilledAt || checkout.status !== 'open') return stateOf(checkout);
  const session = await deps.payments.expireCheckoutSession(checkout.providerSessionId);
  if (!session) return stateOf(checkout);
  const settled = await settleCheckout(deps, checkout, session, { log });
  if (settled.state === 'expired') {
    log.info({ checkoutId: checkout.id }, 'checkout cancelled');
    // An exclusive whose countdown ended while it was held turns over now, not when the hold would have lapsed.
    await turnOverEndedExclusives(deps);
  }
  return settled.state;
}

/**
 * The buyer left the checkout (its cancel link, or the store's cart page it returns to): the checkout ends and
 * its exclusives are free for everyone at once (docs/product/offers-and-prices.md#reservations).
 * `ref` is the provider's session id or the store's own checkout id.
 */
export async function cancelCheckout(deps: Deps, caller: UserRow | null, ref: string, log: Log): Promise<{ status: CheckoutState }> {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
  const [checkout] = await deps.db
    .select()
    .from(checkouts)
    .where(byId ? eq(checkouts.id, ref) : and(eq(checkouts.provider, deps.payments.kind), eq(checkouts.providerSessionId, ref)))
    .limit(1);
  if (!checkout) throw notFound('This checkout does not exist.');
  if (caller && checkout.userId !== caller.id && !caller.isAdmin) throw forbidden('This checkout belongs to another account.');
  return { status: await endCheckout(deps, checkout, log) };
}

/** The buyer's open checkouts holding a coupon end, so a new checkout with the code can take its hold. */
async function endCheckoutsWithCoupon(deps: Deps, userId: string, couponId: string, log: Log): Promise<void> {
  const open = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.couponId, couponId),
        eq(checkouts.status, 'open'),
        isNull(checkouts.fulfilledAt),
        eq(checkouts.provider, deps.payments.kind),
      ),
    );
  for (const checkout of open) await endCheckout(deps, checkout, log);
}

/**
 * The buyer took an exclusive out of their cart: every open checkout of theirs that holds it ends, so the
 * beat is free again at once (docs/product/offers-and-prices.md#reservations).
 */
export async function endCheckoutsHolding(deps: Deps, userId: string, beatId: string, log: Log): Promise<number> {
  const open = await deps.db
    .selectDistinct({ checkout: checkouts })
    .from(checkouts)
    .innerJoin(checkoutItems, eq(checkoutItems.checkoutId, checkouts.id))
    .where(
      and(
        eq(checkoutItems.beatId, beatId),
        eq(checkoutItems.kind, 'exclusive'),
        eq(checkouts.userId, userId),
        eq(checkouts.status, 'open'),
        isNull(checkouts.fulfilledAt),
        eq(checkouts.provider, deps.payments.kind),
      ),
    );
  for (const { checkout } of open) await endCheckout(deps, checkout, log);
  return open.length;
}
