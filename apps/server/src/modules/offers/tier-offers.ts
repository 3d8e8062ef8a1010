/**
 * Which licence tiers a beat offers, at what price, and where a buyer stands on its ladder
 * (docs/product/licenses.md#tiers): what they already hold, and what moving up costs (docs/product/licenses.md#upgrades).
 * The public tiers call, the cart, the quote and the checkout all ask here, so they agree.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { filesCovered, type DownloadRights, type FileType } from '@beat/shared';
import type { Db, Tx } from '../../db/client.js';
import { beatTierPrices, licenceTiers, purchases, type BeatRow, type BeatTierPriceRow, type LicenceTierRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { upgradePriceCents } from './upgrades.js';
import { grantsByBeat, rightsFrom, type RightsBeat, type RightsUser } from '../entitlements/entitlements.service.js';

export type TierBeat = Pick<BeatRow, 'id' | 'title' | 'beatType' | 'priceCents' | 'wavKey' | 'stemsKey'>;

/** One tier as one beat offers it (or does not, and why). */
export interface BeatTierOffer {
  tier: LicenceTierRow;
  /** The beat's own price for the tier (for `lease`/`exclusive`: the beat's `price`), or null. */
  ownPriceCents: number | null;
  enabled: boolean;
  /** What a buyer pays (before deals and upgrades), or null when it has no price. */
  priceCents: number | null;
  /** Why the beat does not offer it now, or null when it does. */
  reason: string | null;
}

/** The store's tiers in their order. */
export function allTiers(db: Db | Tx): Promise<LicenceTierRow[]> {
  return db.select().from(licenceTiers).orderBy(asc(licenceTiers.position), asc(licenceTiers.key));
}

/** Every tier's name by key (tiers are never deleted, so every sold tier has one). */
export async function tierNames(db: Db | Tx): Promise<Map<string, string>> {
  return new Map((await allTiers(db)).map((t) => [t.key, t.name]));
}

/** The `tier` field of an answer that names one (absent for stems, the VIP plan and credit unlocks). */
export const tierField = (key: string | null | undefined, names: Map<string, string>): { tier?: { key: string; name: string } } =>
  key ? { tier: { key, name: names.get(key) ?? key } } : {};

/** How an upgrade line names a tier: the MP3 Lease as "MP3 lease", as upgrades have always read. */
export const upgradeWord = (key: string, names: Map<string, string>) => (key === 'lease' ? 'MP3 lease' : (names.get(key) ?? key));

const fileWords: Record<FileType, string> = { mp3: 'MP3', wav: 'WAV', stems: 'stems' };

/** The rule for one beat and one tier (docs/product/licenses.md#tiers). */
export function tierOffer(beat: TierBeat, tier: LicenceTierRow, override: BeatTierPriceRow | undefined): BeatTierOffer {
  const followsBeat = tier.key === 'lease' || tier.key === 'exclusive';
  const ownPriceCents = followsBeat ? beat.priceCents : (override?.priceCents ?? null);
  const enabled = followsBeat ? true : (override?.enabled ?? true);
  const priceCents = followsBeat ? beat.priceCents : (ownPriceCents ?? tier.defaultPriceCents);
  // The Exclusive is the beat itself, sold with whatever files it has (as the exclusive always was: docs/product/licenses.md#tiers); every other
  // tier sells its files, so a beat without one of them does not offer it.
  const missing = tier.exclusive ? undefined : tier.files.find((f) => (f === 'wav' && beat.wavKey === null) || (f === 'stems' && beat.stemsKey === null));
  let reason: string | null = null;
  if (!tier.active) reason = `The ${tier.name} is switched off for the store.`;
  else if (beat.beatType === 'Exclusive' && !tier.exclusive) reason = 'An Exclusive beat is sold only as its exclusive license.';
  else if (beat.beatType !== 'Exclusive' && tier.exclusive) reason = 'Only an Exclusive beat sells its exclusive license.';
  else if (!enabled) reason = `The ${tier.name} is switched off for this beat.`;
  else if (missing) reason = `This beat has no ${fileWords[missing]} file.`;
  else if (priceCents === null) {
    reason =
      tier.key === 'lease'
        ? 'This beat has no lease price: it comes with the VIP catalog only.'
        : tier.key === 'exclusive'
          ? 'This beat has no exclusive price.'
          : 'No price: set one for this beat, or a default price for the tier.';
  }
  return { tier, ownPriceCents, enabled, priceCents, reason };
}

/** Every tier, as each of these beats offers it (in tier order). */
export async function tierOffersOf(db: Db | Tx, beatList: TierBeat[]): Promise<Map<string, BeatTierOffer[]>> {
  const tiers = await allTiers(db);
  const ids = beatList.map((b) => b.id);
  const overrides = ids.length ? await db.select().from(beatTierPrices).where(inArray(beatTierPrices.beatId, ids)) : [];
  const result = new Map<string, BeatTierOffer[]>();
  for (const beat of beatList) {
    const own = overrides.filter((o) => o.beatId === beat.id);
    result.set(
      beat.id,
      tiers.map((tier) => tierOffer(beat, tier, own.find((o) => o.tier === tier.key))),
    );
  }
  return result;
}

export const offered = (offers: BeatTierOffer[]) => offers.filter((o) => o.reason === null);

/**
 * The tier a line buys when the buyer names none: the beat's primary offer (the MP3 lease at the beat's `price`, or the
 * exclusive) when it offers it, so every existing call buys what it did; else the cheapest tier it offers.
 */
export function defaultTier(offers: BeatTierOffer[]): BeatTierOffer | null {
  const available = offered(offers);
  const primary = available.find((o) => o.tier.key === 'lease' || o.tier.key === 'exclusive');
  if (primary) return primary;
  return [...available].sort((a, b) => a.priceCents! - b.priceCents! || a.tier.position - b.tier.position)[0] ?? null;
}

/** The offered tier `key` of a beat, or 400 naming why it is not offered. */
export function offeredTier(beat: TierBeat, offers: BeatTierOffer[], key: string): BeatTierOffer {
  const offer = offers.find((o) => o.tier.key === key);
  if (!offer) throw badRequest(`There is no licence tier "${key}".`);
  if (offer.reason) throw badRequest(`${beat.title} is not sold as ${offer.tier.name}: ${offer.reason}`);
  return offer;
}

// ── The buyer's place on the ladder ──────────────────────────────────────────────────────

/** A paid licence of a tier, in force (not refunded, not replaced by an upgrade). */
export interface HeldTier {
  purchaseId: string;
  licenceId: string;
  beatId: string;
  tier: string;
  paidCents: number;
}

const tierInForce = and(isNotNull(purchases.tier), isNull(purchases.refundedAt), isNull(purchases.supersededAt));

/** The buyer's paid licences in force of these beats, by beat, newest first. */
export async function heldTiers(db: Db | Tx, userId: string, beatIds: string[]): Promise<Map<string, HeldTier[]>> {
  const found = new Map<string, HeldTier[]>();
  if (beatIds.length === 0) return found;
  const rows = await db
    .select({ purchaseId: purchases.id, licenceId: purchases.licenceId, beatId: purchases.beatId, tier: purchases.tier, paidCents: purchases.priceCents })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.beatId, beatIds), tierInForce))
    .orderBy(desc(purchases.purchasedAt));
  for (const row of rows) {
    const list = found.get(row.beatId!) ?? [];
    list.push({ ...row, beatId: row.beatId!, tier: row.tier! });
    found.set(row.beatId!, list);
  }
  return found;
}

/** Where a buyer stands with one offered tier of a beat. */
export interface TierStanding {
  /** They already hold it, or a licence whose files cover it: buying it is refused. */
  owned: boolean;
  /** A lower tier they paid for, which this one replaces: its price is taken off. */
  upgradeFrom: HeldTier | null;
  /** What they pay for it (the difference when upgrading, never below zero); null when it has no price. */
  priceCents: number | null;
}

/**
 * The ladder (docs/product/licenses.md#upgrades): a tier is an upgrade of a held tier that comes before it in the store's
 * order and whose files it covers; the buyer pays the difference, never below zero (the dearest such licence counts).
 * A tier is already owned when they hold it, or when no held tier leads up to it and what they may download already
 * covers its files (a lower tier, a credit, the VIP catalog). The exclusive is more than files: only its own
 * licence owns it. VIP membership and credit unlocks are not a payment for the beat, so they never lower a price.
 */
export function standing(
  offer: BeatTierOffer,
  held: HeldTier[],
  tiers: LicenceTierRow[],
  rights: DownloadRights,
): TierStanding {
  const { tier } = offer;
  if (held.some((h) => h.tier === tier.key)) return { owned: true, upgradeFrom: null, priceCents: offer.priceCents };
  const below = held
    .map((h) => ({ held: h, tier: tiers.find((t) => t.key === h.tier) }))
    .filter((h) => h.tier && h.tier.position < tier.position && !h.tier.exclusive && filesCovered(h.tier.files, tier.files))
    .sort((a, b) => b.held.paidCents - a.held.paidCents)[0]?.held;
  if (below) {
    return { owned: false, upgradeFrom: below, priceCents: offer.priceCents === null ? null : upgradePriceCents(offer.priceCents, below) };
  }
  const covered = !tier.exclusive && filesCovered(tier.files, (Object.keys(rights) as FileType[]).filter((f) => rights[f]));
  return { owned: covered, upgradeFrom: null, priceCents: offer.priceCents };
}

/** One beat as one buyer meets it: what it offers, what they hold of it and what they may download of it now. */
export interface BeatLadder {
  offers: BeatTierOffer[];
  held: HeldTier[];
  rights: DownloadRights;
}

export interface Ladders {
  tiers: LicenceTierRow[];
  byBeat: Map<string, BeatLadder>;
}

/** The ladders of these beats for this buyer, in a few queries whatever the number of beats (a cart holds up to 200). */
export async function laddersFor(db: Db | Tx, user: RightsUser, beatList: (TierBeat & RightsBeat)[]): Promise<Ladders> {
  const ids = beatList.map((b) => b.id);
  const [tiers, offers, held, grants] = [await allTiers(db), await tierOffersOf(db, beatList), await heldTiers(db, user.id, ids), await grantsByBeat(db, user.id, ids)];
  const byBeat = new Map<string, BeatLadder>();
  for (const beat of beatList) {
    byBeat.set(beat.id, {
      offers: offers.get(beat.id)!,
      held: held.get(beat.id) ?? [],
      rights: rightsFrom(user, beat, grants.get(beat.id) ?? []),
    });
  }
  return { tiers, byBeat };
}

/** Where the buyer stands with each tier the beat offers, in tier order. */
export function standings(ladder: BeatLadder, tiers: LicenceTierRow[]): { offer: BeatTierOffer; place: TierStanding }[] {
  return offered(ladder.offers).map((offer) => ({ offer, place: standing(offer, ladder.held, tiers, ladder.rights) }));
}

/**
 * The tier a cart line or checkout line buys: a tier the buyer chose, except the MP3 Lease and the Exclusive, which are
 * the beat's primary offer and follow its type (a catalog beat the producer turns exclusive sells its exclusive).
 */
export function lineTierKey(beat: Pick<BeatRow, 'beatType'>, chosen: string | null | undefined): string {
  if (chosen && chosen !== 'lease' && chosen !== 'exclusive') return chosen;
  return beat.beatType === 'Exclusive' ? 'exclusive' : 'lease';
}
