/**
 * Offers on exclusives (docs/product/exclusive-offers.md): a buyer offers, the producer accepts, declines or counters, the
 * buyer answers a counter, and an accepted offer is paid at its amount through the checkout within 48 hours, the exclusive
 * held for its buyer meanwhile. Each step moves the offer from the state it was read in or not at all, and writes its
 * e-mails in its transaction.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  OFFER_PAY_HOURS,
  adminOfferStateLabels,
  liveOfferStates,
  offerStateLabels,
  type AdminAnswerBody,
  type BeatOfferTerms,
  type BuyerAnswerBody,
  type ExclusiveOffer,
  type ExclusiveOfferState,
  type MakeOfferBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { beats, checkouts, exclusiveOffers, licenceTiers, users, type BeatRow, type ExclusiveOfferRow, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { enqueueJob } from '../../jobs/job-queue.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { dollarsToCents, formatUsd, saleProblem } from '../offers/offers.js';
import { recordAudit } from '../audit/audit.service.js';
import { holdExclusives, releaseHolds } from '../checkout/exclusive-holds.js';
import { checkoutOfSession, openCheckout, type CheckoutContext } from '../checkout/checkout-sessions.js';
import { tellOfferStep, type OfferStep } from './offer-mail.js';

export const OFFER_PAY_MS = OFFER_PAY_HOURS * 3_600_000;
export const OFFER_EXPIRY_QUEUE = 'exclusive-offers.expire';

/** Against spam (docs/product/limits.md#offers): offers an account makes in a day. Counted per made offer. */
export const offerLimits = {
  perAccount: { name: 'offers', max: 10, windowMs: 24 * 3_600_000, scales: true },
} satisfies Record<string, LimitRule>;

// ── Reading ────────────────────────────────────────────────────────────────────────────

interface OfferView {
  offer: ExclusiveOfferRow;
  beat: Pick<BeatRow, 'id' | 'title' | 'slug' | 'priceCents'>;
  buyer: Pick<UserRow, 'id' | 'fullName' | 'email'>;
}

const viewColumns = {
  offer: exclusiveOffers,
  beat: { id: beats.id, title: beats.title, slug: beats.slug, priceCents: beats.priceCents },
  buyer: { id: users.id, fullName: users.fullName, email: users.email },
};

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function offerDto({ offer, beat, buyer }: OfferView): ExclusiveOffer {
  return {
    _id: offer.id,
    beatId: beat.id,
    beatTitle: beat.title,
    beatSlug: beat.slug,
    listPrice: dollarsOrNull(beat.priceCents),
    state: offer.state,
    amount: centsToDollars(offer.amountCents),
    message: offer.message,
    counterAmount: dollarsOrNull(offer.counterCents),
    counterMessage: offer.counterMessage,
    agreedAmount: dollarsOrNull(offer.agreedCents),
    payBefore: offer.expiresAt?.toISOString() ?? null,
    declinedBy: offer.declinedBy,
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    buyer: { _id: buyer.id, name: buyer.fullName, email: buyer.email },
  };
}

function selectViews(db: Deps['db']) {
  return db.select(viewColumns).from(exclusiveOffers).innerJoin(beats, eq(beats.id, exclusiveOffers.beatId)).innerJoin(users, eq(users.id, exclusiveOffers.buyerId));
}

async function viewOf(deps: Deps, offerId: string): Promise<ExclusiveOffer> {
  const [row] = await selectViews(deps.db).where(eq(exclusiveOffers.id, offerId)).limit(1);
  if (!row) throw notFound('This offer does not exist.');
  return offerDto(row);
}

/** The buyer's offers, newest first (the dashboard's list shows the latest 100). */
export async function listBuyerOffers(deps: Deps, buyer: UserRow): Promise<ExclusiveOffer[]> {
  const rows = await selectViews(deps.db).where(eq(exclusiveOffers.buyerId, buyer.id)).orderBy(desc(exclusiveOffers.createdAt), desc(exclusiveOffers.id)).limit(100);
  return rows.map(offerDto);
}

/** Admin → Offers: every offer, or those in one state, newest first (the latest 200). */
export async function listAllOffers(deps: Deps, state: ExclusiveOfferState | undefined): Promise<ExclusiveOffer[]> {
  const rows = await selectViews(deps.db)
    .where(state ? eq(exclusiveOffers.state, state) : undefined)
    .orderBy(desc(exclusiveOffers.createdAt), desc(exclusiveOffers.id))
    .limit(200);
  return rows.map(offerDto);
}

async function beatById(deps: Deps | { db: Tx }, beatId: string): Promise<BeatRow> {
  const [beat] = await deps.db.select().from(beats).where(eq(beats.id, beatId)).limit(1);
  if (!beat) throw notFound('This beat does not exist.');
  return beat;
}

/** Why an exclusive takes no offers right now, or null (docs/product/exclusive-offers.md#what-takes-offers). */
function offerProblem(beat: BeatRow) {
  if (beat.beatType !== 'Exclusive') return badRequest(`${beat.title} is not an exclusive: offers are made on exclusives only.`);
  const notForSale = saleProblem(beat);
  if (notForSale) return notForSale;
  if (beat.priceCents === null) return badRequest(`${beat.title} has no list price, so it takes no offers.`);
  return null;
}

/** What the beat page shows next to "Make an offer". */
export async function beatOfferTerms(deps: Deps, beatId: string): Promise<BeatOfferTerms> {
  const beat = await beatById(deps, beatId);
  return {
    beatId: beat.id,
    takesOffers: offerProblem(beat) === null,
    minimumOffer: dollarsOrNull(beat.minOfferCents),
    listPrice: dollarsOrNull(beat.priceCents),
  };
}

// ── Steps ──────────────────────────────────────────────────────────────────────────────

const alreadyOffered = (beat: BeatRow) =>
  conflict(`You already have an offer on ${beat.title} that is not settled yet. Find it under Offers on your dashboard.`);

/** A buyer's offer on an exclusive: at least its minimum, below its list price, one live offer per beat, 10 a day. */
export async function makeOffer(deps: Deps, buyer: UserRow, body: MakeOfferBody): Promise<ExclusiveOffer> {
  const beat = await beatById(deps, body.beatId);
  const problem = offerProblem(beat);
  if (problem) throw problem;
  const amountCents = dollarsToCents(body.amount);
  if (beat.minOfferCents !== null && amountCents < beat.minOfferCents) {
    throw badRequest(`The minimum offer for ${beat.title} is ${formatUsd(beat.minOfferCents)}.`);
  }
  if (amountCents >= beat.priceCents!) {
    throw badRequest(`${beat.title} is ${formatUsd(beat.priceCents!)}: an offer is below the list price. Buy it at its price instead.`);
  }
  const [live] = await deps.db
    .select({ id: exclusiveOffers.id })
    .from(exclusiveOffers)
    .where(and(eq(exclusiveOffers.buyerId, buyer.id), eq(exclusiveOffers.beatId, beat.id), inArray(exclusiveOffers.state, liveOfferStates)))
    .limit(1);
  if (live) throw alreadyOffered(beat);
  await deps.limiter.check(offerLimits.perAccount, buyer.id);

  const now = deps.clock.now();
  let made: ExclusiveOfferRow;
  try {
    made = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exclusiveOffers)
        .values({ beatId: beat.id, buyerId: buyer.id, amountCents, message: body.message || null, state: 'open', createdAt: now, updatedAt: now })
        .returning();
      await tellOfferStep(deps, tx, 'made', row!, beat, buyer);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOffered(beat);
    throw error;
  }
  await deps.limiter.record(offerLimits.perAccount, buyer.id);
  return viewOf(deps, made.id);
}

async function offerById(deps: Deps, offerId: string): Promise<ExclusiveOfferRow> {
  const [offer] = await deps.db.select().from(exclusiveOffers).where(eq(exclusiveOffers.id, offerId)).limit(1);
  if (!offer) throw notFound('This offer does not exist.');
  return offer;
}

async function buyersOffer(deps: Deps, caller: UserRow, offerId: string): Promise<ExclusiveOfferRow> {
  const offer = await offerById(deps, offerId);
  if (offer.buyerId !== caller.id) throw forbidden('This offer belongs to another account.');
  return offer;
}

const notAwaiting = (offer: ExclusiveOfferRow, labels: Record<ExclusiveOfferState, string>, who: string) =>
  conflict(`This offer is not awaiting ${who} answer: it is ${labels[offer.state].toLowerCase()}.`);

/**
 * Moves the offer from `from` to the values given, in one transaction with its e-mails (and whatever `also` writes);
 * 409 when it moved meanwhile.
 */
async function step(
  deps: Deps,
  offer: ExclusiveOfferRow,
  from: ExclusiveOfferState,
  values: Partial<typeof exclusiveOffers.$inferInsert>,
  mail: OfferStep,
  also?: (tx: Tx, moved: ExclusiveOfferRow) => Promise<void>,
): Promise<ExclusiveOffer> {
  const now = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(exclusiveOffers)
      .set({ ...values, updatedAt: now })
      .where(and(eq(exclusiveOffers.id, offer.id), eq(exclusiveOffers.state, from)))
      .returning();
    if (!row) return null;
    const beat = await beatById({ db: tx }, row.beatId);
    const [buyer] = await tx.select().from(users).where(eq(users.id, row.buyerId)).limit(1);
    await tellOfferStep(deps, tx, mail, row, beat, buyer!);
    await also?.(tx, row);
    return row;
  });
  if (!moved) throw conflict('This offer changed while you answered it. Reload to see where it stands.');
  return viewOf(deps, moved.id);
}

/**
 * Accepting holds the exclusive for the buyer for 48 hours (the hold of a checkout, docs/product/offers-and-prices.md#reservations)
 * and queues the expiry; refused with 409 when the beat is sold, no longer for sale or held by another buyer's checkout.
 */
async function accept(deps: Deps, offer: ExclusiveOfferRow, from: ExclusiveOfferState, agreedCents: number): Promise<ExclusiveOffer> {
  const beat = await beatById(deps, offer.beatId);
  const problem = offerProblem(beat);
  if (problem) throw conflict(problem.message);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + OFFER_PAY_MS);
  await holdExclusives(deps.db, offer.buyerId, [beat.id], expiresAt, now);
  try {
    return await step(deps, offer, from, { state: 'accepted', agreedCents, expiresAt }, 'accepted', async (tx, moved) => {
      await enqueueJob(tx, deps.clock, OFFER_EXPIRY_QUEUE, { offerId: moved.id }, { runAt: expiresAt, singletonKey: moved.id });
    });
  } catch (error) {
    await releaseHolds(deps.db, offer.buyerId, [beat.id], expiresAt);
    throw error;
  }
}

/** Admin → Offers: accept, decline or counter an open offer. */
export async function answerAsProducer(deps: Deps, offerId: string, body: AdminAnswerBody): Promise<ExclusiveOffer> {
  const offer = await offerById(deps, offerId);
  if (offer.state !== 'open') throw notAwaiting(offer, adminOfferStateLabels, 'your');
  const message = body.message || null;
  if (body.answer === 'accept') return accept(deps, offer, 'open', offer.amountCents);
  if (body.answer === 'decline') return step(deps, offer, 'open', { state: 'declined', declinedBy: 'producer', counterMessage: message }, 'declined');

  const beat = await beatById(deps, offer.beatId);
  const counterCents = dollarsToCents(body.amount!);
  if (counterCents <= offer.amountCents) {
    throw badRequest(`A counter is above the buyer’s offer of ${formatUsd(offer.amountCents)}: to take that amount, accept the offer.`);
  }
  if (beat.priceCents !== null && counterCents > beat.priceCents) {
    throw badRequest(`A counter is at most the list price of ${beat.title}, ${formatUsd(beat.priceCents)}.`);
  }
  return step(deps, offer, 'open', { state: 'countered', counterCents, counterMessage: message }, 'countered');
}

/** The buyer answers the producer's counter: accept (the counter is the amount to pay) or decline. */
export async function answerAsBuyer(deps: Deps, buyer: UserRow, offerId: string, body: BuyerAnswerBody): Promise<ExclusiveOffer> {
  const offer = await buyersOffer(deps, buyer, offerId);
  if (offer.state !== 'countered') throw notAwaiting(offer, offerStateLabels, 'your');
  if (body.answer === 'accept') return accept(deps, offer, 'countered', offer.counterCents!);
  return step(deps, offer, 'countered', { state: 'declined', declinedBy: 'buyer' }, 'declined');
}

/** The buyer takes back an offer the producer has not answered yet. */
export async function withdrawOffer(deps: Deps, buyer: UserRow, offerId: string): Promise<ExclusiveOffer> {
  const offer = await buyersOffer(deps, buyer, offerId);
  if (offer.state !== 'open') {
    throw conflict(`Only an offer awaiting the producer can be withdrawn: this one is ${offerStateLabels[offer.state].toLowerCase()}.`);
  }
  return step(deps, offer, 'open', { state: 'withdrawn' }, 'withdrawn');
}

/**
 * Pays an accepted offer: a checkout of the exclusive at the agreed amount (docs/product/exclusive-offers.md#paying). The
 * checkout holds the exclusive as every checkout does; the offer's 48-hour hold is kept past it, so leaving the checkout
 * does not free the beat.
 */
export async function payOffer(deps: Deps, ctx: CheckoutContext, offerId: string): Promise<{ id: string; url: string }> {
  const offer = await buyersOffer(deps, ctx.user, offerId);
  const now = deps.clock.now();
  if (offer.state !== 'accepted') throw conflict(`This offer cannot be paid: it is ${offerStateLabels[offer.state].toLowerCase()}.`);
  if (!offer.expiresAt || offer.expiresAt <= now) throw conflict('The 48 hours to pay this offer have passed.');
  const beat = await beatById(deps, offer.beatId);
  const problem = saleProblem(beat);
  if (problem) throw problem;
  // The Exclusive tier at the agreed amount: the licence, its files and its terms are the exclusive's.
  const [tier] = await deps.db.select().from(licenceTiers).where(eq(licenceTiers.key, 'exclusive'));
  const item = { kind: 'exclusive' as const, beat, title: beat.title, priceCents: offer.agreedCents!, tier: tier ?? null };
  const session = await openCheckout(deps, ctx, 'exclusive', [item]);
  const checkout = await checkoutOfSession(deps, session.id);
  await deps.db.transaction(async (tx) => {
    if (checkout) await tx.update(exclusiveOffers).set({ checkoutId: checkout.id }).where(eq(exclusiveOffers.id, offer.id));
    await tx
      .update(beats)
      .set({ reservedUntil: sql`greatest(${beats.reservedUntil}, ${offer.expiresAt!.toISOString()}::timestamptz)` })
      .where(and(eq(beats.id, beat.id), eq(beats.reservedBy, offer.buyerId)));
  });
  return session;
}

/** Admin: an exclusive's minimum offer, or none (docs/product/exclusive-offers.md#the-minimum). */
export async function setMinimumOffer(deps: Deps, admin: UserRow, beatId: string, minimumOffer: number | null): Promise<BeatOfferTerms> {
  const beat = await beatById(deps, beatId);
  if (beat.beatType !== 'Exclusive') throw badRequest(`${beat.title} is not an exclusive: only exclusives take offers.`);
  const cents = minimumOffer === null ? null : dollarsToCents(minimumOffer);
  if (cents !== null && beat.priceCents !== null && cents >= beat.priceCents) {
    throw badRequest(`The minimum offer must be below the list price of ${beat.title}, ${formatUsd(beat.priceCents)}.`);
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(beats).set({ minOfferCents: cents, updatedAt: now }).where(eq(beats.id, beat.id));
    await recordAudit(tx, admin, now, {
      action: 'beat.update',
      targetType: 'beat',
      targetId: beat.id,
      before: { minimumOffer: dollarsOrNull(beat.minOfferCents) },
      after: { minimumOffer: dollarsOrNull(cents) },
    });
  });
  return beatOfferTerms(deps, beat.id);
}

// ── What time and sales do ─────────────────────────────────────────────────────────────

/**
 * An accepted offer not paid in 48 hours expires: its hold ends (unless a checkout opened in its last minutes holds the
 * beat longer) and both sides are told. Run by its job at the offer's time; a second run changes nothing.
 */
export async function expireOffer(deps: Deps, offerId: string): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [offer] = await tx.select().from(exclusiveOffers).where(eq(exclusiveOffers.id, offerId)).limit(1);
    if (!offer || offer.state !== 'accepted' || !offer.expiresAt) return false;
    if (offer.expiresAt > now) {
      // Run early (a clock behind the queue's): it runs again at the offer's time.
      await enqueueJob(tx, deps.clock, OFFER_EXPIRY_QUEUE, { offerId }, { runAt: offer.expiresAt });
      return false;
    }
    const [expired] = await tx
      .update(exclusiveOffers)
      .set({ state: 'expired', updatedAt: now })
      .where(and(eq(exclusiveOffers.id, offerId), eq(exclusiveOffers.state, 'accepted')))
      .returning();
    if (!expired) return false;
    await tx
      .update(beats)
      .set({ reservedBy: null, reservedUntil: null })
      .where(and(eq(beats.id, offer.beatId), eq(beats.reservedBy, offer.buyerId), lte(beats.reservedUntil, offer.expiresAt)));
    const beat = await beatById({ db: tx }, offer.beatId);
    const [buyer] = await tx.select().from(users).where(eq(users.id, offer.buyerId)).limit(1);
    await tellOfferStep(deps, tx, 'expired', expired, beat, buyer!);
    return true;
  });
}

/**
 * Exclusives were sold by a checkout: the offer it paid is paid, and every other live offer on those beats closes with an
 * e-mail to its buyer (unless that buyer is the one who bought) (docs/product/exclusive-offers.md#when-the-beat-is-sold). A second run changes nothing.
 */
export async function settleOffersOfSale(deps: Deps, checkoutId: string, beatIds: string[]): Promise<{ paid: number; closed: number }> {
  if (beatIds.length === 0) return { paid: 0, closed: 0 };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const paid = await tx
      .update(exclusiveOffers)
      .set({ state: 'paid', updatedAt: now })
      .where(and(eq(exclusiveOffers.checkoutId, checkoutId), inArray(exclusiveOffers.beatId, beatIds), inArray(exclusiveOffers.state, ['accepted', 'expired'])))
      .returning({ id: exclusiveOffers.id });
    const closed = await tx
      .update(exclusiveOffers)
      .set({ state: 'closed', updatedAt: now })
      .where(and(inArray(exclusiveOffers.beatId, beatIds), inArray(exclusiveOffers.state, liveOfferStates)))
      .returning();
    // A buyer who bought the beat at its price rather than through their offer has their receipt: no "sold" e-mail.
    const [sale] = await tx.select({ buyerId: checkouts.userId }).from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
    for (const offer of closed) {
      if (offer.buyerId === sale?.buyerId) continue;
      const beat = await beatById({ db: tx }, offer.beatId);
      const [buyer] = await tx.select().from(users).where(eq(users.id, offer.buyerId)).limit(1);
      await tellOfferStep(deps, tx, 'closed', offer, beat, buyer!);
    }
    return { paid: paid.length, closed: closed.length };
  });
}
