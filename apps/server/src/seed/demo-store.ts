/**
 * The demo store a fresh data folder gets outside production: 330 VIP catalog beats, 10 exclusives,
 * real generated audio (24 distinct tracks, stems for half of them), tagged previews rendered with the
 * built-in tag, and the README's demo accounts.
 */
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.js';
import { beats, checkoutItems, checkouts, purchases, users } from '../db/schema.js';
import { storeIsEmpty } from './store-is-empty.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { GeneratedTrack } from './audio/generate-tracks.js';
import type { TrackReply, TrackRequest } from './track-worker.js';
import { startModuleWorker } from '../lib/module-worker.js';
import { enqueueIntroVideoRender } from '../modules/store-pages/intro-video.service.js';
import { catalogEntries, trackBpm, type CatalogEntry } from './catalog-data.js';
import { startRetag } from '../modules/previews/previews.service.js';
import { previewJobHandlers } from '../modules/previews/previews.jobs.js';
import { runJobsUntilIdle } from '../jobs/job-worker.js';
import { vipPlanPriceCents, vipPlanTitle } from '../modules/offers/offers.js';
import { currentTermsId } from '../modules/licences/licence-terms.service.js';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_TRACKS = 24;
export const demoTrackHasStems = (trackIndex: number) => trackIndex % 2 === 0;

export const demoAccounts = [
  { email: 'admin@demo.test', fullName: 'Ada Admin', username: 'admin', userType: 'freeUser', credits: 0, isAdmin: true, hasPasswordChanged: true },
  { email: 'vip@demo.test', fullName: 'Vic Vip', username: 'vicvip', userType: 'vipUser', credits: 0, isAdmin: false, hasPasswordChanged: true },
  { email: 'invited@demo.test', fullName: 'Ines Invited', username: 'ines', userType: 'invitedUser', credits: 3, isAdmin: false, hasPasswordChanged: true },
  { email: 'free@demo.test', fullName: 'Finn Free', username: 'finn', userType: 'freeUser', credits: 0, isAdmin: false, hasPasswordChanged: true },
  { email: 'newhire@demo.test', fullName: 'Nora Newhire', username: null, userType: 'invitedUser', credits: 2, isAdmin: false, hasPasswordChanged: false },
] as const;

export interface TrackFiles {
  mp3Key: string;
  wavKey: string;
  stemsKey: string | null;
  durationSeconds: number;
}

export const trackKeys = (i: number) => {
  const base = `audio/demo/track-${String(i).padStart(2, '0')}`;
  return { mp3: `${base}.mp3`, wav: `${base}.wav`, stems: `${base}-stems.zip` };
};

/**
 * Generates the demo tracks' audio and stores it. The synthesis is most of a fresh data folder's first start, so the
 * tracks are made on worker threads, one per core (two at most: each track's MP3 is encoded by an ffmpeg process of
 * its own beside them), and stored in their order as they come.
 */
export async function storeDemoTracks(deps: Deps, tracks = DEMO_TRACKS): Promise<TrackFiles[]> {
  const files: TrackFiles[] = [];
  await synthesiseTracks(tracks, Math.min(2, os.availableParallelism()), async (track) => {
    const keys = trackKeys(track.index);
    await deps.storage.put(keys.mp3, track.mp3);
    await deps.storage.put(keys.wav, track.wav);
    if (track.stemsZip) await deps.storage.put(keys.stems, track.stemsZip);
    files[track.index] = {
      mp3Key: keys.mp3,
      wavKey: keys.wav,
      stemsKey: track.stemsZip ? keys.stems : null,
      durationSeconds: track.durationSeconds,
    };
  });
  return files;
}

/** Tracks 0 … count − 1 on `threads` worker threads (track-worker.ts); `store` is called for each as it comes. */
async function synthesiseTracks(count: number, threads: number, store: (track: GeneratedTrack) => Promise<void>): Promise<void> {
  const workers = Array.from({ length: Math.max(1, Math.min(threads, count)) }, () => startModuleWorker(import.meta.url, 'track-worker'));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < count) {
          const index = next++;
          const request: TrackRequest = { index, bpm: trackBpm(index), withStems: demoTrackHasStems(index) };
          const reply = await new Promise<TrackReply>((resolve, reject) => {
            // A worker that fails or stops (out of memory, say) fails the seeding instead of leaving it waiting.
            const settle = (then: () => void) => {
              worker.off('message', onMessage).off('error', onError).off('exit', onExit);
              then();
            };
            const onMessage = (message: TrackReply) => settle(() => resolve(message));
            const onError = (error: Error) => settle(() => reject(error));
            const onExit = (code: number) => settle(() => reject(new Error(`The demo track worker stopped (exit code ${code}).`)));
            worker.on('message', onMessage).on('error', onError).on('exit', onExit);
            worker.postMessage(request);
          });
          if (!reply.ok) throw new Error(`Demo track ${index} could not be made: ${reply.message}`);
          await store({
            index,
            bpm: reply.bpm,
            durationSeconds: reply.durationSeconds,
            mp3: asBuffer(reply.mp3),
            wav: asBuffer(reply.wav),
            stemsZip: reply.stemsZip && asBuffer(reply.stemsZip),
          });
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** A message's bytes arrive as a plain Uint8Array: the same memory as a Buffer. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function beatRowFor(entry: CatalogEntry, track: TrackFiles) {
  return {
    title: entry.title,
    artistName: entry.artistName,
    category: entry.category,
    bpm: entry.bpm,
    tags: entry.tags,
    musicalKey: entry.musicalKey,
    moods: entry.moods,
    priceCents: entry.priceCents,
    beatType: entry.beatType,
    releaseDate: entry.releaseDate,
    countdownEndTime: entry.countdownEndTime,
    durationSeconds: track.durationSeconds,
    mp3Key: track.mp3Key,
    wavKey: track.wavKey,
    stemsKey: track.stemsKey,
  };
}

export async function insertCatalog(
  deps: Deps,
  tracks: TrackFiles[],
  options: { nonExclusive: number; exclusive: number; batchSize?: number },
): Promise<number> {
  const now = deps.clock.now();
  let batch: ReturnType<typeof beatRowFor>[] = [];
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await deps.db.insert(beats).values(batch);
    inserted += batch.length;
    batch = [];
  };
  for (const entry of catalogEntries({
    nonExclusive: options.nonExclusive,
    exclusive: options.exclusive,
    tracks: tracks.length,
    tracksWithStems: (i) => tracks[i]?.stemsKey != null,
    now,
  })) {
    batch.push(beatRowFor(entry, tracks[entry.trackIndex]!));
    if (batch.length >= (options.batchSize ?? 500)) await flush();
  }
  await flush();
  // The two newest catalog beats are free for an e-mail address, so the demo shows the offer (docs/product/free-downloads.md).
  await deps.db.execute(
    sql`update ${beats} set free_download = true where id in (select id from ${beats} where beat_type = 'Non-Exclusive' order by release_date desc, id desc limit 2)`,
  );
  return inserted;
}

export async function insertDemoAccounts(deps: Deps): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await deps.db
    .insert(users)
    .values(demoAccounts.map((a) => ({ ...a, passwordHash })))
    .onConflictDoNothing({ target: users.email });
}

/** How long ago the demo VIP member bought the plan. */
const DEMO_PLAN_BOUGHT_DAYS_AGO = 12;

/**
 * The demo VIP member bought the plan, as any member did: a paid checkout of the VIP plan and its purchase, so the
 * dashboard, the purchase history and the license read as they do for a real member.
 */
export async function insertDemoPlanPurchase(deps: Deps): Promise<void> {
  const [member] = await deps.db.select().from(users).where(eq(users.email, 'vip@demo.test')).limit(1);
  if (!member) return;
  const paidAt = new Date(deps.clock.now().getTime() - DEMO_PLAN_BOUGHT_DAYS_AGO * 86_400_000);
  const priceCents = vipPlanPriceCents(deps.config);
  await deps.db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        provider: 'test',
        providerSessionId: `cs_demo_vip_plan_${member.id}`,
        userId: member.id,
        email: member.email,
        sessionType: 'vipPlan',
        amountCents: priceCents,
        status: 'complete',
        paymentStatus: 'paid',
        url: '',
        createdAt: paidAt,
        expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
        fulfilledAt: paidAt,
      })
      .onConflictDoNothing()
      .returning({ id: checkouts.id });
    if (!checkout) return;
    const termsId = currentTermsId('vipPlan');
    await tx.insert(checkoutItems).values({ checkoutId: checkout.id, kind: 'vipPlan', title: vipPlanTitle, priceCents, listPriceCents: priceCents, termsId });
    await tx.insert(purchases).values({
      checkoutId: checkout.id,
      userId: member.id,
      buyerEmail: member.email,
      buyerName: member.fullName,
      sessionType: 'vipPlan',
      kind: 'vipPlan',
      title: vipPlanTitle,
      priceCents,
      provider: 'test',
      purchasedAt: paidAt,
      termsId,
    });
  });
}

export async function seedDemoStoreIfEmpty(deps: Deps, log: FastifyBaseLogger): Promise<boolean> {
  if (!(await storeIsEmpty(deps.db))) return false;
  const started = Date.now();
  log.info('Empty store: generating the demo catalog and its audio (first start only)…');
  const tracks = await storeDemoTracks(deps);
  const inserted = await insertCatalog(deps, tracks, { nonExclusive: 330, exclusive: 10 });
  await insertDemoAccounts(deps);
  await insertDemoPlanPurchase(deps);
  // Tagged previews from the first start: the store opens once every beat has one.
  log.info(`Rendering the demo store's tagged previews…`);
  await startRetag(deps.db, deps.clock);
  await runJobsUntilIdle(deps, previewJobHandlers(deps), { concurrency: deps.config.workerConcurrency || 1, log });
  // The /vip intro video is rendered from a preview by the background worker, after start-up.
  await enqueueIntroVideoRender(deps.db, deps.clock);
  log.info(`Demo store ready: ${inserted} beats, ${demoAccounts.length} demo accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
