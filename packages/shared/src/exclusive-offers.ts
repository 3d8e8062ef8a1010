/**
 * Offers on exclusives (docs/product/exclusive-offers.md): a buyer proposes a price for an exclusive, the producer accepts,
 * declines or counters, and an accepted offer is paid at its amount through the checkout. Amounts are dollars here, as
 * in every other call; the server keeps cents.
 */
import { z } from 'zod';
import { id } from './common.js';

/** Where an offer stands (docs/product/exclusive-offers.md#states). */
export const exclusiveOfferStates = ['open', 'countered', 'accepted', 'paid', 'expired', 'declined', 'withdrawn', 'closed'] as const;
export type ExclusiveOfferState = (typeof exclusiveOfferStates)[number];

/** States in which an offer is still alive: a buyer has at most one of these per beat. */
export const liveOfferStates = ['open', 'countered', 'accepted'] as const satisfies readonly ExclusiveOfferState[];

/** Each state as the buyer and the admin read it. */
export const offerStateLabels: Record<ExclusiveOfferState, string> = {
  open: 'Awaiting the producer',
  countered: 'Countered: awaiting your answer',
  accepted: 'Accepted: ready to pay',
  paid: 'Paid',
  expired: 'Expired unpaid',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  closed: 'Closed: the beat was sold',
};

/** The same states from the producer's side, in Admin → Offers. */
export const adminOfferStateLabels: Record<ExclusiveOfferState, string> = {
  ...offerStateLabels,
  open: 'Awaiting your answer',
  countered: 'Countered: awaiting the buyer',
  accepted: 'Accepted: awaiting payment',
};

/** How long an accepted offer can be paid, with the exclusive held for its buyer. */
export const OFFER_PAY_HOURS = 48;

const offerAmount = (what: string) =>
  z
    .number({ error: `${what} must be an amount in dollars` })
    .min(1, `${what} must be at least $1.00`)
    .max(1_000_000, `${what} must be at most $1,000,000`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} must be in whole cents`);

const offerMessage = z.string({ error: 'message must be text' }).trim().max(1000, 'A message has at most 1,000 characters.');

/** POST /api/exclusive-offers: a signed-in buyer's offer on an exclusive. */
export const makeOfferBody = z.object({
  beatId: id('beatId'),
  amount: offerAmount('amount'),
  message: offerMessage.optional(),
});
export type MakeOfferBody = z.input<typeof makeOfferBody>;

/** POST /api/exclusive-offers/{offerId}/answer: the buyer's answer to a counter. */
export const buyerAnswerBody = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'answer must be accept or decline' }),
});
export type BuyerAnswerBody = z.infer<typeof buyerAnswerBody>;

/** POST /api/admin/exclusive-offers/{offerId}/answer: the producer's answer to an open offer. */
export const adminAnswerBody = z
  .object({
    answer: z.enum(['accept', 'decline', 'counter'], { error: 'answer must be accept, decline or counter' }),
    /** The counter's amount in dollars (a counter only). */
    amount: offerAmount('amount').optional(),
    message: offerMessage.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.answer === 'counter' && body.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A counter needs an amount in dollars.' });
    }
  });
export type AdminAnswerBody = z.input<typeof adminAnswerBody>;

/** PUT /api/admin/exclusive-offers/beats/{beatId}/minimum: an exclusive's minimum offer in dollars, or null for none. */
export const minimumOfferBody = z.object({
  minimumOffer: offerAmount('minimumOffer').nullable(),
});
export type MinimumOfferBody = z.infer<typeof minimumOfferBody>;

export const offerIdParams = z.object({ offerId: id('offerId') });
export const offerBeatParams = z.object({ beatId: id('beatId') });

export const exclusiveOfferSchema = z.object({
  _id: z.string(),
  beatId: z.string(),
  beatTitle: z.string(),
  beatSlug: z.string(),
  /** The exclusive's list price in dollars (null when it has none). */
  listPrice: z.number().nullable(),
  state: z.enum(exclusiveOfferStates),
  /** The buyer's amount and message. */
  amount: z.number(),
  message: z.string().nullable(),
  /** The producer's counter, when there is one. */
  counterAmount: z.number().nullable(),
  counterMessage: z.string().nullable(),
  /** The amount the checkout charges once accepted (the offer's or the counter's). */
  agreedAmount: z.number().nullable(),
  /** Until when an accepted offer can be paid (ISO 8601). */
  payBefore: z.string().nullable(),
  /** Who declined: the producer, or the buyer (a counter). */
  declinedBy: z.enum(['producer', 'buyer']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  buyer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type ExclusiveOffer = z.infer<typeof exclusiveOfferSchema>;

export const exclusiveOfferResponse = z.object({ offer: exclusiveOfferSchema });
export type ExclusiveOfferResponse = z.infer<typeof exclusiveOfferResponse>;
export const exclusiveOffersResponse = z.object({ offers: z.array(exclusiveOfferSchema) });
export type ExclusiveOffersResponse = z.infer<typeof exclusiveOffersResponse>;

/** GET /api/admin/exclusive-offers?state=: the admin's list, newest first. */
export const adminOffersQuery = z.object({
  state: z.enum(exclusiveOfferStates, { error: `state must be one of ${exclusiveOfferStates.join(', ')}` }).optional(),
});

/** GET /api/exclusive-offers/beats/{beatId}: whether an exclusive takes offers, and its minimum. */
export const beatOfferTermsSchema = z.object({
  beatId: z.string(),
  takesOffers: z.boolean(),
  /** Dollars, or null when any amount may be offered. */
  minimumOffer: z.number().nullable(),
  listPrice: z.number().nullable(),
});
export type BeatOfferTerms = z.infer<typeof beatOfferTermsSchema>;
