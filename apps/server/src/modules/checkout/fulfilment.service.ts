/**
 * Settling a checkout with what the payment provider says about its session: fulfilment (purchases,
 * entitlements, VIP, the exclusive sold, carts emptied) in ONE transaction, exactly once per checkout —
 * whether the news comes from a webhook event (once per event id: processed_events) or from the success
 * page (the conditional update on checkouts.fulfilled_at). An item that cannot be delivered (an exclusive
 * someone else already bought, a duplicate) is refunded through the payments interface and the buyer told.
 * What follows a fulfilment is committed with it (docs/background-jobs.md): the receipt and the "New sale" notice are
 * written in its transaction, and each refund is queued there as a job (refunds.service.ts).
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { isListed } from '../beats/listing.js';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import {
  beats,
  cartItems,
  checkoutItems,
  checkouts,
  entitlements,
  processedEvents,
  purchases,
  refunds,
  stemsCartItems,
  users,
  type CheckoutRow,
  type PurchaseKind,
  type UserRow,
} from '../../db/schema.js';
import type { PaymentEvent, ProviderSession } from '../../adapters/payments/payments.js';
import { sendReceipt, sendSaleNotice, type ReceiptLine } from './receipts.js';
import { queueRefunds } from './refunds.service.js';
import { releaseCheckoutHolds } from './exclusive-holds.js';
import { queueExclusivesSold } from './sold-exclusives.js';
import { lineName, upgradeName } from './checkout-lines.js';
import { allTiers } from '../offers/tier-offers.js';
import { isBuiltInTier, type FileType } from '@beat/shared';
import { currentTermsId } from '../licences/licence-terms.service.js';
import { dealNotes, redeemAtFulfilment, releaseRedemption } from '../deals/pricing.js';
import { cartOfSession, forgetCoupon } from '../deals/kept-coupons.js';

/** The few logger methods the settlement uses (pino's request logger fits). */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type CheckoutState = 'paid' | 'processing' | 'open' | 'expired' | 'failed';

export interface SettleResult {
  checkout: CheckoutRow;
  state: CheckoutState;
  /** This call fulfilled the checkout (false when it was fulfilled before, or is not paid). */
  fulfilledNow: boolean;
  /** The event id was processed before: nothing was changed. */
  duplicateEvent: boolean;
}

/** Events that move a checkout; every other event is acknowledged and ignored. */
export const checkoutEventTypes = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export function stateOf(checkout: CheckoutRow): CheckoutState {
  if (checkout.fulfilledAt) return 'paid';
  if (checkout.paymentStatus === 'failed') return 'failed';
  if (checkout.status === 'expired') return 'expired';
  if (checkout.status === 'complete') return 'processing';
  return 'open';
}

interface Delivered extends ReceiptLine {
  refundReason: string | null;
  /** The refund recorded for the line (none when the line cost nothing). */
  refundId: string | null;
}

interface Fulfilment {
  checkout: CheckoutRow;
  lines: Delivered[];
  /** The coupon this paid checkout took past its limit (its hold had lapsed): honoured, and logged. */
  overLimitCoupon: string | null;
}

/**
 * Drops a checkout's exclusive reservations (expired or failed payment), unless a newer checkout of the buyer holds them,
 * and its hold on a coupon (docs/product/deals.md#redemptions).
 */
async function releaseReservations(tx: Tx, checkout: CheckoutRow, now: Date): Promise<void> {
  if (checkout.couponId) await releaseRedemption(tx, checkout.id, now);
  await releaseCheckoutHolds(tx, checkout);
}

/** The store's tiers as a fulfilment names and grants them. */
interface TierBook {
  names: Map<string, string>;
  tierFiles: Map<string, FileType[]>;
}

async function grantItem(
  tx: Tx,
  checkout: CheckoutRow,
  user: UserRow | null,
  item: typeof checkoutItems.$inferSelect,
  now: Date,
  { names, tierFiles }: TierBook,
): Promise<Delivered> {
  let refundReason: string | null = null;
  if (!user) refundReason = `The account that started this checkout was closed before the payment completed.`;

  // An upgrade's price counted the lease as paid: it must still be in force (docs/product/licenses.md#upgrades).
  const [lease] = item.upgradesPurchaseId
    ? await tx.select().from(purchases).where(eq(purchases.id, item.upgradesPurchaseId)).for('update').limit(1)
    : [];
  if (!refundReason && item.upgradesPurchaseId && (!lease || lease.refundedAt || lease.supersededAt)) {
    const held = !lease || lease.tier === 'lease' ? 'MP3 lease' : (names.get(lease.tier ?? '') ?? 'license');
    refundReason = `The ${held} of ${item.title} this upgrade builds on was refunded or upgraded before your payment completed, so the upgrade price no longer held.`;
  }

  if (!refundReason && item.kind === 'exclusive') {
    const [sold] = item.beatId
      ? await tx
          .update(beats)
          .set({ soldAt: now, reservedBy: null, reservedUntil: null, updatedAt: now })
          .where(and(eq(beats.id, item.beatId), eq(beats.beatType, 'Exclusive'), isListed))
          .returning({ id: beats.id })
      : [];
    if (!sold) {
      refundReason = `${item.title} was sold to another buyer (or its exclusive offer ended) before your payment completed, so we could not sell it to you.`;
    }
  }
  if (!refundReason && (item.kind === 'lease' || item.kind === 'stems') && !item.beatId) {
    refundReason = `${item.title} was removed from the store before your payment completed.`;
  }

  const [purchase] = await tx
    .insert(purchases)
    .values({
      checkoutId: checkout.id,
      userId: checkout.userId,
      buyerEmail: user?.email ?? checkout.email,
      buyerName: user?.fullName ?? checkout.email,
      sessionType: checkout.sessionType,
      kind: item.kind,
      beatId: item.beatId,
      title: item.title,
      priceCents: item.priceCents,
      currency: checkout.currency,
      provider: checkout.provider,
      purchasedAt: now,
      refundedAt: refundReason ? now : null,
      // The terms the buyer was shown when the checkout opened; older checkouts get the terms in force now.
      termsId: item.termsId ?? currentTermsId(item.tier ?? item.kind),
      tier: item.tier,
    })
    .returning();

  if (!refundReason && user) {
    if (item.kind === 'vipPlan') {
      const [upgraded] = await tx
        .update(users)
        .set({ userType: 'vipUser', updatedAt: now })
        .where(and(eq(users.id, user.id), ne(users.userType, 'vipUser')))
        .returning({ id: users.id });
      if (!upgraded) refundReason = `You were already a VIP Member when this payment for the ${item.title} completed, so it was paid twice.`;
    } else if (item.beatId) {
      const [granted] = await tx
        .insert(entitlements)
        .values({
          userId: user.id,
          beatId: item.beatId,
          // A tier other than the MP3 Lease and the Exclusive is its own row, with its files as sold (docs/product/entitlements.md).
          source: item.kind === 'stems' || !item.tier || isBuiltInTier(item.tier) ? item.kind : item.tier,
          files: item.tier && !isBuiltInTier(item.tier) ? (tierFiles.get(item.tier) ?? null) : null,
          purchaseId: purchase!.id,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ beatId: entitlements.beatId });
      if (!granted) {
        refundReason =
          item.kind === 'stems'
            ? `You already had the stems of ${item.title}, so they were paid twice.`
            : `You already owned ${item.title}, so it was paid twice.`;
      }
    }
    if (refundReason) await tx.update(purchases).set({ refundedAt: now }).where(eq(purchases.id, purchase!.id));
  }

  if (!refundReason && lease) {
    await tx.update(purchases).set({ supersededAt: now, supersededBy: purchase!.id }).where(eq(purchases.id, lease.id));
  }
  // What was paid for the line goes back; a line the deals made free cost nothing, so there is nothing to send back.
  const [refund] =
    refundReason && item.priceCents > 0
      ? await tx
          .insert(refunds)
          .values({ checkoutId: checkout.id, amountCents: item.priceCents, reason: refundReason, createdAt: now })
          .returning({ id: refunds.id })
      : [];
  const title = lineName(item.title, upgradeName(names, lease?.priceCents, lease?.tier, item.tier), dealNotes(item, checkout.bulkDeal, checkout.couponCode));
  return {
    title,
    kind: item.kind,
    tierName: item.tier ? (names.get(item.tier) ?? null) : null,
    priceCents: item.priceCents,
    licenceId: purchase!.licenceId,
    refundReason,
    refundId: refund?.id ?? null,
  };
}

/**
 * The fulfilment itself, inside the caller's transaction, with what follows it: the receipt, the "New sale" notice and
 * a job per refund. Null when the checkout was fulfilled before.
 */
async function fulfilInTx(deps: Deps, tx: Tx, checkout: CheckoutRow, session: ProviderSession, now: Date): Promise<Fulfilment | null> {
  const [claimed] = await tx
    .update(checkouts)
    .set({
      fulfilledAt: now,
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: session.paymentIntentId ?? checkout.paymentIntentId,
    })
    .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.fulfilledAt)))
    .returning();
  if (!claimed) return null;

  const [user] = claimed.userId ? await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1) : [];
  const items = await tx.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, claimed.id));
  // A stable order, so two fulfilments touching the same beats take their row locks in the same order.
  items.sort((a, b) => (a.beatId ?? '').localeCompare(b.beatId ?? '') || a.kind.localeCompare(b.kind));

  const tiers = await allTiers(tx);
  const book: TierBook = { names: new Map(tiers.map((t) => [t.key, t.name])), tierFiles: new Map(tiers.map((t) => [t.key, t.files])) };
  const lines: Delivered[] = [];
  for (const item of items) lines.push(await grantItem(tx, claimed, user ?? null, item, now, book));
  let overLimitCoupon: string | null = null;

  const deliveredIds = (kinds: PurchaseKind[]) =>
    items.filter((item, i) => item.beatId && kinds.includes(item.kind) && !lines[i]!.refundReason).map((item) => item.beatId!);
  const boughtBeats = deliveredIds(['lease', 'exclusive']);
  const boughtStems = deliveredIds(['stems']);
  const soldExclusives = deliveredIds(['exclusive']);

  if (user && boughtBeats.length > 0) {
    await tx.delete(cartItems).where(and(eq(cartItems.userId, user.id), inArray(cartItems.beatId, boughtBeats)));
  }
  if (user && boughtStems.length > 0) {
    await tx.delete(stemsCartItems).where(and(eq(stemsCartItems.userId, user.id), inArray(stemsCartItems.beatId, boughtStems)));
  }
  if (claimed.couponId) {
    // The coupon is used once this checkout is paid; lines refunded at once give back their share (docs/product/deals.md#refunds).
    const refunded = items.filter((_, i) => lines[i]!.refundReason);
    const redeemed = await redeemAtFulfilment(tx, {
      checkoutId: claimed.id,
      refundedCouponCents: refunded.reduce((sum, item) => sum + item.couponCents, 0),
      refundedInFull: refunded.length === items.length,
      now,
    });
    if (redeemed?.overLimit) overLimitCoupon = redeemed.couponId;
    // The code kept with the cart was used by this order (docs/product/deals.md#a-code-kept-with-the-cart).
    const cart = cartOfSession(claimed.sessionType);
    if (user && cart && claimed.couponCode) await forgetCoupon(tx, user.id, cart, claimed.couponCode);
  }
  if (soldExclusives.length > 0) {
    // A sold exclusive stays in other buyers' beat carts, its line saying it was sold and refused at checkout
    // (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid); it leaves every stems cart.
    await tx.delete(stemsCartItems).where(inArray(stemsCartItems.beatId, soldExclusives));
    await queueExclusivesSold(tx, deps.clock, { checkoutId: claimed.id, beatIds: soldExclusives });
  }

  const delivered = lines.filter((l) => !l.refundReason);
  await sendReceipt(deps, tx, {
    to: user?.email ?? claimed.email,
    name: user?.fullName ?? claimed.email,
    orderId: claimed.id,
    paidAt: now,
    delivered,
    refunded: lines.filter((l) => l.refundReason),
  });
  await sendSaleNotice(deps, tx, {
    buyerName: user?.fullName || claimed.email,
    buyerEmail: user?.email ?? claimed.email,
    orderId: claimed.id,
    delivered,
  });
  await queueRefunds(tx, deps.clock, lines.flatMap((l) => (l.refundId ? [l.refundId] : [])));
  return { checkout: claimed, lines, overLimitCoupon };
}

/**
 * Applies the provider's view of a session to our checkout. With an event, the event id is recorded in
 * the same transaction, so a redelivered event changes nothing.
 */
export async function settleCheckout(
  deps: Deps,
  checkout: CheckoutRow,
  session: ProviderSession,
  options: { event?: Pick<PaymentEvent, 'id' | 'type'>; log: Log },
): Promise<SettleResult> {
  const { event, log } = options;
  const now = deps.clock.now();
  const isPaid = session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');

  if (isPaid && session.amountTotal !== null && session.amountTotal !== checkout.amountCents) {
    // Our sessions are created with our amounts; a mismatch means something is badly wrong: deliver nothing.
    log.error(
      { checkoutId: checkout.id, sessionId: session.id, expected: checkout.amountCents, got: session.amountTotal },
      'checkout amount does not match the provider session; not fulfilled',
    );
    return { checkout, state: stateOf(checkout), fulfilledNow: false, duplicateEvent: false };
  }

  const outcome = await deps.db.transaction(async (tx) => {
    if (event) {
      const [fresh] = await tx
        .insert(processedEvents)
        .values({ eventId: event.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      if (!fresh) return { duplicate: true as const };
    }

    if (isPaid) {
      return { duplicate: false as const, fulfilment: await fulfilInTx(deps, tx, checkout, session, now) };
    }
    if (event?.type === 'checkout.session.async_payment_failed') {
      const [failed] = await tx
        .update(checkouts)
        .set({ paymentStatus: 'failed', status: 'complete' })
        .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.fulfilledAt)))
        .returning();
      if (failed) await releaseReservations(tx, failed, now);
    } else if (session.status === 'expired') {
      const [expired] = await tx
        .update(checkouts)
        .set({ status: 'expired' })
        .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.fulfilledAt), ne(checkouts.status, 'complete')))
        .returning();
      if (expired) await releaseReservations(tx, expired, now);
    } else if (session.status === 'complete') {
      // Completed with a delayed payment method: nothing is granted until async_payment_succeeded.
      await tx
        .update(checkouts)
        .set({ status: 'complete', paymentIntentId: session.paymentIntentId ?? checkout.paymentIntentId })
        .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.fulfilledAt), ne(checkouts.paymentStatus, 'failed')));
    }
    return { duplicate: false as const, fulfilment: null };
  });

  const [current] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).limit(1);
  const settled = current ?? checkout;

  if (!outcome.duplicate && outcome.fulfilment) {
    const { lines, overLimitCoupon } = outcome.fulfilment;
    log.info({ checkoutId: checkout.id, sessionId: session.id, items: lines.length }, 'checkout fulfilled');
    if (overLimitCoupon) {
      log.warn({ checkoutId: checkout.id, couponId: overLimitCoupon }, 'coupon redeemed past its limit by a checkout whose hold had lapsed; the discount is honoured');
    }
  }

  return {
    checkout: settled,
    state: stateOf(settled),
    fulfilledNow: !outcome.duplicate && Boolean(outcome.fulfilment),
    duplicateEvent: outcome.duplicate,
  };
}
