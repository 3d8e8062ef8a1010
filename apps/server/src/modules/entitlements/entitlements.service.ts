/**
 * Who may download what: the one rule of the entitlement table (docs/product/entitlements.md), used by the download check,
 * the credit unlock, download links and the protected file routes.
 */
import { and, eq } from 'drizzle-orm';
import { grantedRights, type DownloadRights } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { getBeat } from '../beats/beats.service.js';
import { isListedBeat, type ListingFields } from '../beats/listing.js';
import type { Db, Tx } from '../../db/client.js';
import { beats, entitlements, type BeatRow, type EntitlementSource, type UserRow } from '../../db/schema.js';

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
 * The pure rule: rows the user holds for this beat plus the account-wide grants, limited to the files
 * the beat actually has. Rows (purchases, credit unlocks) keep working for deleted or sold beats.
 */
export function rightsFrom(user: RightsUser, beat: RightsBeat, sources: readonly EntitlementSource[]): DownloadRights {
  const rights = { ...noRights };
  for (const source of sources) {
    const grant = grantedRights[source];
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

export function hasAnyRight(rights: DownloadRights): boolean {
  return rights.mp3 || rights.wav || rights.stems;
}

export async function sourcesFor(db: Db | Tx, userId: string, beatId: string): Promise<EntitlementSource[]> {
  const rows = await db
    .select({ source: entitlements.source })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.beatId, beatId)));
  return rows.map((r) => r.source);
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
  // Only the columns the rule reads: a buyer may own hundreds of beats (docs/decisions/0015-query-plans.md).
  const rows = await deps.db
    .select({
      source: entitlements.source,
      beat: {
        id: beats.id,
        beatType: beats.beatType,
        wavKey: beats.wavKey,
        stemsKey: beats.stemsKey,
        published: beats.published,
        soldAt: beats.soldAt,
        previewKey: beats.previewKey,
      },
    })
    .from(entitlements)
    .innerJoin(beats, eq(beats.id, entitlements.beatId))
    .where(eq(entitlements.userId, user.id));
  const byBeat = new Map<string, { beat: RightsBeat; sources: EntitlementSource[] }>();
  for (const row of rows) {
    const entry = byBeat.get(row.beat.id) ?? { beat: row.beat, sources: [] };
    entry.sources.push(row.source);
    byBeat.set(row.beat.id, entry);
  }
  return [...byBeat.values()]
    .map(({ beat, sources }) => ({ beatId: beat.id, ...rightsFrom(user, beat, sources) }))
    .filter(hasAnyRight);
}

