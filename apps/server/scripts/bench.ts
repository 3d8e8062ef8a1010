/**
 * `npm run bench`: 100,000 beats in a scratch embedded database, then requests/s and p50/p99 latency
 * of a 50-beat catalog page, a search, and a bare route of the same server in the same run, plus the
 * gzipped size of the JavaScript that `/` loads first; then preview rendering throughput.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { count, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { beats, jobs } from '../src/db/schema.js';
import { previewJobHandlers } from '../src/modules/previews/previews.jobs.js';
import { queueRenderWorkload } from '../src/modules/previews/render-workload.js';
import { RENDER_QUEUE, RETAG_BATCH, RETAG_QUEUE, startRetag } from '../src/modules/previews/previews.service.js';
import { runJobsUntilIdle, silentLog, startJobWorker } from '../src/jobs/job-worker.js';
import { createLocalStorage } from '../src/adapters/storage/local-storage.js';
import { createDeps } from '../src/runtime.js';
import { insertCatalog, type TrackFiles } from '../src/seed/demo-store.js';

const BEATS = Number(process.env.BENCH_BEATS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 6);
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

function firstLoadJsGzip(): { files: string[]; bytes: number } {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(srcs)];
  const bytes = files.reduce((sum, f) => sum + zlib.gzipSync(readFileSync(path.join(webDist, f)), { level: 9 }).length, 0);
  return { files, bytes };
}

async function measure(url: string, paths: string[], connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const deps = createDeps(config, database, createLocalStorage(path.join(dataDir, 'files')));
    const tracks: TrackFiles[] = Array.from({ length: 24 }, (_, i) => ({
      mp3Key: `audio/bench/${i}.mp3`,
      wavKey: `audio/bench/${i}.wav`,
      stemsKey: i % 2 === 0 ? `audio/bench/${i}.zip` : null,
      durationSeconds: 30,
    }));
    let started = Date.now();
    await insertCatalog(deps, tracks, { nonExclusive: BEATS - 100, exclusive: 100, batchSize: 2000 });
    // As if every preview had been rendered (rendering itself is measured below).
    await database.db.execute(`update beats set preview_key = replace(mp3_key, '.mp3', '-preview.mp3'), preview_render_key = 'bench', audio_state = 'ready'`);
    await database.db.execute('ANALYZE');
    const [n] = await database.db.select({ n: count() }).from(beats);
    console.log(`Seeded ${n?.n} beats into a scratch embedded database in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp(deps, { logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const searches = ['midnight', 'drip', 'lofi', 'neon wav', 'golden', 'phonk', 'cathedral', 'sapphire ri'].map(
      (q) => `/api/beats?type=Non-Exclusive&limit=50&q=${encodeURIComponent(q)}`,
    );
    const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
    for (const connections of [1, 10]) {
      rows.push([`bare route /api/health (${connections} conn)`, await measure(url, ['/api/health'], connections)]);
      rows.push([`50-beat page /api/beats (${connections} conn)`, await measure(url, ['/api/beats?type=Non-Exclusive&limit=50'], connections)]);
      rows.push([`search /api/beats?q= (${connections} conn)`, await measure(url, searches, connections)]);
    }
    await app.close();

    console.log(`\nEmbedded database (PGlite), ${BEATS.toLocaleString('en-US')} beats, ${DURATION} s per row:\n`);
    console.log('| what | requests/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const [name, r] of rows) console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} |`);

    started = Date.now();
    try {
      const js = firstLoadJsGzip();
      console.log(`\nFirst-load JavaScript of / (gzipped): ${(js.bytes / 1024).toFixed(1)} KB in ${js.files.length} files (budget 170 KB)`);
    } catch {
      console.log('\nFirst-load JavaScript of /: build the web app first (npm run build).');
    }
    await benchRetagQueue(deps, database);
    await benchRendering(deps, database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a tag change costs the database: the change itself, then the sweep that queues a render for every beat. */
async function benchRetagQueue(deps: ReturnType<typeof createDeps>, database: Awaited<ReturnType<typeof openDatabase>>) {
  let started = performance.now();
  await database.db.transaction((tx) => startRetag(tx, deps.clock));
  const change = performance.now() - started;
  started = performance.now();
  const steps = await runJobsUntilIdle(deps, { [RETAG_QUEUE]: previewJobHandlers(deps)[RETAG_QUEUE]! }, { concurrency: 1 });
  const sweep = (performance.now() - started) / 1000;
  const [queued] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.queue, RENDER_QUEUE));
  console.log(
    `\nA tag change: committed in ${change.toFixed(0)} ms; its sweep queued ${queued?.n.toLocaleString('en-US')} renders in ` +
      `${sweep.toFixed(1)} s (${steps} steps of at most ${RETAG_BATCH.toLocaleString('en-US')} beats, each its own short transaction)`,
  );
  await database.db.delete(jobs);
}

/** Preview renders of a 3-minute stereo beat, by the same worker the server runs: one at a time, then one per core. */
async function benchRendering(deps: ReturnType<typeof createDeps>, database: Awaited<ReturnType<typeof openDatabase>>) {
  const handlers = previewJobHandlers(deps);
  const rows: string[] = [];
  for (const concurrency of [1, deps.config.workerConcurrency]) {
    const total = RENDERS * concurrency;
    const ids = await queueRenderWorkload(deps, total, 180);
    const started = performance.now();
    const worker = await startJobWorker(deps, handlers, { concurrency, log: silentLog, pollMs: 50 });
    const finished = async () => (await database.db.select({ n: count() }).from(jobs).where(inArray(jobs.status, ['done', 'failed'])))[0]!.n;
    while ((await finished()) < total) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    const [failed] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed'));
    if ((failed?.n ?? 0) > 0) throw new Error(`rendering: ${failed?.n} of ${total} jobs failed`);
    await database.db.delete(jobs);
    await database.db.delete(beats).where(inArray(beats.id, ids));
    rows.push(`| ${concurrency} | ${total} | ${((seconds / total) * concurrency).toFixed(2)} | ${((total / seconds) * 60).toFixed(1)} |`);
  }
  console.log(`\nPreview rendering (3-minute stereo WAV → tagged 128 kbps MP3 + waveform, ${os.availableParallelism()} cores):\n`);
  console.log('| workers | previews | s per preview per worker | previews per minute |');
  console.log('|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

await main();
