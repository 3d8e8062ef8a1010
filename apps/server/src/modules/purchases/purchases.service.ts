/** A buyer's purchases: the history (newest first), the bought beats, exclusives and stems, and one purchase's licence. */
import { tierField, tierNames } from '../offers/tier-offers.js';
import { and, desc, eq, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { purchaseTypeLabels, type PurchasedBeat, type Purchase } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, entitlements, licenceTerms, licenceTiers, purchases, users, type PurchaseKind, type PurchaseRow, type UserRow } from '../../db/schema.js';
import { currentTermsOf, filledTerms } from '../licences/licence-terms.service.js';
import { formatUsDate, formatUsd } from '../offers/offers.js';
import type { LicenceInput } from './licence-pdf.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { beatDtoColumns, centsToDollars, toBeatDto, type BeatDtoRow } from '../beats/beat-dto.js';
import { jsonRows } from '../../db/json-row.js';
import { ownerPreviewLink } from '../beats/preview-links.js';
import { licenceStatus, licenseVerifyUrl } from '../licences/licence-verify.service.js';

export { listUpgrades } from '../offers/upgrades.js';

/**
 * The columns a purchase's response shows: a buyer's whole history is hundreds of rows, and on the embedded database
 * every column of every row costs its own copy and decode (docs/decisions/0015-query-plans.md#output-bound-lists).
 */
const purchaseDtoColumns = {
  id: purchases.id,
  sessionType: purchases.sessionType,
  kind: purchases.kind,
  beatId: purchases.beatId,
  title: purchases.title,
  priceCents: purchases.priceCents,
  purchasedAt: purchases.purchasedAt,
  refundedAt: purchases.refundedAt,
  supersededAt: purchases.supersededAt,
  licenceId: purchases.licenceId,
  tier: purchases.tier,
};

type PurchaseDtoRow = Pick<PurchaseRow, keyof typeof purchaseDtoColumns>;

function toPurchaseDto(deps: Deps, row: PurchaseDtoRow, names: Map<string, string>): Purchase {
  const { tier } = tierField(row.tier, names);
  return {
    _id: row.id,
    sessionType: row.sessionType,
    kind: row.kind,
    // The tier's name ("WAV Lease"); the MP3 Lease and the Exclusive read as they always have.
    purchaseType: tier?.name ?? purchaseTypeLabels[row.kind],
    beatId: row.beatId,
    beatTitle: row.title,
    price: centsToDollars(row.priceCents),
    paymentDate: row.purchasedAt.toISOString(),
    refunded: row.refundedAt !== null,
    licenseId: row.licenceId,
    verifyUrl: licenseVerifyUrl(deps.config, row.licenceId),
    status: licenceStatus(row),
    ...(tier ? { tier } : {}),
  };
}

export interface ListPage {
  /** At most this many; without it, the whole list. */
  limit?: number;
  /** The previous page's `nextCursor`. */
  cursor?: string;
}

const purchaseKey = [cursorValue.timestamp, cursorValue.uuid] as const;

/** Rows after the cursor's purchase in the buyer's order (newest first), walking `purchases_user_idx`. */
function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [purchasedAt, id] = decodeCursor(cursor, purchaseKey);
  return sql`(${purchases.purchasedAt}, ${purchases.id}) < (${purchasedAt}::timestamptz, ${id}::uuid)`;
}

/** The purchase's sort key as the database prints it, so a cursor keeps the timestamp's microseconds. */
const purchaseKeyText = sql<string>`${purchases.purchasedAt}::text`;

function nextCursorOf<T extends { key: string; purchase: Pick<PurchaseRow, 'id'> }>(rows: T[], limit: number | undefined): { shown: T[]; nextCursor: string | null } {
  if (!limit || rows.length <= limit) return { shown: rows, nextCursor: null };
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1]!;
  return { shown, nextCursor: encodeCursor([last.key, last.purchase.id]) };
}

/** A buyer's purchases, newest first: all of them, or a page (keyset, docs/decisions/0015-query-plans.md). */
export async function listPurchases(deps: Deps, userId: string, page: ListPage = {}): Promise<{ purchases: Purchase[]; nextCursor: string | null }> {
  const replaced = alias(purchases, 'replaced');
  const upgradedFrom = eq(replaced.supersededBy, purchases.id);
  const where = and(eq(purchases.userId, userId), afterCursor(page.cursor));
  const order = [desc(purchases.purchasedAt), desc(purchases.id)];
  const names = await tierNames(deps.db);
  const toEntry = (purchase: PurchaseDtoRow, replacedPaidCents: number | null) => {
    const entry = toPurchaseDto(deps, purchase, names);
    return replacedPaidCents === null ? entry : Object.assign(entry, { upgradedFromPaid: centsToDollars(replacedPaidCents) });
  };
  if (!page.limit) {
    // The whole history: one JSON value (docs/decisions/0015-query-plans.md#output-bound-lists).
    const [all] = await deps.db
      .select({ rows: jsonRows({ ...purchaseDtoColumns, replacedPaidCents: replaced.priceCents }, ...order) })
      .from(purchases)
      .leftJoin(replaced, upgradedFrom)
      .where(where);
    return { purchases: all!.rows.map((row) => toEntry(row, row.replacedPaidCents as number | null)), nextCursor: null };
  }
  const rows = await deps.db
    .select({ purchase: purchaseDtoColumns, key: purchaseKeyText, replacedPaidCents: replaced.priceCents })
    .from(purchases)
    .leftJoin(replaced, upgradedFrom)
    .where(where)
    .orderBy(...order)
    .limit(page.limit + 1);
  const { shown, nextCursor } = nextCursorOf(rows, page.limit);
  return { purchases: shown.map((r) => toEntry(r.purchase, r.replacedPaidCents)), nextCursor };
}

/**
 * Beats bought one way (lease, exclusive, stems), newest purchase first, each beat once (at its latest purchase of
 * that kind). Refunded purchases are not ownership; beats stay here after an admin deletes them (the buyer keeps
 * what they paid for). Their preview links carry a grant for `sessionId`, the session that asks (preview-links.ts).
 * All of them, or a page: a purchase superseded by a newer one of the same beat is left out in the query itself,
 * so pages never repeat a beat.
 */
export async function listPurchasedBeats(
  deps: Deps,
  userId: string,
  kind: Exclude<PurchaseKind, 'vipPlan'>,
  sessionId: string,
  page: ListPage = {},
): Promise<{ beats: PurchasedBeat[]; nextCursor: string | null }> {
  const newer = alias(purchases, 'newer');
  const where = and(
    eq(purchases.userId, userId),
    eq(purchases.kind, kind),
    isNull(purchases.refundedAt),
    afterCursor(page.cursor),
    notExists(
      deps.db
        .select({ one: sql`1` })
        .from(newer)
        .where(
          and(
            eq(newer.beatId, purchases.beatId),
            eq(newer.userId, purchases.userId),
            eq(newer.kind, purchases.kind),
            isNull(newer.refundedAt),
            sql`(${newer.purchasedAt}, ${newer.id}) > (${purchases.purchasedAt}, ${purchases.id})`,
          ),
        ),
    ),
  );
  const order = [desc(purchases.purchasedAt), desc(purchases.id)];
  // An owner's player keeps working after the beat leaves the store (sold exclusive, deleted beat).
  // Fields are added to the response's own object: a spread into a new one costs about 6 µs a row
  // (docs/decisions/0015-query-plans.md#output-bound-lists).
  const toPurchasedBeat = (beat: BeatDtoRow, purchase: { id: string; purchasedAt: Date }): PurchasedBeat =>
    Object.assign(toBeatDto(beat), {
      streamingMp3FileLink: ownerPreviewLink(deps.config.tokenSecret, deps.clock, beat, sessionId),
      purchasedAt: purchase.purchasedAt.toISOString(),
      purchaseId: purchase.id,
    });
  if (!page.limit) {
    // The whole list: one JSON value (docs/decisions/0015-query-plans.md#output-bound-lists).
    const [all] = await deps.db
      .select({ rows: jsonRows({ ...beatDtoColumns, purchaseId: purchases.id, boughtAt: purchases.purchasedAt }, ...order) })
      .from(purchases)
      .innerJoin(beats, eq(beats.id, purchases.beatId))
      .where(where);
    return { beats: all!.rows.map((row) => toPurchasedBeat(row, { id: row.purchaseId, purchasedAt: row.boughtAt })), nextCursor: null };
  }
  const rows = await deps.db
    .select({ beat: beatDtoColumns, purchase: { id: purchases.id, purchasedAt: purchases.purchasedAt }, key: purchaseKeyText })
    .from(purchases)
    .innerJoin(beats, eq(beats.id, purchases.beatId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit + 1);
  const { shown, nextCursor } = nextCursorOf(rows, page.limit);
  return { beats: shown.map(({ beat, purchase }) => toPurchasedBeat(beat, purchase)), nextCursor };
}

/** One purchase's license, as its PDF states it: the frozen terms with the sale's own values in their placeholders. */
export async function licenceForPurchase(deps: Deps, caller: UserRow, purchaseId: string): Promise<LicenceInput> {
  const [row] = await deps.db
    .select({ purchase: purchases, beat: beats, buyer: users, terms: licenceTerms, tierName: licenceTiers.name, soldFiles: entitlements.files })
    .from(purchases)
    .leftJoin(beats, eq(beats.id, purchases.beatId))
    .leftJoin(users, eq(users.id, purchases.userId))
    .leftJoin(licenceTerms, eq(licenceTerms.id, purchases.termsId))
    .leftJoin(licenceTiers, eq(licenceTiers.key, purchases.tier))
    .leftJoin(entitlements, eq(entitlements.purchaseId, purchases.id))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  if (!row) throw notFound('This purchase does not exist.');
  const { purchase, beat, buyer } = row;
  if (purchase.userId !== caller.id && !caller.isAdmin) throw forbidden('This purchase belongs to another account.');
  if (purchase.refundedAt) throw conflict('This purchase was refunded, so it carries no license.');
  const terms = row.terms ?? (await currentTermsOf(deps.db, purchase.tier ?? purchase.kind));
  const licenceType = row.tierName ?? purchaseTypeLabels[purchase.kind];
  const name = buyer?.fullName ?? purchase.buyerName;
  const email = buyer?.email ?? purchase.buyerEmail;
  const artistName = beat?.artistName ?? null;
  const filled = filledTerms(terms, {
    buyerName: name,
    buyerEmail: email,
    beatTitle: purchase.kind === 'vipPlan' ? 'every Non-Exclusive beat of the VIP catalog' : purchase.title,
    artistName: artistName ?? 'Beat Market',
    licenceType,
    price: formatUsd(purchase.priceCents),
    purchaseDate: formatUsDate(purchase.purchasedAt),
    licenceId: purchase.licenceId,
  });
  return {
    licenceId: purchase.licenceId,
    verifyUrl: licenseVerifyUrl(deps.config, purchase.licenceId),
    orderId: purchase.checkoutId,
    kind: purchase.kind,
    purchasedAt: purchase.purchasedAt,
    priceCents: purchase.priceCents,
    buyer: { name, email },
    beat: purchase.kind === 'vipPlan' ? null : { title: purchase.title, artistName, bpm: beat?.bpm ?? null },
    terms: { ...filled, numbers: terms },
    ...(row.tierName ? { tier: { name: row.tierName, files: row.soldFiles } } : {}),
  };
}
