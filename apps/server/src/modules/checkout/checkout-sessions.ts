/**
 * A checkout's session at the payment provider, from open to end: opened at the planned prices with its exclusives and
 * its coupon held, confirmed by the success page, or ended early (the buyer leaves it, takes a held exclusive out of the
 * cart, or opens a newer checkout with the same limited coupon). Whatever the provider then says is settled by
 * fulfilment.service.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { ConfirmCheckoutResponse, SessionType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { checkoutItems, checkouts, type BeatRow, type CheckoutRow, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { keyedTurns } from '../../lib/keyed-turns.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { turnOverEndedExclusives } from '../countdown/countdown.service.js';
import { currentTermsId } from '../licences/licence-terms.service.js';
import { findCoupon, holdRedemption, releaseRedemption } from '../deals/pricing.js';
import { checkoutLines, lineDescription, lineName, paidLines } from './checkout-lines.js';
import { holdExclusives, releaseHolds, RESERVATION_MS } from './exclusive-holds.js';
import { settleCheckout, stateOf, type CheckoutState, type Log } from './fulfilment.service.js';
import { plannedUpgradeName, pricePlan, type PlannedItem, type PricedItem, type PricedPlan } from './plan-checkout.js';

/**
 * Stripe refuses sessions that end sooner than 30 minutes after it creates them, so its sessions get one
 * more minute; a payment in that minute is settled like any late payment (sold, or refunded).
 */
const STRIPE_SESSION_MS = RESERVATION_MS + 60_000;

export interface CheckoutContext {
  user: UserRow;
  /** Absolute origin of the store for the provider's return URLs (PUBLIC_URL, else the request's). */
  origin: string;
  log: Log;
}

/** Our checkout of a provider session, if any. */
export async function checkoutOfSession(deps: Deps, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, deps.payments.kind), eq(checkouts.providerSessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

function assertBuyerOrAdmin(checkout: CheckoutRow, caller: UserRow): void {
  if (checkout.userId !== caller.id && !caller.isAdmin) throw forbidden('This checkout belongs to another account.');
}

// ── Opening ────────────────────────────────────────────────────────────────────────────

/** Holds the checkout's exclusives for the buyer, after ending other buyers' lapsed sessions on them. */
async function holdExclusivesOf(deps: Deps, buyerId: string, items: PlannedItem[], until: Date, log: Log): Promise<string[]> {
  const exclusives = items.flatMap((item) => (item.kind === 'exclusive' && item.beat ? [item.beat] : []));
  if (exclusives.length === 0) return [];
  const now = deps.clock.now();
  for (const beat of exclusives) await endLapsedHold(deps, beat, buyerId, now, log);
  return holdExclusives(deps.db, buyerId, exclusives.map((beat) => beat.id), until, now);
}

// ── One open checkout per order (docs/product/offers-and-prices.md#one-open-checkout-per-order) ───

/**
 * A buyer's checkouts open one at a time in a process (one database client each); between processes the unique index of
 * open checkouts per buyer and items decides, and the process that comes second answers the first one's checkout.
 */
const buyerTurns = new WeakMap<Deps['db'], ReturnType<typeof keyedTurns>>();

function turnsOf(deps: Deps): ReturnType<typeof keyedTurns> {
  let turns = buyerTurns.get(deps.db);
  if (!turns) buyerTurns.set(deps.db, (turns = keyedTurns()));
  return turns;
}

/** What a checkout buys, as one key: its type, its items at their list prices (and the lease an upgrade replaces), its coupon. */
function itemsKeyOf(sessionType: SessionType, items: PlannedItem[], coupon: string): string {
  const lines = items.map((item) => [item.kind, item.beat?.id ?? '', item.priceCents, item.upgrades?.purchaseId ?? '', item.tier?.key ?? ''].join(':')).sort();
  return createHash('sha256').update([sessionType, coupon, ...lines].join('|')).digest('hex');
}

const openForItems = (deps: Deps, userId: string, itemsKey: string) =>
  and(eq(checkouts.userId, userId), eq(checkouts.itemsKey, itemsKey), openAtProvider(deps));

/** The buyer's open checkout for these items that can still be paid with its exclusives held, if any. */
async function liveCheckoutFor(deps: Deps, userId: string, itemsKey: string, now: Date): Promise<CheckoutRow | null> {
  const [row] = await deps.db.select().from(checkouts).where(openForItems(deps, userId, itemsKey)).limit(1);
  if (!row || row.expiresAt <= now || row.createdAt.getTime() + RESERVATION_MS <= now.getTime()) return null;
  return row;
}

/** An open checkout that lapsed, or whose deals now come out differently, stays as it is but no longer answers for its items. */
async function retireItemsKey(deps: Deps, userId: string, itemsKey: string): Promise<void> {
  await deps.db.update(checkouts).set({ itemsKey: null }).where(openForItems(deps, userId, itemsKey));
}

const sameOutcome = (row: CheckoutRow, priced: PricedPlan) =>
  row.amountCents === priced.order.totalCents && row.couponId === (priced.coupon?.id ?? null) && row.bulkDeal === priced.bulkDeal;

/** Another process opened the same order for the buyer first: its checkout is the one answered. */
class SameOrderOpened extends Error {}

async function recordCheckout(deps: Deps, checkout: typeof checkouts.$inferInsert, items: PricedItem[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [written] = await tx.insert(checkouts).values(checkout).onConflictDoNothing().returning({ id: checkouts.id });
    if (!written) throw new SameOrderOpened();
    await tx.insert(checkoutItems).values(
      items.map((item) => ({
        checkoutId: checkout.id!,
        kind: item.kind,
        beatId: item.beat?.id ?? null,
        title: item.title,
        priceCents: item.chargedCents,
        listPriceCents: item.priceCents,
        bulkCents: item.bulkCents,
        couponCents: item.couponCents,
        // The terms the buyer was shown are the terms sold (docs/product/licenses.md#terms).
        termsId: currentTermsId(item.tier?.key ?? item.kind),
        tier: item.tier?.key ?? null,
        upgradesPurchaseId: item.upgrades?.purchaseId ?? null,
      })),
    );
  });
}

/**
 * Opens a hosted checkout for planned items: priced with the deals, its exclusives and coupon held for the buyer, the
 * provider's session created, then the checkout written. A step that fails gives back what the steps before it took.
 * The buyer's open checkout for the same order is answered instead of a new one
 * (docs/product/offers-and-prices.md#one-open-checkout-per-order).
 */
export async function openCheckout(
  deps: Deps,
  ctx: CheckoutContext,
  sessionType: SessionType,
  planned: PlannedItem[],
  options: { coupon?: string | undefined } = {},
): Promise<{ id: string; url: string }> {
  if (planned.length === 0) throw badRequest('Please select at least one item to purchase.');
  return turnsOf(deps)(ctx.user.id, () => openOrAnswer(deps, ctx, sessionType, planned, options));
}

async function openOrAnswer(
  deps: Deps,
  ctx: CheckoutContext,
  sessionType: SessionType,
  planned: PlannedItem[],
  options: { coupon?: string | undefined },
): Promise<{ id: string; url: string }> {
  const { user, log } = ctx;
  const now = deps.clock.now();
  const checkoutId = randomUUID();
  const reservedUntil = new Date(now.getTime() + RESERVATION_MS);
  const expiresAt = new Date(now.getTime() + (deps.payments.kind === 'stripe' ? STRIPE_SESSION_MS : RESERVATION_MS));

  const asked = options.coupon ? await findCoupon(deps.db, options.coupon) : null;
  const itemsKey = itemsKeyOf(sessionType, planned, asked?.id ?? options.coupon?.trim().toUpperCase() ?? '');
  const live = await liveCheckoutFor(deps, user.id, itemsKey, now);
  const limited = asked !== null && (asked.maxRedemptions !== null || asked.perBuyerLimit !== null);
  // An open checkout holding a limited code already holds its redemption: it is the one the buyer gets back.
  if (live && limited) return answered(live, log);
  // Otherwise the buyer's own earlier checkout with a limited code ends first: the newest one is the one that holds it.
  if (limited) await endCheckoutsWithCoupon(deps, user.id, asked.id, log);

  // A code that does not apply is refused here, the 409 saying why (docs/product/deals.md#stacking).
  const priced = await pricePlan(deps, { userId: user.id, sessionType, items: planned, code: options.coupon, now, found: asked });
  if (priced.asked && !priced.asked.applied) throw conflict(priced.asked.message!);
  if (live && sameOutcome(live, priced)) return answered(live, log);
  await retireItemsKey(deps, user.id, itemsKey);
  const { items, coupon } = priced;

  const held = await holdExclusivesOf(deps, user.id, items, reservedUntil, log);
  if (coupon) {
    try {
      await holdRedemption(deps.db, { couponId: coupon.id, checkoutId, userId: user.id, discountCents: priced.order.couponCents, now });
    } catch (error) {
      await releaseHolds(deps.db, user.id, held, reservedUntil);
      throw error;
    }
  }
  const undo = async () => {
    await releaseHolds(deps.db, user.id, held, reservedUntil);
    if (coupon) await releaseRedemption(deps.db, checkoutId, now);
  };

  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      checkoutId,
      email: user.email,
      currency: 'usd',
      // Each line at what it is charged, its name saying the deal; a free line stays in (Stripe takes no-cost lines).
      lineItems: items.map((item) => ({
        name: lineName(item.title, plannedUpgradeName(item), item.notes),
        description: lineDescription(item.kind, item.tier),
        amountCents: item.chargedCents,
      })),
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
  const url = session.url;
  if (!url) throw new Error('the payment provider answered a checkout session without a url');

  try {
    await recordCheckout(
      deps,
      {
        id: checkoutId,
        provider: deps.payments.kind,
        providerSessionId: session.id,
        userId: user.id,
        email: user.email,
        sessionType,
        amountCents: priced.order.totalCents,
        currency: 'usd',
        url,
        createdAt: now,
        expiresAt: session.expiresAt,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        bulkDeal: priced.bulkDeal,
        itemsKey,
      },
      items,
    );
  } catch (error) {
    await deps.payments.expireCheckoutSession(session.id).catch(() => null);
    if (error instanceof SameOrderOpened) {
      // The same items: the exclusives stay held, now for the checkout that was written.
      if (coupon) await releaseRedemption(deps.db, checkoutId, now);
      const first = await liveCheckoutFor(deps, user.id, itemsKey, now);
      if (first) return answered(first, log);
      throw conflict('Another checkout of yours for these items was opening at the same moment: please try again.');
    }
    await undo();
    throw error;
  }
  log.info({ checkoutId, sessionId: session.id, sessionType, items: items.length, coupon: coupon?.code }, 'checkout opened');
  return { id: session.id, url };
}

function answered(row: CheckoutRow, log: Log): { id: string; url: string } {
  log.info({ checkoutId: row.id, sessionId: row.providerSessionId }, 'open checkout answered again');
  return { id: row.providerSessionId, url: row.url };
}

// ── Confirming: the success page ───────────────────────────────────────────────────────

/** The success page: settles the caller's session with the provider's current view (a lost webhook loses nothing). */
export async function confirmCheckout(deps: Deps, caller: UserRow, sessionId: string, log: Log): Promise<ConfirmCheckoutResponse> {
  const checkout = await checkoutOfSession(deps, sessionId);
  if (!checkout) throw notFound('This checkout does not exist.');
  assertBuyerOrAdmin(checkout, caller);

  let settled = checkout;
  if (!checkout.fulfilledAt) {
    const session = await deps.payments.retrieveCheckoutSession(sessionId);
    if (session) settled = (await settleCheckout(deps, checkout, session, { log })).checkout;
  }
  const state = stateOf(settled);
  const lines =
    state === 'paid' ? await paidLines(deps.db, settled) : (await checkoutLines(deps.db, settled.id)).map((line) => ({ ...line, refunded: false }));
  return {
    checkoutId: settled.id,
    status: state,
    sessionType: settled.sessionType,
    total: centsToDollars(settled.amountCents),
    items: lines.map((line) => ({
      title: line.title,
      kind: line.kind,
      price: centsToDollars(line.priceCents),
      refunded: line.refunded,
      ...(line.tier ? { tier: line.tier } : {}),
    })),
  };
}

// ── Ending early: its exclusives are free again at once ────────────────────────────────

const openAtProvider = (deps: Deps) => and(eq(checkouts.status, 'open'), isNull(checkouts.fulfilledAt), eq(checkouts.provider, deps.payments.kind));

/** Open checkouts holding the exclusive `beatId`, of the buyers `buyers` picks. */
async function openCheckoutsHolding(deps: Deps, beatId: string, buyers: SQL): Promise<CheckoutRow[]> {
  const rows = await deps.db
    .selectDistinct({ checkout: checkouts })
    .from(checkouts)
    .innerJoin(checkoutItems, eq(checkoutItems.checkoutId, checkouts.id))
    .where(and(eq(checkoutItems.beatId, beatId), eq(checkoutItems.kind, 'exclusive'), buyers, openAtProvider(deps)));
  return rows.map((row) => row.checkout);
}

/**
 * Ends an open checkout at the provider and settles what the provider then says: expired (its exclusives
 * are released at once) or, if the buyer paid meanwhile, fulfilled. A checkout already settled is left as it is.
 */
async function endCheckout(deps: Deps, checkout: CheckoutRow, log: Log): Promise<CheckoutState> {
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

const checkoutIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The buyer left the checkout (its cancel link, or the store's cart page it returns to): the checkout ends and
 * its exclusives are free for everyone at once (docs/product/offers-and-prices.md#reservations).
 * `ref` is the provider's session id or the store's own checkout id.
 */
export async function cancelCheckout(deps: Deps, caller: UserRow | null, ref: string, log: Log): Promise<{ status: CheckoutState }> {
  const [checkout] = checkoutIdPattern.test(ref)
    ? await deps.db.select().from(checkouts).where(eq(checkouts.id, ref)).limit(1)
    : [await checkoutOfSession(deps, ref)];
  if (!checkout) throw notFound('This checkout does not exist.');
  if (caller) assertBuyerOrAdmin(checkout, caller);
  return { status: await endCheckout(deps, checkout, log) };
}

/** The buyer's open checkouts holding a coupon end, so a new checkout with the code can take its hold. */
async function endCheckoutsWithCoupon(deps: Deps, userId: string, couponId: string, log: Log): Promise<void> {
  const open = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.couponId, couponId), openAtProvider(deps)));
  for (const checkout of open) await endCheckout(deps, checkout, log);
}

/**
 * The buyer took an exclusive out of their cart: every open checkout of theirs that holds it ends, so the
 * beat is free again at once (docs/product/offers-and-prices.md#reservations).
 */
export async function endCheckoutsHolding(deps: Deps, userId: string, beatId: string, log: Log): Promise<number> {
  const open = await openCheckoutsHolding(deps, beatId, eq(checkouts.userId, userId));
  for (const checkout of open) await endCheckout(deps, checkout, log);
  return open.length;
}

/**
 * Another buyer's lapsed hold on an exclusive may still have an open session at the provider (Stripe keeps
 * them a minute longer): those sessions end first, and any that turn out to be paid are settled.
 */
async function endLapsedHold(deps: Deps, beat: BeatRow, buyerId: string, now: Date, log: Log): Promise<void> {
  if (!beat.reservedBy || beat.reservedBy === buyerId || !beat.reservedUntil || beat.reservedUntil > now) return;
  for (const checkout of await openCheckoutsHolding(deps, beat.id, ne(checkouts.userId, buyerId))) {
    const session = await deps.payments.expireCheckoutSession(checkout.providerSessionId);
    if (session) await settleCheckout(deps, checkout, session, { log });
  }
}
