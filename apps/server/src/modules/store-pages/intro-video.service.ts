/**
 * The /vip intro video (docs/product/store-pages.md#intro-video): what the page shows, an admin's upload
 * replacing it, and the store's own rendered one, made by a durable job on the queue.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { IntroVideo } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { beats, introVideo, jobs, type IntroVideoRow } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { INTRO_PREFIX, type StoredPart } from './intro-video-files.js';
import { renderIntroVideo } from './intro-video-render.js';

export const INTRO_VIDEO_QUEUE = 'intro-video.render';

async function readRow(conn: Db | Tx): Promise<IntroVideoRow> {
  const [row] = await conn.select().from(introVideo).where(eq(introVideo.id, 1));
  if (row) return row;
  await conn.insert(introVideo).values({ id: 1 }).onConflictDoNothing();
  const [created] = await conn.select().from(introVideo).where(eq(introVideo.id, 1));
  return created!;
}

async function lockRow(tx: Tx): Promise<IntroVideoRow> {
  await readRow(tx);
  const [row] = await tx.select().from(introVideo).where(eq(introVideo.id, 1)).for('update');
  return row!;
}

async function isRendering(conn: Db): Promise<boolean> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.queue, INTRO_VIDEO_QUEUE), inArray(jobs.status, ['queued', 'running'])));
  return Number(row?.n ?? 0) > 0;
}

/** The links carry the version, so a replaced video is never served from a browser's cache. */
export async function introVideoView(deps: Pick<Deps, 'db'>): Promise<IntroVideo> {
  const row = await readRow(deps.db);
  const v = `?v=${row.version}`;
  return {
    video: row.videoKey && row.videoType ? { url: `/api/intro-video/video${v}`, type: row.videoType } : null,
    posterUrl: row.posterKey ? `/api/intro-video/poster${v}` : null,
    captionsUrl: row.captionsKey ? `/api/intro-video/captions${v}` : null,
    generated: row.generated,
    rendering: row.videoKey ? false : await isRendering(deps.db),
  };
}

export type IntroFile = 'video' | 'poster' | 'captions';

/** Where one of the parts is stored and its type, for sending it. */
export async function introFile(deps: Pick<Deps, 'db'>, file: IntroFile): Promise<{ key: string; contentType: string }> {
  const row = await readRow(deps.db);
  const found =
    file === 'video'
      ? row.videoKey && row.videoType && { key: row.videoKey, contentType: row.videoType }
      : file === 'poster'
        ? row.posterKey && row.posterType && { key: row.posterKey, contentType: row.posterType }
        : row.captionsKey && { key: row.captionsKey, contentType: 'text/vtt; charset=utf-8' };
  if (!found) throw notFound('The store has no intro video yet.');
  return found;
}

const keysOf = (row: IntroVideoRow) => [row.videoKey, row.posterKey, row.captionsKey].filter((k): k is string => k !== null);

async function deleteKeys(deps: Pick<Deps, 'storage'>, keys: string[]): Promise<void> {
  await Promise.all(keys.filter((k) => k.startsWith(INTRO_PREFIX)).map((k) => deps.storage.delete(k).catch(() => undefined)));
}

/** An admin's video and poster (and captions, if sent), already stored and checked, replace the current ones. */
export async function replaceIntroVideo(
  deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
  actor: AuditActor,
  parts: { video: StoredPart; poster: StoredPart; captions?: StoredPart },
): Promise<IntroVideo> {
  const now = deps.clock.now();
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockRow(tx);
    await tx
      .update(introVideo)
      .set({
        videoKey: parts.video.key,
        videoType: parts.video.contentType as 'video/mp4' | 'video/webm',
        posterKey: parts.poster.key,
        posterType: parts.poster.contentType,
        captionsKey: parts.captions?.key ?? null,
        generated: false,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(introVideo.id, 1));
    await recordAudit(tx, actor, now, {
      action: 'store.intro-video',
      targetType: 'store',
      targetId: null,
      before: { tag: row.videoKey ? (row.generated ? 'rendered intro video' : 'uploaded intro video') : 'no intro video' },
      after: { tag: 'uploaded intro video', type: parts.video.contentType, captions: Boolean(parts.captions) },
    });
    return row;
  });
  await deleteKeys(deps, keysOf(before));
  return introVideoView(deps);
}

/** Queues the store's own video, once (the demo store's first start). */
export async function enqueueIntroVideoRender(conn: Db | Tx, clock: Clock): Promise<void> {
  await enqueueJob(conn, clock, INTRO_VIDEO_QUEUE, {}, { singletonKey: 'intro-video', priority: 20, maxAttempts: 3 });
}

/** A listed beat's public preview: the video is public, so it is made only of what the store already plays to everyone. */
async function previewToDraw(db: Db): Promise<{ previewKey: string | null; durationSeconds: number | null } | null> {
  const [beat] = await db
    .select({ previewKey: beats.previewKey, durationSeconds: beats.durationSeconds })
    .from(beats)
    .where(and(eq(beats.published, true), isNull(beats.soldAt), isNull(beats.deletedAt), sql`${beats.previewKey} is not null`))
    .orderBy(asc(beats.createdAt), asc(beats.id))
    .limit(1);
  return beat ?? null;
}

export type RenderOutcome = 'rendered' | 'kept-upload' | 'no-audio';

/**
 * The job: renders the clip and stores it, unless an admin's video is there (before or after the render:
 * an upload always wins and the render is thrown away).
 */
export async function renderStoreIntroVideo(deps: Pick<Deps, 'db' | 'clock' | 'storage'>, signal?: AbortSignal): Promise<RenderOutcome> {
  const current = await readRow(deps.db);
  if (current.videoKey && !current.generated) return 'kept-upload';
  const beat = await previewToDraw(deps.db);
  if (!beat?.previewKey) return 'no-audio';
  const rendered = await renderIntroVideo(deps.storage.read(beat.previewKey), beat.durationSeconds, signal);
  const id = randomUUID();
  const videoKey = `${INTRO_PREFIX}store-${id}.${rendered.videoType === 'video/mp4' ? 'mp4' : 'webm'}`;
  const posterKey = `${INTRO_PREFIX}store-${id}.jpg`;
  await deps.storage.put(videoKey, rendered.video);
  await deps.storage.put(posterKey, rendered.poster);
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockRow(tx);
    if (row.videoKey && !row.generated) return { kept: true as const, row };
    await tx
      .update(introVideo)
      .set({
        videoKey,
        videoType: rendered.videoType,
        posterKey,
        posterType: 'image/jpeg',
        captionsKey: null,
        generated: true,
        version: row.version + 1,
        updatedAt: deps.clock.now(),
      })
      .where(eq(introVideo.id, 1));
    return { kept: false as const, row };
  });
  if (outcome.kept) {
    await deleteKeys(deps, [videoKey, posterKey]);
    return 'kept-upload';
  }
  await deleteKeys(deps, keysOf(outcome.row));
  return 'rendered';
}
