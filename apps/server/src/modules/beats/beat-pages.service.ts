/**
 * A beat's page (docs/decisions/0020-beat-pages.md): the beat a slug names (its current slug or one it had before
 * a rename), its related beats, its play count, its artwork's source, and the listed beats' addresses for the sitemap.
 */
import { and, arrayOverlaps, asc, desc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { beatSlugHistory, beats, type BeatRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isListed, isListedBeat } from './listing.js';

/** "More like this" holds at most this many beats. */
export const RELATED_BEATS = 8;

export interface SlugMatch {
  beat: BeatRow;
  /** False when the slug is one the beat had before a rename, or another spelling of its slug. */
  current: boolean;
}

/**
 * The beat a slug names (its current slug, or one it had before a rename), whatever its state. Slugs are lower case;
 * a slug asked in other case finds its beat as an old one would.
 */
async function findBeatBySlug(deps: Deps, slug: string): Promise<SlugMatch | null> {
  const wanted = slug.toLowerCase();
  const [row] = await deps.db.select().from(beats).where(eq(beats.slug, wanted)).limit(1);
  if (row) return { beat: row, current: wanted === slug };
  const [old] = await deps.db
    .select({ beat: beats })
    .from(beatSlugHistory)
    .innerJoin(beats, eq(beats.id, beatSlugHistory.beatId))
    .where(eq(beatSlugHistory.slug, wanted))
    .limit(1);
  return old ? { beat: old.beat, current: false } : null;
}

/** A sold exclusive still in the store's records (published, not deleted): its shared link says it was sold. */
export function isSoldPage(beat: Pick<BeatRow, 'soldAt' | 'published' | 'deletedAt'>): boolean {
  return beat.soldAt !== null && beat.published && beat.deletedAt === null;
}

/**
 * What a beat's page shows (docs/product/screens-and-words.md#beat-page): a listed beat, or a sold exclusive, whose
 * address keeps answering with the beat and 'Sold' (never its preview or price). Anything else is null.
 */
export async function findBeatPageBySlug(deps: Deps, slug: string): Promise<(SlugMatch & { sold: boolean }) | null> {
  const match = await findBeatBySlug(deps, slug);
  if (!match) return null;
  if (isListedBeat(match.beat)) return { ...match, sold: false };
  return isSoldPage(match.beat) ? { ...match, sold: true } : null;
}

/**
 * What makes another beat like this one: the same genre or a shared mood. The one place to add a likeness
 * (the key, say).
 */
function likeness(beat: BeatRow): SQL | undefined {
  const alike: SQL[] = [];
  if (beat.category) alike.push(eq(beats.category, beat.category));
  if (beat.moods.length > 0) alike.push(arrayOverlaps(beats.moods, beat.moods));
  return alike.length > 0 ? or(...alike) : undefined;
}

/**
 * Up to 8 listed beats like this one (never itself), nearest BPM first; at equal distance the faster one first.
 * Two walks of the listed beats' BPM index, one up and one down from the beat's tempo, each stopping at 8
 * matches, so the cost does not grow with the catalog (docs/decisions/0020-beat-pages.md).
 */
export async function relatedBeats(deps: Deps, beat: BeatRow, limit = RELATED_BEATS): Promise<BeatRow[]> {
  const alike = likeness(beat);
  if (!alike) return [];
  const candidates = and(isListed, ne(beats.id, beat.id), alike);
  const up = await deps.db
    .select()
    .from(beats)
    .where(and(candidates, gte(beats.bpm, beat.bpm)))
    .orderBy(asc(beats.bpm), asc(beats.id))
    .limit(limit);
  const down = await deps.db
    .select()
    .from(beats)
    .where(and(candidates, lt(beats.bpm, beat.bpm)))
    .orderBy(desc(beats.bpm), desc(beats.id))
    .limit(limit);
  const related: BeatRow[] = [];
  let [u, d] = [0, 0];
  while (related.length < limit && (u < up.length || d < down.length)) {
    const faster = up[u];
    const slower = down[d];
    if (faster && (!slower || faster.bpm - beat.bpm <= beat.bpm - slower.bpm)) {
      related.push(faster);
      u++;
    } else {
      related.push(slower!);
      d++;
    }
  }
  return related;
}

/** Counted plays change without changing the catalog, so they are read for every response. */
export async function playCountOf(deps: Deps, beatId: string): Promise<number> {
  const [row] = await deps.db.select({ playCount: beats.playCount }).from(beats).where(eq(beats.id, beatId)).limit(1);
  return row?.playCount ?? 0;
}

export interface SitemapBeat {
  slug: string;
  updatedAt: Date;
  /** Where the next chunk starts (the listing's order: newest release first). */
  releaseDate: Date;
  id: string;
}

/**
 * A chunk of the listed beats' addresses and last changes, newest release first, after `after`: one range of the
 * listing index, so building the sitemap of 100,000 beats never holds the database or the event loop for long.
 */
export function listSitemapBeats(deps: Deps, after: Pick<SitemapBeat, 'releaseDate' | 'id'> | null, limit: number): Promise<SitemapBeat[]> {
  const from = after ? sql`(${beats.releaseDate}, ${beats.id}) < (${after.releaseDate.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return deps.db
    .select({ slug: beats.slug, updatedAt: beats.updatedAt, releaseDate: beats.releaseDate, id: beats.id })
    .from(beats)
    .where(and(isListed, from))
    .orderBy(desc(beats.releaseDate), desc(beats.id))
    .limit(limit);
}

/** What a listed beat's artwork is drawn from (artwork-image.ts): its id and title. */
export async function artworkSourceOf(deps: Deps, beatId: string): Promise<{ id: string; title: string }> {
  const [row] = await deps.db.select({ id: beats.id, title: beats.title }).from(beats).where(and(eq(beats.id, beatId), isListed)).limit(1);
  if (!row) throw notFound('This beat has no artwork: it is not in the store.');
  return row;
}
