/**
 * Who may download what: the one rule of the entitlement table (docs/product/entitlements.md), used by the download check,
 * the credit unlock, download links and the protected file routes.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { entitlementSources, grantedRights, tierRights, type DownloadRights, type FileType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { getBeat } from '../beats/beats.service.js';
import { isListedBeat, type ListingFields } from '../beats/listing.js';
import type { Db, Tx } from '../../db/client.js';
import { jsonRows } from '../../db/json-row.js';
import { beats, entitlements, purchases, type BeatRow, type EntitlementSource, type UserRow } from '../../db/schema.js';

export type RightsUser = Pick<UserRow, 'id' | 'userType' | 'isStemsAvailable'>;
export type RightsBeat = Pick<BeatRow, 'id' | 'beatType' | 'wavKey' | 'stemsKey'> & ListingFields;

export const noRights: DownloadRights = { mp3: false, wav: false, stems: false };

/**
 * In the VIP catalog right now: a listed Non-Exclusive beat (docs/product/catalog-and-search.md#what-is-listed).
 * The account-wide grants (VIP plan, isStemsAvailable) reach only these: a draft or a deleted beat is
 * no longer offered, and an exclusive's stems belong to whoever buys the exclusive.
 */
export function inCatalog(beat: Pick<BeatRow, 'beatType'> & ListingFields): boolean {
  return beat.beatType === 'Non-Exclusive' && isListedBeat(beat);
}

/**
 * One entitlement row as the rule reads it: its source (a way of obtaining the beat, or the key of the licence tier
 * bought) and, for a tier, its files as sold.
 */
export interface Grant {
  source: string;
  files: FileType[] | null;
}

const isSource = (source: string): source is EntitlementSource => (entitlementSources as readonly string[]).includes(source);

/** What one row grants: a tier's files as sold, else its source's row of the table. */
export function grantOf(grant: EntitlementSource | Grant): DownloadRights {
  if (typeof grant === 'string') return grantedRights[grant];
  if (grant.files) return tierRights(grant.files);
  return isSource(grant.source) ? grantedRights[grant.source] : noRights;
}

/** How a row is held, in the entitlement table's words: every non-exclusive tier is a lease. */
export const sourceKind = (source: string): EntitlementSource => (isSource(source) ? source : 'lease');

/**
 * The pure rule: rows the user holds for this beat plus the account-wide grants, limited to the files
 * the beat actually has. Rows (purchases, credit unlocks) keep working for deleted or sold beats.
 */
export function rightsFrom(user: RightsUser, beat: RightsBeat, sources: readonly (EntitlementSource | Grant)[]): DownloadRights {
  const rights = { ...noRights };
  for (const source of sources) {
    const grant = grantOf(source);
    rights.mp3 ||= grant.mp3;
    rights.wav ||= grant.wav;
    rights.stems ||= grant.stems;
  }
  if (inCatalog(beat)) {
    if (user.userType === 'vipUser') {
      rights.mp3 ||= grantedRights.vipPlan.mp3;
      rights.wav ||= grantedRights.vipPlan.wav;
      rights.stems ||= grantedRights.vipPlan.stems;
    }
    if (user.isStemsAvailable) rights.stems = true;
  }
  return { mp3: rights.mp3, wav: rights.wav && beat.wavKey !== null, stems: rights.stems && beat.stemsKey !== null };
}

/** The VIP plan: every beat of the VIP catalog, for as long as the account has it. */
export function hasCatalogPlan(user: Pick<UserRow, 'userType'>): boolean {
  return user.userType === 'vipUser';
}

/**
 * A row bought with a purchase that was refunded grants nothing (docs/product/entitlements.md#refunds); rows
 * without a purchase (credit unlocks) always count.
 */
const notRefunded = sql`not exists (select 1 from ${purchases} where ${purchases.id} = ${entitlements.purchaseId} and ${purchases.refundedAt} is not null)`;

export function hasAnyRight(rights: DownloadRights): boolean {
  return rights.mp3 || rights.wav || rights.stems;
}

export async function sourcesFor(db: Db | Tx, userId: string, beatId: string): Promise<Grant[]> {
  return db
    .select({ source: entitlements.source, files: entitlements.files })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.beatId, beatId), notRefunded));
}

/** The rows the user holds for each of these beats (refunded purchases left out). */
export async function grantsByBeat(db: Db | Tx, userId: string, beatIds: string[]): Promise<Map<string, Grant[]>> {
  const found = new Map<string, Grant[]>();
  if (beatIds.length === 0) return found;
  const rows = await db
    .select({ beatId: entitlements.beatId, source: entitlements.source, files: entitlements.files })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.beatId, beatIds), notRefunded));
  for (const { beatId, ...grant } of rows) found.set(beatId, [...(found.get(beatId) ?? []), grant]);
  return found;
}

/** What `user` may download of `beat`: { mp3, wav, stems }. */
export async function rightsFor(deps: Pick<Deps, 'db'>, user: RightsUser, beat: RightsBeat): Promise<DownloadRights> {
  return rightsFrom(user, beat, await sourcesFor(deps.db, user.id, beat.id));
}

/** What the user may download of the beat with this id (404 when there is no such beat). */
export async function rightsForBeatId(deps: Deps, user: RightsUser, beatId: string): Promise<DownloadRights> {
  return rightsFor(deps, user, await getBeat(deps, beatId));
}

/** Every beat the user holds rows for (purchases, credit unlocks) and what each allows; account-wide grants are not listed. */
export async function ownedBeats(deps: Pick<Deps, 'db'>, user: RightsUser): Promise<(DownloadRights & { beatId: string })[]> {
  // Only the columns the rule reads, as one JSON value: a buyer may own hundreds of beats
  // (docs/decisions/0015-query-plans.md#output-bound-lists).
  const [all] = await deps.db
    .select({
      rows: jsonRows({
        source: entitlements.source,
        files: entitlements.files,
        id: beats.id,
        beatType: beats.beatType,
        wavKey: beats.wavKey,
        stemsKey: beats.stemsKey,
        published: beats.published,
        soldAt: beats.soldAt,
        previewKey: beats.previewKey,
      }),
    })
    .from(entitlements)
    .innerJoin(beats, eq(beats.id, entitlements.beatId))
    .where(and(eq(entitlements.userId, user.id), notRefunded));
  const byBeat = new Map<string, { beat: RightsBeat; sources: Grant[] }>();
  for (const row of all!.rows) {
    const entry = byBeat.get(row.id) ?? { beat: row, sources: [] };
    entry.sources.push({ source: row.source, files: row.files });
    byBeat.set(row.id, entry);
  }
  return [...byBeat.values()]
    .map(({ beat, sources }) => ({ beatId: beat.id, ...rightsFrom(user, beat, sources) }))
    .filter(hasAnyRight);
}


/** One way a user holds a beat: the row's source, when, and the purchase behind it (none for a credit unlock). */
export interface Hold {
  /** How it is held, in the entitlement table's words (every non-exclusive tier is a lease). */
  source: EntitlementSource;
  /** The licence tier bought, or null (stems, a credit unlock). */
  tier: string | null;
  files: FileType[] | null;
  acquiredAt: Date;
  purchaseId: string | null;
  checkoutId: string | null;
}

export interface HeldBeat {
  beat: BeatRow;
  /** Newest first. */
  holds: Hold[];
  rights: DownloadRights;
  /** The newest hold's time: the library's order. */
  acquiredAt: Date;
}

/**
 * Every beat the user holds rows for (purchases, credit unlocks) with how and when each was obtained and what it
 * allows now, newest first (the most recent hold counts); beats that allow nothing are left out. The account-wide
 * grants (VIP plan, stems grant) add to the rights of these beats but bring no beat of their own.
 */
export async function heldBeats(deps: Pick<Deps, 'db'>, user: RightsUser): Promise<HeldBeat[]> {
  const rows = await deps.db
    .select({
      beat: beats,
      source: entitlements.source,
      files: entitlements.files,
      tier: purchases.tier,
      createdAt: entitlements.createdAt,
      purchaseId: entitlements.purchaseId,
      checkoutId: purchases.checkoutId,
      purchasedAt: purchases.purchasedAt,
    })
    .from(entitlements)
    .innerJoin(beats, eq(beats.id, entitlements.beatId))
    .leftJoin(purchases, eq(purchases.id, entitlements.purchaseId))
    .where(and(eq(entitlements.userId, user.id), notRefunded))
    .orderBy(desc(entitlements.createdAt), desc(entitlements.beatId));
  const byBeat = new Map<string, { beat: BeatRow; holds: Hold[] }>();
  for (const row of rows) {
    const entry = byBeat.get(row.beat.id) ?? { beat: row.beat, holds: [] };
    entry.holds.push({
      source: sourceKind(row.source),
      tier: row.tier,
      files: row.files,
      acquiredAt: row.purchasedAt ?? row.createdAt,
      purchaseId: row.purchaseId,
      checkoutId: row.checkoutId,
    });
    byBeat.set(row.beat.id, entry);
  }
  const held: HeldBeat[] = [];
  for (const { beat, holds } of byBeat.values()) {
    holds.sort((a, b) => b.acquiredAt.getTime() - a.acquiredAt.getTime());
    const rights = rightsFrom(
      user,
      beat,
      holds.map((h) => (h.files ? { source: h.source, files: h.files } : h.source)),
    );
    if (hasAnyRight(rights)) held.push({ beat, holds, rights, acquiredAt: holds[0]!.acquiredAt });
  }
  return held.sort((a, b) => b.acquiredAt.getTime() - a.acquiredAt.getTime() || (a.beat.id < b.beat.id ? 1 : -1));
}

/** What the account-wide grants alone allow of a beat the user holds no rows for (a VIP catalog beat). */
export function grantedRightsOf(user: RightsUser, beat: RightsBeat): DownloadRights {
  return rightsFrom(user, beat, []);
}
