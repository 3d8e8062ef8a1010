/**
 * License terms (docs/product/licenses.md#terms): the terms in force for each offer, the admin's edits (each a new
 * version, with an audit entry) and the frozen terms of a sale, with its placeholders filled.
 */
import { desc, eq, sql } from 'drizzle-orm';
import {
  fillPlaceholders,
  licenceOffers,
  type LicenceOffer,
  type LicencePlaceholder,
  type LicenceTerms,
  type UpdateLicenceTermsBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { licenceTerms, type LicenceTermsRow } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';

export function toLicenceTermsDto(row: LicenceTermsRow): LicenceTerms {
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
    updatedAt: row.createdAt.toISOString(),
  };
}

/** The terms in force for every offer: each offer's latest version, in the offers' order. */
export async function currentTerms(db: Db | Tx): Promise<LicenceTermsRow[]> {
  const rows = await db
    .selectDistinctOn([licenceTerms.offer])
    .from(licenceTerms)
    .orderBy(licenceTerms.offer, desc(licenceTerms.version));
  return licenceOffers.map((offer) => rows.find((r) => r.offer === offer)).filter((r): r is LicenceTermsRow => r !== undefined);
}

/** The terms in force for one offer (the migration writes a version of each, so there always is one). */
export async function currentTermsOf(db: Db | Tx, offer: LicenceOffer): Promise<LicenceTermsRow> {
  const [row] = await db
    .select()
    .from(licenceTerms)
    .where(eq(licenceTerms.offer, offer))
    .orderBy(desc(licenceTerms.version))
    .limit(1);
  if (!row) throw new Error(`no license terms for ${offer}`);
  return row;
}

/** The id of the terms in force for an offer, to keep with a sale as it is made. */
export const currentTermsId = (offer: LicenceOffer) =>
  sql<number>`(select ${licenceTerms.id} from ${licenceTerms} where ${licenceTerms.offer} = ${offer} order by ${licenceTerms.version} desc limit 1)`;

export async function termsById(db: Db | Tx, id: number): Promise<LicenceTermsRow | null> {
  const [row] = await db.select().from(licenceTerms).where(eq(licenceTerms.id, id)).limit(1);
  return row ?? null;
}

/** The admin's edit: a new version of the offer's terms; sales made before keep theirs. */
export async function updateTerms(deps: Deps, actor: AuditActor, offer: LicenceOffer, input: UpdateLicenceTermsBody): Promise<LicenceTermsRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await currentTermsOf(tx, offer);
    const [saved] = await tx
      .insert(licenceTerms)
      .values({ ...input, offer, version: before.version + 1, createdAt: now, createdBy: actor.id })
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
