/**
 * License terms (docs/product/licenses.md#terms): the terms in force for each offer, the admin's edits (each a new
 * version, with an audit entry) and the frozen terms of a sale, with its placeholders filled.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  fillPlaceholders,
  licenceOffers,
  type LicenceOffer,
  type LicencePlaceholder,
  isLicenceOffer,
  type LicenceTerms,
  type TermsKey,
  type TierTerms,
  type UpdateLicenceTermsBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { licenceTerms, licenceTiers, type LicenceTermsRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';

export function toTierTermsDto(row: LicenceTermsRow): TierTerms {
  return {
    offer: row.offer,
    version: row.version,
    title: row.title,
    body: row.body,
    distributionCopies: row.distributionCopies,
    audioStreams: row.audioStreams,
    musicVideos: row.musicVideos,
    radioStations: row.radioStations,
    paidPerformances: row.paidPerformances,
    creditRequired: row.creditRequired,
    exclusive: row.exclusive,
    publishingShare: row.publishingShare,
    updatedAt: row.createdAt.toISOString(),
  };
}

/** The terms list as the licence calls answer it: the fixed offers' terms, and the other tiers' apart (docs/product/licenses.md#tiers). */
export async function termsList(db: Db | Tx): Promise<{ terms: LicenceTerms[]; tierTerms: TierTerms[] }> {
  const rows = await currentTerms(db);
  const terms: LicenceTerms[] = [];
  const tierTerms: TierTerms[] = [];
  for (const row of rows) {
    const dto = toTierTermsDto(row);
    if (isLicenceOffer(dto.offer)) terms.push({ ...dto, offer: dto.offer });
    else tierTerms.push(dto);
  }
  return { terms, tierTerms };
}

/**
 * The terms in force for every offer and licence tier: each one's latest version, the fixed offers first in their order,
 * then the other tiers in the store's tier order (docs/product/licenses.md#tiers).
 */
export async function currentTerms(db: Db | Tx): Promise<LicenceTermsRow[]> {
  const rows = await db
    .selectDistinctOn([licenceTerms.offer])
    .from(licenceTerms)
    .orderBy(licenceTerms.offer, desc(licenceTerms.version));
  const tiers = await db.select({ key: licenceTiers.key }).from(licenceTiers).orderBy(asc(licenceTiers.position), asc(licenceTiers.key));
  const order = [...new Set<string>([...licenceOffers, ...tiers.map((t) => t.key)])];
  return order.map((offer) => rows.find((r) => r.offer === offer)).filter((r): r is LicenceTermsRow => r !== undefined);
}

/**
 * The terms in force for one offer or licence tier (the migrations and a tier's creation write a version of each, so a
 * known one always has some); an unknown name is refused with 400, as the offers' list was before tiers.
 */
export async function currentTermsOf(db: Db | Tx, offer: LicenceOffer | TermsKey): Promise<LicenceTermsRow> {
  const [row] = await db
    .select()
    .from(licenceTerms)
    .where(eq(licenceTerms.offer, offer))
    .orderBy(desc(licenceTerms.version))
    .limit(1);
  if (!row) {
    const tiers = await db.select({ key: licenceTiers.key }).from(licenceTiers).orderBy(asc(licenceTiers.position));
    const others = tiers.map((t) => t.key).filter((key) => !isLicenceOffer(key));
    throw badRequest(`offer must be one of ${licenceOffers.join(', ')} or a licence tier (${others.join(', ')})`);
  }
  return row;
}

/** The id of the terms in force for an offer or a tier, to keep with a sale as it is made. */
export const currentTermsId = (offer: LicenceOffer | TermsKey) =>
  sql<number>`(select ${licenceTerms.id} from ${licenceTerms} where ${licenceTerms.offer} = ${offer} order by ${licenceTerms.version} desc limit 1)`;

export async function termsById(db: Db | Tx, id: number): Promise<LicenceTermsRow | null> {
  const [row] = await db.select().from(licenceTerms).where(eq(licenceTerms.id, id)).limit(1);
  return row ?? null;
}

/** The admin's edit: a new version of the offer's terms; sales made before keep theirs. */
export async function updateTerms(deps: Deps, actor: AuditActor, offer: LicenceOffer | TermsKey, input: UpdateLicenceTermsBody): Promise<LicenceTermsRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await currentTermsOf(tx, offer);
    const [saved] = await tx
      .insert(licenceTerms)
      .values({
        ...input,
        publishingShare: input.publishingShare === undefined ? before.publishingShare : input.publishingShare,
        offer,
        version: before.version + 1,
        createdAt: now,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    // Two admins saving at once: the second is told instead of silently overwriting the first.
    if (!saved) throw conflict('These terms were just changed by someone else. Reload them and make your change again.');
    await recordAudit(tx, actor, now, {
      action: 'licence.terms',
      targetType: 'licence',
      targetId: offer,
      before: termsForAudit(before),
      after: termsForAudit(saved),
    });
    return saved;
  });
}

function termsForAudit(row: LicenceTermsRow) {
  const { id: _id, createdAt: _createdAt, createdBy: _createdBy, offer: _offer, ...kept } = row;
  return kept;
}

/** A sale's own values for the placeholders of its terms. */
export type SaleValues = Record<LicencePlaceholder, string>;

/** The frozen terms of a sale, its placeholders filled: the PDF's text. */
export function filledTerms(row: LicenceTermsRow, values: SaleValues): { title: string; paragraphs: string[] } {
  return {
    title: fillPlaceholders(row.title, values),
    paragraphs: fillPlaceholders(row.body, values)
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
      .filter(Boolean),
  };
}
