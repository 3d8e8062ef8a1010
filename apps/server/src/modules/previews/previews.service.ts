/**
 * Preview rendering (docs/audio-pipeline.md): each beat's public preview is rendered from its own
 * audio with the store's tag mixed in, by durable jobs. A render is stored by content (source file
 * and tag settings), so identical sources render once; the beat switches to a new preview only when
 * it is ready, and only if its audio has not changed meanwhile.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { beats, jobs, previewRenders, type BeatRow, type StoreSettingsRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { enqueueJobs } from '../../jobs/job-queue.js';
import { PermanentJobError } from '../../jobs/job-worker.js';
import { AudioDecodeError } from '../../audio/ffmpeg.js';
import { analyseAudio, encodeTaggedPreview } from '../../audio/preview.js';
import { loadTag, readStoreSettings } from './tag.js';

export const RENDER_QUEUE = 'preview.render';
export const GC_QUEUE = 'preview.gc';
export const RETAG_QUEUE = 'preview.retag';
/** Uploads and retries go before the bulk re-render of a tag change. */
export const RENDER_PRIORITY = { interactive: 0, bulk: 10 } as const;
/** Bump when the render itself changes (encoder settings, mixing), so every preview is made anew. */
const RENDER_FORMAT = 1;

const renderJob = (beatId: string) => ({ payload: { beatId }, singletonKey: beatId });

/** Queues renders for these beats (in the caller's transaction) and marks them rendering. */
export async function enqueueRenders(conn: Db | Tx, clock: Clock, beatIds: string[], priority: number = RENDER_PRIORITY.interactive): Promise<void> {
  if (beatIds.length === 0) return;
  await enqueueJobs(conn, clock, RENDER_QUEUE, beatIds.map(renderJob), { priority });
}

/**
 * Every beat not deleted has a preview: listed beats play it in the store, and a sold exclusive's
 * owner still plays it on the dashboard (through a signed link; the public one responds with 404).
 */
const needsPreview = isNull(beats.deletedAt);

/** Beats queued for a render per step of a re-tag: each step is one short transaction. */
export const RETAG_BATCH = 2000;

/**
 * After a tag change: every preview again, in the background, at bulk priority. The change itself only
 * queues the first step of a `preview.retag` sweep; each step queues renders for the next batch of beats
 * (by id) and the step after it, so no transaction holds the database for the whole catalog.
 */
export async function startRetag(tx: Db | Tx, clock: Clock): Promise<void> {
  // A sweep still waiting from an earlier change starts over: this one covers every beat.
  await tx.delete(jobs).where(and(eq(jobs.queue, RETAG_QUEUE), eq(jobs.status, 'queued')));
  // Sweep steps go just before the renders they queue, so the whole catalog is queued within seconds.
  await enqueueJobs(tx, clock, RETAG_QUEUE, [{ payload: { after: null }, singletonKey: 'sweep' }], { priority: RENDER_PRIORITY.bulk - 1 });
}

/** One step of a re-tag sweep: the next batch of beats after `after` (an id), and the next step if more remain. */
export async function retagStep(deps: Pick<Deps, 'db' | 'clock'>, after: string | null, batch = RETAG_BATCH): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: beats.id })
      .from(beats)
      .where(after ? and(needsPreview, gt(beats.id, after)) : needsPreview)
      .orderBy(asc(beats.id))
      .limit(batch);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    await enqueueJobs(tx, deps.clock, RENDER_QUEUE, ids.map(renderJob), { priority: RENDER_PRIORITY.bulk, runAt: now });
    await tx.update(beats).set({ audioState: 'rendering', audioError: null }).where(inArray(beats.id, ids));
    if (ids.length === batch) {
      await enqueueJobs(tx, deps.clock, RETAG_QUEUE, [{ payload: { after: ids[ids.length - 1] }, singletonKey: 'sweep' }], {
        priority: RENDER_PRIORITY.bulk - 1,
      });
    }
    return ids.length;
  });
}

export function renderKeyFor(sourceKey: string, settings: StoreSettingsRow): string {
  const identity = JSON.stringify([
    RENDER_FORMAT,
    sourceKey,
    settings.tagKey ?? 'built-in',
    settings.tagFirstOffsetSeconds,
    settings.tagIntervalSeconds,
    settings.tagLevelDb,
  ]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

/** The file a preview is rendered from: the lossless master when there is one. */
export const previewSourceKey = (beat: Pick<BeatRow, 'wavKey' | 'mp3Key'>) => beat.wavKey ?? beat.mp3Key;

type RenderRow = typeof previewRenders.$inferSelect;

async function findRender(deps: Deps, renderKey: string): Promise<RenderRow | null> {
  const [row] = await deps.db.select().from(previewRenders).where(eq(previewRenders.renderKey, renderKey));
  if (!row) return null;
  const [preview, waveform] = await Promise.all([deps.storage.stat(row.previewKey), deps.storage.stat(row.waveformKey)]);
  return preview && waveform ? row : null;
}

async function renderToStorage(deps: Deps, sourceKey: string, renderKey: string, settings: StoreSettingsRow, signal: AbortSignal): Promise<RenderRow> {
  if (!(await deps.storage.stat(sourceKey))) throw new PermanentJobError("The beat's audio file is missing from storage.");
  const tag = await loadTag(deps, settings);
  try {
    const analysis = await analyseAudio(deps.storage.read(sourceKey), { signal });
    const { mp3 } = encodeTaggedPreview(deps.storage.read(sourceKey), {
      tag: tag.pcm,
      tagLoudnessLufs: tag.loudnessLufs,
      beatLoudnessLufs: analysis.loudnessLufs,
      durationSeconds: analysis.durationSeconds,
      schedule: { firstOffsetSeconds: settings.tagFirstOffsetSeconds, intervalSeconds: settings.tagIntervalSeconds },
      levelDb: settings.tagLevelDb,
      signal,
    });
    const row: RenderRow = {
      renderKey,
      previewKey: `audio/previews/${renderKey}.mp3`,
      waveformKey: `audio/waveforms/${renderKey}.json`,
      durationSeconds: analysis.durationSeconds,
      loudnessLufs: analysis.loudnessLufs,
      createdAt: deps.clock.now(),
    };
    await deps.storage.put(row.previewKey, mp3);
    await deps.storage.put(row.waveformKey, Buffer.from(JSON.stringify(analysis.waveform)));
    signal.throwIfAborted();
    await deps.db.insert(previewRenders).values(row).onConflictDoUpdate({
      target: previewRenders.renderKey,
      set: { previewKey: row.previewKey, waveformKey: row.waveformKey, durationSeconds: row.durationSeconds, createdAt: row.createdAt },
    });
    return row;
  } catch (error) {
    if (error instanceof AudioDecodeError) throw new PermanentJobError(`The beat's audio could not be decoded: ${error.message}`);
    throw error;
  }
}

/** The render job: makes (or reuses) the beat's preview for the current settings and switches the beat to it. */
export async function renderBeatPreview(deps: Deps, beatId: string, signal: AbortSignal): Promise<void> {
  const [beat] = await deps.db.select().from(beats).where(eq(beats.id, beatId));
  // A deleted beat has no preview to make.
  if (!beat || beat.deletedAt) return;
  const settings = await readStoreSettings(deps.db);
  const sourceKey = previewSourceKey(beat);
  const renderKey = renderKeyFor(sourceKey, settings);
  const render = (await findRender(deps, renderKey)) ?? (await renderToStorage(deps, sourceKey, renderKey, settings, signal));
  signal.throwIfAborted();
  await deps.db
    .update(beats)
    .set({
      previewKey: render.previewKey,
      waveformKey: render.waveformKey,
      previewRenderKey: renderKey,
      previewSettingsVersion: settings.version,
      durationSeconds: render.durationSeconds,
      audioState: 'ready',
      audioError: null,
    })
    .where(
      and(
        eq(beats.id, beatId),
        // The audio was not replaced while this rendered, and no newer settings' render landed first.
        eq(beats.mp3Key, beat.mp3Key),
        beat.wavKey ? eq(beats.wavKey, beat.wavKey) : isNull(beats.wavKey),
        or(isNull(beats.previewSettingsVersion), lte(beats.previewSettingsVersion, settings.version)),
      ),
    );
}

/** A render that failed for good: the admin sees why, and can retry. */
export async function markRenderFailed(deps: Pick<Deps, 'db'>, beatId: string, message: string): Promise<void> {
  await deps.db.update(beats).set({ audioState: 'failed', audioError: message }).where(eq(beats.id, beatId));
}

export async function retryRender(deps: Deps, beatId: string): Promise<BeatRow> {
  return deps.db.transaction(async (tx) => {
    const [beat] = await tx.select().from(beats).where(eq(beats.id, beatId)).for('update');
    if (!beat || beat.deletedAt) throw notFound('This beat does not exist.');
    await enqueueRenders(tx, deps.clock, [beatId]);
    const [after] = await tx.update(beats).set({ audioState: 'rendering', audioError: null }).where(eq(beats.id, beatId)).returning();
    return after!;
  });
}

/** Renders no beat points at any more (a tag change, a replaced file) are deleted with their files. */
export async function collectUnusedRenders(deps: Deps, graceMs = 10 * 60_000): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - graceMs);
  const unused = await deps.db
    .delete(previewRenders)
    .where(
      and(
        lt(previewRenders.createdAt, cutoff),
        notExists(deps.db.select({ one: sql`1` }).from(beats).where(eq(beats.previewRenderKey, previewRenders.renderKey))),
      ),
    )
    .returning();
  await Promise.all(unused.flatMap((r) => [deps.storage.delete(r.previewKey), deps.storage.delete(r.waveformKey)]).map((p) => p.catch(() => undefined)));
  return unused.length;
}
