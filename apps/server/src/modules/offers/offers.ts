/**
 * The offers (docs/product/offers-and-prices.md): what a beat can be bought as right now, why not, and what it costs,
 * from the catalog and the configuration only (the server is the only authority on prices). The cart and the checkout
 * both ask here, so a beat they accept is one the other accepts too.
 */
import { commerceMessages, type LicenceLabel, type PurchaseKind } from '@beat/shared';
import type { Config } from '../../config/env.js';
import type { BeatRow } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { isListedBeat } from '../beats/listing.js';

export interface PrimaryOffer {
  kind: Extract<PurchaseKind, 'lease' | 'exclusive'>;
  licence: LicenceLabel;
  /** null: not sold this way (a Non-Exclusive beat without a lease price, an Exclusive without a price). */
  priceCents: number | null;
}

/** A beat's primary offer (docs/product/offers-and-prices.md#primary-offer): the exclusive licence of an Exclusive, else the optional MP3 lease. */
export function primaryOffer(beat: Pick<BeatRow, 'beatType' | 'priceCents'>): PrimaryOffer {
  return beat.beatType === 'Exclusive'
    ? { kind: 'exclusive', licence: 'EXCLUSIVE', priceCents: beat.priceCents }
    : { kind: 'lease', licence: 'MP3', priceCents: beat.priceCents };
}

/** Why a beat is not for sale at all right now (sold, unpublished, deleted, preview not yet ready), or null. */
export function saleProblem(beat: Pick<BeatRow, 'title' | 'published' | 'soldAt' | 'previewKey'>): AppError | null {
  if (beat.soldAt !== null) return conflict(`${beat.title} has already been sold.`);
  if (!isListedBeat(beat)) return conflict(`${beat.title} is no longer for sale.`);
  return null;
}

/**
 * Why a beat cart line cannot be paid (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid), or null: the
 * exclusive was sold, or its countdown ended after it was carted (the line was an exclusive; the beat is now a lease).
 * The cart shows this on the line and the checkout refuses with it.
 */
export function cartLineProblem(
  beat: Pick<BeatRow, 'title' | 'published' | 'soldAt' | 'previewKey' | 'beatType' | 'priceCents' | 'countdownEndTime'>,
  addedAt: Date,
): AppError | null {
  if (beat.soldAt !== null) return conflict(`${beat.title} has already been sold. Remove it from your cart to pay for the rest.`);
  if (beat.beatType !== 'Exclusive' && beat.countdownEndTime !== null && beat.countdownEndTime > addedAt) {
    const lease = beat.priceCents === null ? '' : ` at ${formatUsd(beat.priceCents)}`;
    return conflict(
      `The exclusive offer of ${beat.title} has ended: it is now in the VIP catalog${lease}. Remove it from your cart to pay for the rest.`,
    );
  }
  return null;
}

/** Why a beat cannot be bought as its primary offer (lease or exclusive), or null when it can. */
export function primaryOfferProblem(beat: BeatRow): AppError | null {
  const notForSale = saleProblem(beat);
  if (notForSale) return notForSale;
  const offer = primaryOffer(beat);
  if (offer.priceCents === null) {
    return offer.kind === 'exclusive'
      ? badRequest(commerceMessages.noPrice)
      : badRequest(`${beat.title} is not sold as a single MP3 lease: it comes with the VIP catalog.`);
  }
  return null;
}

/** Why a beat's stems cannot be bought, or null when they can. */
export function stemsProblem(beat: BeatRow): AppError | null {
  const notForSale = saleProblem(beat);
  if (notForSale) return notForSale;
  if (beat.beatType === 'Exclusive') return badRequest(`The stems of ${beat.title} come with its exclusive license.`);
  if (!beat.stemsKey) return badRequest(commerceMessages.stemsNotAvailable);
  return null;
}

export const stemsPriceCents = (config: Config) => config.prices.stemsCents;
export const vipPlanPriceCents = (config: Config) => config.prices.vipPlanCents;
/** The VIP plan as its checkout line, purchase and receipt name it. */
export const vipPlanTitle = 'VIP catalog plan';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,648.00": how every amount is written in messages, e-mails and licences. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** "03/07/2026": how a licence writes its purchase date (UTC). */
export const formatUsDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** A price the client sent must be the server's own; otherwise 409 naming the current price (it is never charged). */
export function assertClientPrice(clientPrice: number | undefined, serverCents: number, what: string): void {
  if (clientPrice === undefined) return;
  if (dollarsToCents(clientPrice) !== serverCents) {
    throw conflict(
      `The price of ${what} is ${formatUsd(serverCents)}, not ${formatUsd(dollarsToCents(clientPrice))}. Please review it and try again.`,
    );
  }
}
