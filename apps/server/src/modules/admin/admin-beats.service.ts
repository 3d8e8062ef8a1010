/** Beats management: the admin's list, add and edit with uploaded files, unpublish, publish and delete. */
import { and, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { adminBeatFields, beatFileMessages, type AdminBeat, type BeatType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { beats, type BeatFileInfo, type BeatRow } from '../../db/schema.js';
import type { Mp3Info, StemsInfo, WavInfo } from '@beat/shared';
import { enqueueRenders, retryRender } from '../previews/previews.service.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { toBeatDto } from '../beats/beat-dto.js';
import { searchPattern } from '../beats/beats.service.js';
import { beatSnapshot, changeRecord, recordAudit, type AuditActor } from '../audit/audit.service.js';
import { discardBeatFiles, UPLOAD_PREFIX, type BeatForm } from './beat-uploads.js';
import { countBeatMatches } from './beat-search-counts.js';
import { listTotals } from './daily-totals.js';

export function beatStatus(row: BeatRow): AdminBeat['status'] {
  if (row.deletedAt) return 'deleted';
  if (row.soldAt) return 'sold';
  return row.published ? 'published' : 'unpublished';
}

export function toAdminBeatDto(row: BeatRow): AdminBeat {
  // Added to the beat's own response object rather than spread into a new one: see listPurchasedBeats.
  return Object.assign(toBeatDto(row), {
    status: beatStatus(row),
    published: row.published,
    soldAt: row.soldAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    playCount: row.playCount,
    hasWav: row.wavKey !== null,
    audioState: row.audioState,
    audioError: row.audioError,
    hasPreview: row.previewKey !== null,
    fileInfo: row.fileInfo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

export interface AdminBeatList {
  q?: string;
  type?: BeatType;
  page: number;
  pageSize: number;
  /** Starts the page right after the beat this cursor names (keyset paging); `page` is then only its number. */
  cursor?: string;
}

const adminOrder = [desc(beats.createdAt), desc(beats.releaseDate), desc(beats.id)];
const adminKey = [cursorValue.timestamp, cursorValue.timestamp, cursorValue.uuid] as const;

/**
 * Every beat not deleted, published or not, sold or not: newest additions first. The search is the catalog's
 * (its search text holds the artist too). A cursor page walks the list's index from the cursor; a page number
 * without one reads the page's ids from the index alone. The unsearched totals are the day totals' sums
 * (docs/decisions/0015-query-plans.md).
 */
export async function listAdminBeats(
  deps: Deps,
  input: AdminBeatList,
): Promise<{ rows: BeatRow[]; total: number; nextCursor: string | null }> {
  const filters: SQL[] = [isNull(beats.deletedAt)];
  if (input.type) filters.push(eq(beats.beatType, input.type));
  const pattern = input.q ? searchPattern(input.q) : null;
  if (pattern) filters.push(like(beats.searchText, pattern));
  const matching = and(...filters)!;
  const after = input.cursor ? decodeCursor(input.cursor, adminKey) : null;
  const offset = (input.page - 1) * input.pageSize;
  // The sort key is read as the database prints it, so the cursor keeps the timestamps' microseconds.
  const columns = { beat: beats, created: sql<string>`${beats.createdAt}::text`, released: sql<string>`${beats.releaseDate}::text` };
  let rows: { beat: BeatRow; created: string; released: string }[];
  let total: number;
  if (pattern) {
    // The count is kept per catalog version (beat-search-counts.ts). The page is read the cheaper of two ways
    // (docs/decisions/0015-query-plans.md#counts-by-catalog-version): when the matches are many, the list's index is
    // walked with the search as a filter, which finds the page after about (offset + page) × list ÷ matches rows; when
    // they are few, the matches are read through the trigram index and sorted, in an order no index gives, so the list
    // is never walked past every beat the search leaves out.
    const [matched, totals] = await Promise.all([
      countBeatMatches(deps.db, JSON.stringify(['admin-beats', pattern, input.type ?? null]), matching),
      listTotals(deps),
    ]);
    total = matched;
    const listSize = input.type === 'Exclusive' ? totals.liveExclusives : input.type ? totals.liveBeats - totals.liveExclusives : totals.liveBeats;
    const walk = ((after ? 0 : offset) + input.pageSize + 1) * listSize < total * total;
    const key = walk
      ? ([beats.createdAt, beats.releaseDate] as const)
      : ([sql`${beats.createdAt} + interval '0 seconds'`, sql`${beats.releaseDate} + interval '0 seconds'`] as const);
    const from = after ? sql`(${key[0]}, ${key[1]}, ${beats.id}) < (${after[0]}::timestamptz, ${after[1]}::timestamptz, ${after[2]}::uuid)` : undefined;
    rows =
      total === 0
        ? []
        : await deps.db
            .select(columns)
            .from(beats)
            .where(and(matching, from))
            .orderBy(desc(key[0]), desc(key[1]), desc(beats.id))
            .limit(input.pageSize + 1)
            .offset(after ? 0 : offset);
  } else {
    const where = after
      ? and(
          matching,
          sql`(${beats.createdAt}, ${beats.releaseDate}, ${beats.id}) < (${after[0]}::timestamptz, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
        )
      : matching;
    const page = after
      ? deps.db.select(columns).from(beats).where(where).orderBy(...adminOrder).limit(input.pageSize + 1)
      : deps.db
          .select(columns)
          .from(beats)
          .where(inArray(beats.id, deps.db.select({ id: beats.id }).from(beats).where(where).orderBy(...adminOrder).limit(input.pageSize + 1).offset(offset)))
          .orderBy(...adminOrder);
    const counted = async () => {
      const totals = await listTotals(deps);
      if (input.type === 'Exclusive') return totals.liveExclusives;
      return input.type ? totals.liveBeats - totals.liveExclusives : totals.liveBeats;
    };
    [rows, total] = await Promise.all([page, counted()]);
  }
  const shown = rows.slice(0, input.pageSize);
  const last = shown[shown.length - 1];
  return {
    rows: shown.map((r) => r.beat),
    total,
    nextCursor: rows.length > input.pageSize && last ? encodeCursor([last.created, last.released, last.beat.id]) : null,
  };
}

export async function getAdminBeat(deps: Deps, beatId: string): Promise<BeatRow> {
  const [beat] = await deps.db.select().from(beats).where(eq(beats.id, beatId)).limit(1);
  if (!beat) throw notFound('This beat does not exist.');
  return beat;
}

async function lockBeat(tx: Tx, beatId: string): Promise<BeatRow> {
  const [beat] = await tx.select().from(beats).where(eq(beats.id, beatId)).for('update').limit(1);
  if (!beat) throw notFound('This beat does not exist.');
  if (beat.deletedAt) throw notFound('This beat was deleted.');
  return beat;
}

/** The form's fields, checked by the shared schema plus the rules that need the clock. */
function parseFields(deps: Deps, fields: Record<string, string>, countdownMustBeFuture: (end: string) => boolean) {
  const parsed = adminBeatFields.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The beat is not valid.');
  const beat = parsed.data;
  const countdown = beat.beatType === 'Exclusive' ? beat.countdownEndTime : null;
  if (countdown && countdownMustBeFuture(countdown) && new Date(countdown) <= deps.clock.now()) {
    throw badRequest('Countdown end must be in the future.');
  }
  return {
    title: beat.beatTitle,
    artistName: beat.artistName,
    category: beat.category,
    bpm: beat.bpm,
    releaseDate: new Date(`${beat.releaseDate}T00:00:00.000Z`),
    tags: beat.tags,
    musicalKey: beat.musicalKey,
    moods: beat.moods,
    priceCents: beat.price === null ? null : Math.round(beat.price * 100),
    beatType: beat.beatType,
    countdownEndTime: countdown ? new Date(countdown) : null,
    freeDownload: beat.freeDownload,
  };
}

/** What decoding found in each uploaded file, kept with the beat and shown in the admin form. */
function fileInfoOf(files: BeatForm['files']): BeatFileInfo {
  return {
    ...(files.mp3 ? { mp3: files.mp3.info as Mp3Info } : {}),
    ...(files.wav ? { wav: files.wav.info as WavInfo } : {}),
    ...(files.stems ? { stems: files.stems.info as StemsInfo } : {}),
  };
}

export async function createAdminBeat(deps: Deps, actor: AuditActor, form: BeatForm): Promise<BeatRow> {
  try {
    const values = parseFields(deps, form.fields, () => true);
    const mp3 = form.files.mp3;
    if (!mp3) throw badRequest(beatFileMessages.mp3Required);
    const now = deps.clock.now();
    return await deps.db.transaction(async (tx) => {
      // Published as soon as its preview is ready: until then the store does not list it.
      const [beat] = await tx
        .insert(beats)
        .values({
          ...values,
          mp3Key: mp3.key,
          durationSeconds: (mp3.info as Mp3Info).durationSeconds,
          wavKey: form.files.wav?.key ?? null,
          stemsKey: form.files.stems?.key ?? null,
          fileInfo: fileInfoOf(form.files),
          audioState: 'rendering',
          published: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await enqueueRenders(tx, deps.clock, [beat!.id]);
      await recordAudit(tx, actor, now, { action: 'beat.create', targetType: 'beat', targetId: beat!.id, after: beatSnapshot(beat!) });
      return beat!;
    });
  } catch (error) {
    await discardBeatFiles(deps, form.files);
    throw error;
  }
}

/** Replaces a beat's fields; each file sent replaces that file (the MP3 also replaces the preview and duration). */
export async function updateAdminBeat(deps: Deps, actor: AuditActor, beatId: string, form: BeatForm): Promise<BeatRow> {
  let replaced: string[] = [];
  let updated: BeatRow;
  try {
    const now = deps.clock.now();
    updated = await deps.db.transaction(async (tx) => {
      const before = await lockBeat(tx, beatId);
      // An unchanged countdown may already have passed; a new one must lie ahead.
      const values = parseFields(deps, form.fields, (end) => before.countdownEndTime?.toISOString() !== end);
      if (before.soldAt && (values.beatType !== before.beatType || values.priceCents !== before.priceCents)) {
        throw conflict('This exclusive has been sold: its type and price can no longer change.');
      }
      const { mp3, wav, stems } = form.files;
      // New audio means a new preview; the current one keeps playing until it is ready.
      const audioChanged = Boolean(mp3 || wav);
      const [after] = await tx
        .update(beats)
        .set({
          ...values,
          ...(mp3 ? { mp3Key: mp3.key, durationSeconds: (mp3.info as Mp3Info).durationSeconds } : {}),
          ...(wav ? { wavKey: wav.key } : {}),
          ...(stems ? { stemsKey: stems.key } : {}),
          fileInfo: { ...before.fileInfo, ...fileInfoOf(form.files) },
          ...(audioChanged ? { audioState: 'rendering' as const, audioError: null } : {}),
          updatedAt: now,
        })
        .where(eq(beats.id, beatId))
        .returning();
      if (audioChanged) await enqueueRenders(tx, deps.clock, [beatId]);
      replaced = [
        mp3 && before.mp3Key,
        wav && before.wavKey,
        stems && before.stemsKey,
      ].filter((k): k is string => typeof k === 'string');
      await recordAudit(tx, actor, now, changeRecord('beat.update', 'beat', beatId, beatSnapshot, before, after!));
      return after!;
    });
  } catch (error) {
    await discardBeatFiles(deps, form.files);
    throw error;
  }
  await deleteUnusedUploads(deps, replaced);
  return updated;
}

/** Files an edit replaced: removed once no beat points at them (demo files are shared and never removed). */
async function deleteUnusedUploads(deps: Deps, keys: string[]): Promise<void> {
  const candidates = [...new Set(keys)].filter((k) => k.startsWith(UPLOAD_PREFIX));
  if (candidates.length === 0) return;
  const inUse = await deps.db
    .select({ mp3Key: beats.mp3Key, wavKey: beats.wavKey, stemsKey: beats.stemsKey })
    .from(beats)
    .where(
      or(
        inArray(beats.mp3Key, candidates),
        inArray(beats.wavKey, candidates),
        inArray(beats.stemsKey, candidates),
      ),
    );
  const used = new Set(inUse.flatMap((r) => [r.mp3Key, r.wavKey, r.stemsKey]));
  await Promise.all(candidates.filter((k) => !used.has(k)).map((k) => deps.storage.delete(k).catch(() => undefined)));
}

export async function setBeatPublished(deps: Deps, actor: AuditActor, beatId: string, published: boolean): Promise<BeatRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockBeat(tx, beatId);
    if (before.published === published) return before;
    const [after] = await tx.update(beats).set({ published, updatedAt: now }).where(eq(beats.id, beatId)).returning();
    await recordAudit(tx, actor, now, changeRecord(published ? 'beat.publish' : 'beat.unpublish', 'beat', beatId, beatSnapshot, before, after!));
    return after!;
  });
}

/**
 * Delete takes the beat out of the store and the admin lists for good, but keeps the row and its files:
 * those who bought it keep downloading it (docs/product/entitlements.md).
 */
export async function deleteAdminBeat(deps: Deps, actor: AuditActor, beatId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockBeat(tx, beatId);
    const [after] = await tx
      .update(beats)
      .set({ published: false, deletedAt: now, updatedAt: now })
      .where(eq(beats.id, beatId))
      .returning();
    await recordAudit(tx, actor, now, changeRecord('beat.delete', 'beat', beatId, beatSnapshot, before, after!));
  });
}

/** Renders a beat's preview again after a failure (the Retry button of beats management). */
export function retryBeatPreview(deps: Deps, beatId: string): Promise<BeatRow> {
  return retryRender(deps, beatId);
}
