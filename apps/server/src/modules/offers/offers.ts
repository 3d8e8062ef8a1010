/** What each offer costs, from the catalog and the configuration only (the server is the only authority on prices: docs/product/offers-and-prices.md#server-decides-prices). */
import type { LicenceLabel, PurchaseKind } from '@beat/shared';
import type { Config } from '../../config/env.js';
import type { BeatRow } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';

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

export const stemsPriceCents = (config: Config) => config.prices.stemsCents;
export const vipPlanPriceCents = (config: Config) => config.prices.vipPlanCents;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,648.00": how every amount is written in messages, e-mails and licences. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

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
