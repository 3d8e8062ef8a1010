/**
 * The store's licence tiers as the admin keeps them (Admin → Licenses) and each beat's own tier prices
 * (docs/product/licenses.md#tiers). Every change is written to the audit log in its own transaction.
 */
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import {
  isBuiltInTier,
  licenceOffers,
  licenceSummaryLines,
  licenceTermsPath,
  type AdminBeatTier,
  type AdminTier,
  type BeatTier,
  type CreateTierBody,
  type UpdateTierBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { beats, beatTierPrices, licenceTerms, licenceTiers, type BeatRow, type LicenceTierRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { getBeat } from '../beats/beats.service.js';
import { isListedBeat } from '../beats/listing.js';
import { rightsFrom, sourcesFor, type RightsUser } from '../entitlements/entitlements.service.js';
import { currentTerms, currentTermsOf } from '../licences/licence-terms.service.js';
import { dollarsToCents } from './offers.js';
import { allTiers, heldTiers, offered, standing, tierOffersOf, type BeatTierOffer } from './tier-offers.js';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const centsOrNull = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));

export function toAdminTier(row: LicenceTierRow): AdminTier {
  return {
    key: row.key,
    name: row.name,
    defaultPrice: dollarsOrNull(row.defaultPriceCents),
    files: row.files,
    exclusive: row.exclusive,
    active: row.active,
    position: row.position,
    builtIn: isBuiltInTier(row.key),
  };
}

export async function listAdminTiers(deps: Deps): Promise<AdminTier[]> {
  return (await allTiers(deps.db)).map(toAdminTier);
}

async function tierFor(tx: Tx, key: string): Promise<LicenceTierRow> {
  const [row] = await tx.select().from(licenceTiers).where(eq(licenceTiers.key, key)).for('update').limit(1);
  if (!row) throw notFound(`There is no licence tier "${key}".`);
  return row;
}

/** "Gold Lease+" → "goldLease"; never one of the fixed offers' keys (their terms share the keys' space). */
function keyFromName(name: string, taken: Set<string>): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[a-z]/.test(base)) base = `tier${base.charAt(0).toUpperCase()}${base.slice(1)}`;
  base = base.slice(0, 29);
  if (base.length < 2) base = `tier${base}`;
  const reserved = new Set<string>([...licenceOffers, ...taken]);
  let key = base;
  for (let n = 2; reserved.has(key); n += 1) key = `${base}${n}`;
  return key;
}

/** A new tier, last in the order and active, with terms of its own to start from (a copy of the MP3 Lease's, renamed). */
export async function createTier(deps: Deps, actor: AuditActor, body: CreateTierBody & { files: AdminTier['files'] }): Promise<AdminTier> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // One creation at a time: the key and the position are chosen from what exists.
    await tx.select().from(licenceTiers).for('update');
    const existing = await tx.select({ key: licenceTiers.key, name: licenceTiers.name }).from(licenceTiers);
    if (existing.some((t) => t.name.toLowerCase() === body.name.trim().toLowerCase())) {
      throw badRequest(`There is already a tier named ${body.name.trim()}.`);
    }
    const key = keyFromName(body.name, new Set(existing.map((t) => t.key)));
    const [{ last } = { last: null }] = await tx.select({ last: max(licenceTiers.position) }).from(licenceTiers);
    const [row] = await tx
      .insert(licenceTiers)
      .values({
        key,
        name: body.name.trim(),
        defaultPriceCents: centsOrNull(body.defaultPrice ?? null),
        files: body.files,
        position: (last ?? -1) + 1,
        createdAt: now,
      })
      .returning();
    const lease = await currentTermsOf(tx, 'lease');
    const { id: _id, createdAt: _c, createdBy: _b, offer: _o, version: _v, ...numbers } = lease;
    await tx.insert(licenceTerms).values({
      ...numbers,
      title: `${row!.name} License`,
      offer: key,
      version: 1,
      createdAt: now,
      createdBy: actor.id,
    });
    await recordAudit(tx, actor, now, { action: 'tier.create', targetType: 'tier', targetId: key, after: toAdminTier(row!) });
    return toAdminTier(row!);
  });
}

export async function updateTier(deps: Deps, actor: AuditActor, key: string, body: UpdateTierBody & { files?: AdminTier['files'] }): Promise<AdminTier> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await tierFor(tx, key);
    if (isBuiltInTier(key)) {
      throw badRequest(
        `The ${before.name} is one of the store's own offers: its name, files and price (the beat's own) are fixed, and it cannot be switched off.`,
      );
    }
    if (body.name !== undefined) {
      const others = await tx.select({ key: licenceTiers.key, name: licenceTiers.name }).from(licenceTiers);
      if (others.some((t) => t.key !== key && t.name.toLowerCase() === body.name!.trim().toLowerCase())) {
        throw badRequest(`There is already a tier named ${body.name.trim()}.`);
      }
    }
    const [after] = await tx
      .update(licenceTiers)
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.defaultPrice !== undefined ? { defaultPriceCents: centsOrNull(body.defaultPrice) } : {}),
        ...(body.files !== undefined ? { files: body.files } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      })
      .where(eq(licenceTiers.key, key))
      .returning();
    await recordAudit(tx, actor, now, {
      action: 'tier.update',
      targetType: 'tier',
      targetId: key,
      before: toAdminTier(before),
      after: toAdminTier(after!),
    });
    return toAdminTier(after!);
  });
}

/** The new order: every tier's key once. */
export async function reorderTiers(deps: Deps, actor: AuditActor, keys: string[]): Promise<AdminTier[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await tx.select().from(licenceTiers).for('update');
    const known = new Set(before.map((t) => t.key));
    if (new Set(keys).size !== keys.length || keys.length !== known.size || keys.some((k) => !known.has(k))) {
      throw badRequest(`keys must list every tier once: ${[...known].join(', ')}.`);
    }
    for (const [position, key] of keys.entries()) {
      await tx.update(licenceTiers).set({ position }).where(eq(licenceTiers.key, key));
    }
    const beforeOrder = [...before].sort((a, b) => a.position - b.position).map((t) => t.key);
    await recordAudit(tx, actor, now, { action: 'tier.order', targetType: 'tier', targetId: null, before: beforeOrder, after: keys });
    return (await allTiers(tx)).map(toAdminTier);
  });
}

// ── Per beat ─────────────────────────────────────────────────────────────────────────────

function toAdminBeatTier(offer: BeatTierOffer): AdminBeatTier {
  return {
    key: offer.tier.key,
    name: offer.tier.name,
    defaultPrice: dollarsOrNull(offer.tier.defaultPriceCents),
    price: dollarsOrNull(offer.ownPriceCents),
    enabled: offer.enabled,
    offered: offer.reason === null,
    reason: offer.reason,
    effectivePrice: dollarsOrNull(offer.priceCents),
  };
}

/** A beat that is not deleted (the admin's beat screens); 404 otherwise. */
async function adminBeat(deps: Deps, beatId: string): Promise<BeatRow> {
  const beat = await getBeat(deps, beatId);
  if (beat.deletedAt !== null) throw notFound('This beat does not exist.');
  return beat;
}

export async function adminBeatTiers(deps: Deps, beatId: string): Promise<AdminBeatTier[]> {
  const beat = await adminBeat(deps, beatId);
  return (await tierOffersOf(deps.db, [beat])).get(beat.id)!.map(toAdminBeatTier);
}

/** The beat's own price for the tier (for `lease`/`exclusive`: the beat's `price`) and whether it offers the tier. */
export async function setBeatTier(
  deps: Deps,
  actor: AuditActor,
  beatId: string,
  key: string,
  body: { price: number | null; enabled: boolean },
): Promise<AdminBeatTier[]> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [beat] = await tx.select().from(beats).where(and(eq(beats.id, beatId), isNull(beats.deletedAt))).for('update').limit(1);
    if (!beat) throw notFound('This beat does not exist.');
    const tier = await tierFor(tx, key);
    const [before] = await tx.select().from(beatTierPrices).where(and(eq(beatTierPrices.beatId, beatId), eq(beatTierPrices.tier, key))).limit(1);
    if (isBuiltInTier(key)) {
      await setOwnPrice(tx, beat, tier, body.price, body.enabled, now);
    } else {
      await tx
        .insert(beatTierPrices)
        .values({ beatId, tier: key, priceCents: centsOrNull(body.price), enabled: body.enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: [beatTierPrices.beatId, beatTierPrices.tier],
          set: { priceCents: centsOrNull(body.price), enabled: body.enabled, updatedAt: now },
        });
    }
    await recordAudit(tx, actor, now, {
      action: 'beat.tier',
      targetType: 'beat',
      targetId: beatId,
      before: isBuiltInTier(key) ? { tier: key, price: dollarsOrNull(beat.priceCents) } : { tier: key, price: dollarsOrNull(before?.priceCents ?? null), enabled: before?.enabled ?? true },
      after: { tier: key, price: body.price, enabled: body.enabled },
    });
  });
  return adminBeatTiers(deps, beatId);
}

/**
 * `lease` and `exclusive` follow the beat itself: their price is the beat's `price`, for the beat type they belong to, and
 * they are switched off only by the beat's type and price (docs/product/offers-and-prices.md#primary-offer).
 */
async function setOwnPrice(tx: Tx, beat: BeatRow, tier: LicenceTierRow, price: number | null, enabled: boolean, now: Date) {
  const belongs = tier.exclusive ? beat.beatType === 'Exclusive' : beat.beatType !== 'Exclusive';
  if (!belongs) {
    throw badRequest(`${beat.title} is ${beat.beatType === 'Exclusive' ? 'an Exclusive' : 'a Non-Exclusive'} beat: its ${tier.name} price is not its own.`);
  }
  if (!enabled) throw badRequest(`The ${tier.name} follows the beat itself: change the beat's price or type to stop selling it.`);
  if (tier.exclusive && price === null) throw badRequest('An Exclusive beat must have a price.');
  await tx.update(beats).set({ priceCents: centsOrNull(price), updatedAt: now }).where(eq(beats.id, beat.id));
}

/** One price (or null: back to the default) for the chosen beats' tier; every beat must exist. */
export async function bulkSetTierPrice(deps: Deps, actor: AuditActor, key: string, beatIds: string[], price: number | null): Promise<number> {
  const now = deps.clock.now();
  const ids = [...new Set(beatIds)];
  return deps.db.transaction(async (tx) => {
    const tier = await tierFor(tx, key);
    const found = await tx.select().from(beats).where(and(inArray(beats.id, ids), isNull(beats.deletedAt))).for('update');
    if (found.length !== ids.length) throw notFound('Some of these beats do not exist.');
    for (const beat of found) {
      if (isBuiltInTier(key)) await setOwnPrice(tx, beat, tier, price, true, now);
    }
    if (!isBuiltInTier(key)) {
      await tx
        .insert(beatTierPrices)
        .values(ids.map((beatId) => ({ beatId, tier: key, priceCents: centsOrNull(price), updatedAt: now })))
        .onConflictDoUpdate({ target: [beatTierPrices.beatId, beatTierPrices.tier], set: { priceCents: centsOrNull(price), updatedAt: now } });
    }
    await recordAudit(tx, actor, now, { action: 'beat.tier-prices', targetType: 'tier', targetId: key, after: { beatIds: ids, price } });
    return ids.length;
  });
}

// ── What a buyer sees ────────────────────────────────────────────────────────────────────

/**
 * GET /api/beats/{beatId}/tiers: the tiers the beat offers now, in order, each with its terms' short list; for a signed-in
 * caller also whether they hold it and what it costs them as an upgrade. A beat not for sale offers none.
 */
export async function beatTiersFor(deps: Deps, beatId: string, caller: RightsUser | null): Promise<BeatTier[]> {
  const beat = await getBeat(deps, beatId);
  if (beat.deletedAt !== null) throw notFound('This beat does not exist.');
  if (beat.soldAt !== null || !isListedBeat(beat)) return [];
  const offers = offered((await tierOffersOf(deps.db, [beat])).get(beat.id)!);
  const terms = await currentTerms(deps.db);
  const tiers = await allTiers(deps.db);
  const held = caller ? ((await heldTiers(deps.db, caller.id, [beat.id])).get(beat.id) ?? []) : [];
  const rights = caller ? rightsFrom(caller, beat, await sourcesFor(deps.db, caller.id, beat.id)) : null;
  return offers.map((offer) => {
    const own = terms.find((t) => t.offer === offer.tier.key);
    const base: BeatTier = {
      key: offer.tier.key,
      name: offer.tier.name,
      price: centsToDollars(offer.priceCents!),
      files: offer.tier.files,
      exclusive: offer.tier.exclusive,
      summary: own ? licenceSummaryLines(own) : [],
      termsUrl: licenceTermsPath(offer.tier.key),
    };
    if (!rights) return base;
    const place = standing(offer, held, tiers, rights);
    return { ...base, owned: place.owned, ...(place.upgradeFrom && place.priceCents !== null ? { upgradePrice: centsToDollars(place.priceCents) } : {}) };
  });
}
