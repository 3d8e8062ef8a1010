/** A buyer's purchases: the history (newest first), the bought beats, exclusives and stems, and one purchase's licence. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { purchaseTypeLabels, type PurchasedBeat, type Purchase } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, purchases, users, type PurchaseKind, type PurchaseRow, type UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { centsToDollars, toBeatDto } from '../beats/beat-dto.js';
import { ownerPreviewLink } from '../beats/preview-links.js';

export function toPurchaseDto(row: PurchaseRow): Purchase {
  return {
    _id: row.id,
    sessionType: row.sessionType,
    kind: row.kind,
    purchaseType: purchaseTypeLabels[row.kind],
    beatId: row.beatId,
    beatTitle: row.title,
    price: centsToDollars(row.priceCents),
    paymentDate: row.purchasedAt.toISOString(),
    refunded: row.refundedAt !== null,
  };
}

export async function listPurchases(deps: Deps, userId: string, limit?: number): Promise<Purchase[]> {
  const query = deps.db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(toPurchaseDto);
}

/**
 * Beats bought one way (lease, exclusive, stems), newest purchase first. Refunded purchases are not
 * ownership; beats stay here after an admin deletes them (the buyer keeps what they paid for). Their
 * preview links carry a grant for `sessionId`, the session that asks (preview-links.ts).
 */
export async function listPurchasedBeats(
  deps: Deps,
  userId: string,
  kind: Exclude<PurchaseKind, 'vipPlan'>,
  sessionId: string,
): Promise<PurchasedBeat[]> {
  const rows = await deps.db
    .select({ beat: beats, purchase: purchases })
    .from(purchases)
    .innerJoin(beats, eq(beats.id, purchases.beatId))
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, kind), isNull(purchases.refundedAt)))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
  const seen = new Set<string>();
  const list: PurchasedBeat[] = [];
  for (const { beat, purchase } of rows) {
    if (seen.has(beat.id)) continue;
    seen.add(beat.id);
    // An owner's player keeps working after the beat leaves the store (sold exclusive, deleted beat).
    list.push({
      ...toBeatDto(beat),
      streamingMp3FileLink: ownerPreviewLink(deps.config.tokenSecret, deps.clock, beat, sessionId),
      purchasedAt: purchase.purchasedAt.toISOString(),
      purchaseId: purchase.id,
    });
  }
  return list;
}

/** A purchase with its buyer, for the licence; only the buyer (or an admin) may have it. */
export async function purchaseForLicence(deps: Deps, caller: UserRow, purchaseId: string) {
  const [row] = await deps.db
    .select({ purchase: purchases, beat: beats, buyer: users })
    .from(purchases)
    .leftJoin(beats, eq(beats.id, purchases.beatId))
    .leftJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  if (!row) throw notFound('This purchase does not exist.');
  if (row.purchase.userId !== caller.id && !caller.isAdmin) throw forbidden('This purchase belongs to another account.');
  if (row.purchase.refundedAt) throw conflict('This purchase was refunded, so it carries no licence.');
  return row;
}
