/**
 * Public license verification (docs/product/licenses.md#verification): a license id responds with the beat, the license
 * type, the purchase date, its status and the buyer's name in part; nothing else of the buyer.
 */
import { eq } from 'drizzle-orm';
import { licenseVerifyPath, maskName, purchaseTypeLabels, type LicenseStatus, type LicenseVerification } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Config } from '../../config/env.js';
import { beats, licenceTiers, purchases } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { productUrl } from '../../adapters/mail/templates.js';

/** Guessing ids is hopeless (96 random bits) and slowed further: 30 checks a minute per address. */
export const verificationsPerAddress: LimitRule = { name: 'license checks', max: 30, windowMs: 60_000, scales: true };

/** The absolute address of a license's verification page, for e-mails, PDFs and API responses. */
export function licenseVerifyUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, licenceId: string): string {
  return productUrl(config, licenseVerifyPath(licenceId));
}

/** A license's standing: a refund ends it; an upgrade replaces it (docs/product/licenses.md#verification). */
export function licenceStatus(row: { refundedAt: Date | null; supersededAt: Date | null }): LicenseStatus {
  if (row.refundedAt) return 'refunded';
  return row.supersededAt ? 'superseded' : 'valid';
}

export async function verifyLicence(deps: Deps, licenceId: string, address: string): Promise<LicenseVerification> {
  await deps.limiter.hit(verificationsPerAddress, address);
  const [row] = await deps.db
    .select({
      licenceId: purchases.licenceId,
      kind: purchases.kind,
      tier: purchases.tier,
      tierName: licenceTiers.name,
      title: purchases.title,
      buyerName: purchases.buyerName,
      purchasedAt: purchases.purchasedAt,
      refundedAt: purchases.refundedAt,
      supersededAt: purchases.supersededAt,
      slug: beats.slug,
      artistName: beats.artistName,
    })
    .from(purchases)
    .leftJoin(beats, eq(beats.id, purchases.beatId))
    .leftJoin(licenceTiers, eq(licenceTiers.key, purchases.tier))
    .where(eq(purchases.licenceId, licenceId))
    .limit(1);
  if (!row) throw notFound('No license has this id. Check it letter by letter, or ask the seller for the license PDF.');
  return {
    licenseId: row.licenceId,
    status: licenceStatus(row),
    licenseType: row.tierName ?? purchaseTypeLabels[row.kind],
    beatTitle: row.title,
    beatSlug: row.slug ?? null,
    artistName: row.artistName ?? null,
    purchaseDate: row.purchasedAt.toISOString(),
    // A buyer named by e-mail (no name given) shows only the e-mail's name part, masked.
    buyer: maskName(row.buyerName.includes('@') ? row.buyerName.split('@')[0]! : row.buyerName),
    ...(row.tier ? { tier: { key: row.tier, name: row.tierName ?? row.tier } } : {}),
  };
}
