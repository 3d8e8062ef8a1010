/**
 * `npm run bench`: the store's performance goals, measured side by side in one run, each printed with its
 * value and PASS or FAIL, then one summary table; the exit status is non-zero when a goal fails.
 *
 * 100,000 beats are seeded into a scratch embedded database (and into a scratch database on the PostgreSQL
 * server of BENCH_DATABASE_URL or DATABASE_URL, when set); the real server (`dist/server.js`) is started on
 * it in its own process, and a load generator in a worker thread of this process (scripts/bench-load.mjs) measures a
 * bare route, a 50-beat catalog page and searches, with the server's CPU per response, then a catalog page while ten
 * clients fetch the full catalog. Then: Lighthouse on three pages and the
 * JavaScript the browser fetched to show `/` (scripts/bench-lighthouse.mjs), a tag change and preview rendering, the start-up of a fresh and of a used data folder, and the
 * server's resident memory after the load, with where it is (V8 heap, buffers, PGlite's WebAssembly memory).
 *
 * To run a part alone: BENCH_ONLY=<parts>, comma-separated, of `embedded`, `postgres` and `startup` (the rest is
 * skipped), or `postgres-catalog`: only the catalog under load on the PostgreSQL server (seeding, then goals 1 and 3),
 * or `web`: only Lighthouse and the first-load JavaScript (goal 5) on a scratch catalog of BENCH_BEATS beats,
 * or `felt`: only goal 15, speed as a person feels it on a phone (scripts/bench-felt.mjs), and the rendered `/` under
 * load beside the bare route, on a scratch catalog of BENCH_BEATS beats (BENCH_DATA_DIR keeps it between runs);
 * BENCH_FELT_RUNS sets its runs (5). `web,felt` runs both on one scratch catalog.
 * Each run writes its goals table into docs/benchmarks.md, in the section of its BENCH_ONLY (a whole run's apart).
 * BENCH_SERVER_ENTRY names another server bundle to start instead of dist/server.js.
 * BENCH_ONLY=memory: only the embedded store's server under the catalog load, then its resident memory (goal 7).
 * BENCH_DATA_DIR keeps the embedded store's data folder between runs: seeded when empty, reused as it is after.
 * BENCH_ONLY=cluster: only goal 14, browsing and buying against 1, 2 and 3 CPU-capped processes on the PostgreSQL
 * server behind nginx (scripts/bench-cluster.ts; with Redis when BENCH_REDIS_URL or REDIS_URL is set).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { count, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../src/config/env.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { beats, jobs, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { previewJobHandlers } from '../src/modules/previews/previews.jobs.js';
import { queueRenderWorkload } from '../src/modules/previews/render-workload.js';
import { RENDER_QUEUE, RETAG_BATCH, RETAG_QUEUE, startRetag } from '../src/modules/previews/previews.service.js';
import { runJobsUntilIdle, silentLog, startJobWorker } from '../src/jobs/job-worker.js';
import { createLocalStorage } from '../src/adapters/storage/local-storage.js';
import { createDeps } from '../src/runtime.js';
import { insertCatalog, type TrackFiles } from '../src/seed/demo-store.js';
import { queryGoals } from './bench-queries.js';
import { discoveryGoals } from './bench-discovery.js';
import { beatPageGoals } from './bench-beat-pages.js';
import { runLighthouse } from '../../../scripts/bench-lighthouse.mjs';
import { feltGoals, runFelt } from '../../../scripts/bench-felt.mjs';
import { ffmpegPath } from '../src/audio/ffmpeg.js';
import { loadInWorker } from './bench-load.mjs';
import { serverMemoryEnv } from '../../../scripts/server-memory-env.mjs';
import { freePort } from '../../../scripts/free-port.mjs';
import type { Goal } from './bench-goal.js';
import { CLUSTER_BEATS, clusterGoals } from './bench-cluster.js';
import { scratchPostgres } from './scratch-postgres.js';

const BEATS = Number(process.env.BENCH_BEATS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** Goal 1's rounds (each measures the bare route, the page and the searches in turn) and each measurement's seconds. */
const RATIO_ROUNDS = 5;
const ROUND_SECONDS = Math.max(2, Math.round(DURATION / 2));
const RENDERS = Number(process.env.BENCH_RENDERS ?? 6);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const here = path.dirname(fileURLToPath(import.meta.url));
const memoryProbe = path.join(here, 'bench-memory-probe.mjs');
const serverEntry = path.resolve(process.env.BENCH_SERVER_ENTRY || path.resolve(here, '../dist/server.js'));
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').map((part) => part.trim()).filter(Boolean));
const runs = (part: string) => ONLY.size === 0 || ONLY.has(part);
const TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';

const PAGE = '/api/beats?type=Non-Exclusive&limit=50';
const SEARCHES = ['midnight', 'drip', 'lofi', 'neon wav', 'golden', 'phonk', 'cathedral', 'sapphire ri'].map(
  (q) => `/api/beats?type=Non-Exclusive&limit=50&q=${encodeURIComponent(q)}`,
);
/** What a browser sends: every response of the load below is negotiated as it would be for a visitor. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

// ── Goals ─────────────────────────────────────────────────────────────────────────────────────────
// Every goal is recorded here and printed at the end in one table. Goal 4 (every query's p50) comes
// from scripts/bench-queries.ts and goal 5 (Lighthouse) from scripts/bench-lighthouse.mjs: see the
// two hook points below (`queryTimings` and `storeChecks`).

const goals: Goal[] = [];

function recordGoal(goal: Goal): void {
  goals.push(goal);
  console.log(`  goal ${goal.goal}: ${goal.what}: ${goal.value} (target ${goal.target}) ${goal.pass ? 'PASS' : 'FAIL'}`);
}

/** Hook for goal 4: timings of every query on the seeded database, given while it is open in this process. */
const queryTimings: Array<(database: Database, label: string) => Promise<Goal[]>> = [];
/** Hook for goal 5 and any check of a running store: given its base URL while it serves 100,000 beats. */
const storeChecks: Array<(baseUrl: string) => Promise<Goal[]>> = [];
queryTimings.push(queryGoals);
// Goal 13: the catalog's filters, sorts and facets (after goal 4's seeding, whose plays "popular" counts).
queryTimings.push(discoveryGoals);
// Goal 13: a beat's page and its API response (scripts/bench-beat-pages.ts).
storeChecks.push(beatPageGoals);
storeChecks.push(lighthouseGoals);
// Goal 15: speed as a person feels it, on a throttled phone (scripts/bench-felt.mjs).
storeChecks.push(feltCheck);

const FELT_RUNS = Number(process.env.BENCH_FELT_RUNS ?? 5);

async function feltCheck(baseUrl: string): Promise<Goal[]> {
  console.log(`\nFelt speed: a phone in Chromium (playwright-core), ${FELT_RUNS} runs:`);
  return feltGoals(await runFelt(baseUrl, { runs: FELT_RUNS }));
}

/**
 * Goal 5: Lighthouse on `/`, `/exclusives`, the first listed beat's page and `/login`, the median of three runs (a busy
 * machine moves its numbers), and the JavaScript the browser fetched to show `/`, gzipped: every script of that page
 * load, not only the entry. A secondary check beside goal 15 (scripts/bench-felt.mjs), which measures a real phone load.
 */
async function lighthouseGoals(baseUrl: string): Promise<Goal[]> {
  const listed = (await (await fetch(`${baseUrl}${PAGE}`)).json()) as { beats: Array<{ slug: string }> };
  const slug = listed.beats[0]?.slug;
  if (!slug) throw new Error(`${PAGE} listed no beat: no beat page for Lighthouse`);
  const pages = await runLighthouse(baseUrl, { runs: 3, pages: ['/', '/exclusives', `/beat/${slug}`, '/login'] });
  const goals: Goal[] = pages.map((page) => ({
    goal: '5',
    what: `Lighthouse mobile ${page.path} (host CPU: benchmarkIndex ${page.benchmarkIndex == null ? '—' : Math.round(page.benchmarkIndex)}): performance ${page.performance}, a11y ${page.accessibility}, best practices ${page.bestPractices}, SEO ${page.seo}, LCP ${((page.lcpMs ?? 0) / 1000).toFixed(2)} s, CLS ${(page.cls ?? 0).toFixed(3)}, TBT ${Math.round(page.tbtMs ?? 0)} ms, ${page.domElements} elements`,
    value: page.failed.length ? `over: ${page.failed.join(', ')}` : 'within budget',
    target: 'perf ≥ 90, CLS ≤ 0.05, a11y, best practices and SEO 100',
    pass: page.failed.length === 0,
  }));
  const home = pages.find((page) => page.path === '/')?.firstLoadJs;
  if (home) console.log(`  JavaScript Lighthouse saw fetched for / (gzipped, ${home.files.length} files): ${(home.gzipBytes / 1024).toFixed(1)} KB`);
  return goals;
}

/**
 * BENCH_ONLY=web and/or felt: goal 5 (scripts/bench-lighthouse.mjs) and/or goal 15 (scripts/bench-felt.mjs, with the
 * rendered `/` under load), on a fresh build and a scratch catalog of BENCH_BEATS beats (kept in BENCH_DATA_DIR if set).
 */
async function webOnly(): Promise<void> {
  const kept = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'beat-bench-web-'));
  try {
    if (!kept || !existsSync(path.join(kept, SEEDED))) {
      if (kept) rmSync(kept, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      await seed(database, dataDir, kept ? `the kept embedded database ${kept}` : 'a scratch embedded database');
      await database.close();
      if (kept) writeFileSync(path.join(kept, SEEDED), `${BEATS}\n`);
    } else console.log(`\nThe kept embedded database ${kept}, as seeded before`);
    const server = await startServer({ ...serverEnv, DATA_DIR: dataDir }, 120_000);
    try {
      if (ONLY.has('felt')) await renderedPageLoad('Embedded database (PGlite)', server);
      if (ONLY.has('web')) for (const goal of await lighthouseGoals(server.url)) recordGoal(goal);
      if (ONLY.has('felt')) for (const goal of await feltCheck(server.url)) recordGoal(goal);
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── Helpers ───────────────────────────────────────────────────────────────────────────────────────

interface Load {
  rps: number;
  /** Milliseconds, fractions kept. */
  p50: number;
  p99: number;
  bytes: number;
  /** The server process's CPU (user and system) per response, in µs, when it was measured alone. */
  serverCpuUs?: number;
}

/**
 * `connections` clients asking `paths` for `duration` seconds, from a worker thread (scripts/bench-load.mjs: a load
 * generator that does not decode the bodies, so the response's size does not make it the bottleneck). With `server`,
 * also the server's CPU per response, from its probe: the cost of a request whatever the load generator costs.
 */
async function measure(
  url: string,
  paths: string[],
  connections: number,
  duration = DURATION,
  server?: RunningServer,
  headers: Record<string, string> = BROWSER,
): Promise<Load> {
  const cpuBefore = server ? await cpuOf(server) : 0;
  const result = await loadInWorker({ url, paths, connections, seconds: duration, headers });
  const cpuAfter = server ? await cpuOf(server) : 0;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    bytes: result.bytes,
    ...(server && result.answered > 0 ? { serverCpuUs: (cpuAfter - cpuBefore) / result.answered } : {}),
  };
}

/** Each path alone, for an equal share of the duration: the mean of their requests/s, the worst of their latencies. */
async function measureEach(url: string, paths: string[], connections: number, duration = DURATION, server?: RunningServer): Promise<Load> {
  const loads: Load[] = [];
  for (const path of paths) loads.push(await measure(url, [path], connections, Math.max(1, Math.round(duration / paths.length)), server));
  const mean = (pick: (load: Load) => number) => loads.reduce((sum, load) => sum + pick(load), 0) / loads.length;
  return {
    rps: mean((l) => l.rps),
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    bytes: mean((l) => l.bytes),
    ...(server ? { serverCpuUs: mean((l) => l.serverCpuUs ?? 0) } : {}),
  };
}

/** The index of the median of an odd number of values. */
function medianIndex(values: number[]): number {
  const order = values.map((value, index) => [value, index] as const).sort((a, b) => a[0] - b[0]);
  return order[Math.floor(order.length / 2)]![1];
}

interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

/** The real server process (the production bundle), on a data folder or a PostgreSQL database. */
async function startServer(env: Record<string, string>, timeoutMs: number): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  // The memory probe reports where the server's memory is (memoryOf below), over the IPC channel.
  const child = spawn(process.execPath, ['--import', pathToFileURL(memoryProbe).href, serverEntry], {
    cwd: path.resolve(here, '../../..'),
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with status ${child.exitCode} before it answered`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface MemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: Array<{ size: number; resident: number }>;
  peak: number | null;
}

/** One response of the server's probe (scripts/bench-memory-probe.mjs), over the IPC channel. */
function askProbe<T>(server: RunningServer, question: 'memory' | 'cpu'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server's probe did not answer '${question}'`)), 10_000);
    server.child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as T);
    });
    server.child.send(question);
  });
}

/** The CPU time the server process has used so far, in µs. */
async function cpuOf(server: RunningServer): Promise<number> {
  return (await askProbe<{ cpu: number }>(server, 'cpu')).cpu;
}

/** The server's resident memory and where it is, from its memory probe (scripts/bench-memory-probe.mjs). */
async function memoryOf(server: RunningServer): Promise<{ rssMb: number; peakMb: number | null; breakdown: string }> {
  const report = await askProbe<MemoryReport>(server, 'memory');
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const wasmResident = report.wasm.reduce((sum, memory) => sum + memory.resident, 0);
  const wasmSize = report.wasm.reduce((sum, memory) => sum + memory.size, 0);
  const rest = report.rss - report.heapTotal - report.arrayBuffers - wasmResident;
  return {
    rssMb: report.rss / 1024 / 1024,
    peakMb: report.peak === null ? null : report.peak / 1024 / 1024,
    breakdown:
      `V8 heap ${mb(report.heapTotal)} (${mb(report.heapUsed)} used), array buffers ${mb(report.arrayBuffers)}, ` +
      `WebAssembly (PGlite) ${mb(wasmResident)} resident of ${mb(wasmSize)}, the rest (code, native allocations) ${mb(rest)}`,
  };
}


const benchTracks: TrackFiles[] = Array.from({ length: 24 }, (_, i) => ({
  mp3Key: `audio/bench/${i}.mp3`,
  wavKey: `audio/bench/${i}.wav`,
  stemsKey: i % 2 === 0 ? `audio/bench/${i}.zip` : null,
  durationSeconds: 30,
}));

function benchDeps(dataDir: string, database: Database) {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TOKEN_SECRET, LOG_LEVEL: 'silent' });
  return createDeps(config, database, createLocalStorage(path.join(dataDir, 'files')));
}

async function seed(database: Database, dataDir: string, label: string): Promise<void> {
  await database.migrate();
  const deps = benchDeps(dataDir, database);
  const started = Date.now();
  await insertCatalog(deps, benchTracks, { nonExclusive: BEATS - 100, exclusive: 100, batchSize: 2000 });
  // As if every preview had been rendered (rendering itself is measured below).
  await database.db.execute(`update beats set preview_key = replace(mp3_key, '.mp3', '-preview.mp3'), preview_render_key = 'bench', audio_state = 'ready'`);
  // The preview files themselves, so that a press of Play in goal 15 plays: 30 s of tone, 128 kbps stereo, as rendered.
  const preview = path.join(dataDir, 'bench-preview.mp3');
  execFileSync(ffmpegPath, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=30', '-ac', '2', '-b:a', '128k', preview]);
  for (const track of benchTracks) await deps.storage.put(track.mp3Key.replace('.mp3', '-preview.mp3'), readFileSync(preview));
  await insertAdmin(database);
  await database.db.execute('ANALYZE');
  const [n] = await database.db.select({ n: count() }).from(beats);
  console.log(`\nSeeded ${n?.n} beats into ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// ── Goals 1–3: the catalog under load ─────────────────────────────────────────────────────────────

async function catalogLoad(label: string, server: RunningServer, write: () => Promise<void>): Promise<void> {
  const rows: [string, Load][] = [];
  const targets = [
    ['bare route /api/health', ['/api/health']],
    ['50-beat page /api/beats', [PAGE]],
    ['search /api/beats?q= (8 searches, each alone)', SEARCHES],
  ] as const;
  const load = (paths: readonly string[], connections: number, duration: number) =>
    paths.length > 1
      ? measureEach(server.url, [...paths], connections, duration, server)
      : measure(server.url, [...paths], connections, duration, server);
  for (const [name, paths] of targets) rows.push([`${name} (1 conn)`, await load(paths, 1, DURATION)]);

  // Goal 1 at 10 connections, in rounds of the three back to back: what the machine's drift does (the load
  // generator shares its two cores with the server) falls on both sides of a round's ratio; the median round counts.
  const rounds: Array<{ bare: Load; page: Load; search: Load }> = [];
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    const measured: Load[] = [];
    for (const [, paths] of targets) measured.push(await load(paths, 10, ROUND_SECONDS));
    rounds.push({ bare: measured[0]!, page: measured[1]!, search: measured[2]! });
  }
  const pageRatios = rounds.map((r) => r.page.rps / r.bare.rps);
  const searchRatios = rounds.map((r) => r.search.rps / r.bare.rps);
  const middle = rounds[medianIndex(pageRatios)]!;
  rows.push([`${targets[0][0]} (10 conn, median round)`, middle.bare]);
  rows.push([`${targets[1][0]} (10 conn, median round)`, middle.page]);
  rows.push([`${targets[2][0]} (10 conn, its median round)`, rounds[medianIndex(searchRatios)]!.search]);

  // Goal 3: a catalog page while ten clients fetch the full catalog, from a cold cache (a write just committed).
  await write();
  const cold = performance.now();
  const first = await fetch(`${server.url}/api/getbeats`, { headers: BROWSER });
  // fetch decodes the body: this is the JSON's size; the bytes sent are the encoded form's.
  const firstBody = Buffer.from(await first.arrayBuffer());
  const coldMs = performance.now() - cold;
  await write();
  const [pageLoad, fullLoad] = await Promise.all([
    measure(server.url, [PAGE], 1),
    measure(server.url, ['/api/getbeats'], 10),
  ]);
  rows.push(['50-beat page while 10 conn fetch /api/getbeats (1 conn)', pageLoad]);
  // The first build after a write takes seconds at 100,000 beats: the ten may still be waiting when the load ends.
  rows.push([`full catalog /api/getbeats (10 conn, from a cold cache${fullLoad.rps === 0 ? ': none done within the load' : ''})`, fullLoad]);

  console.log(`\n${label}, ${BEATS.toLocaleString('en-US')} beats, ${DURATION} s per row at 1 conn and ${ROUND_SECONDS} s at 10 (Accept-Encoding: ${BROWSER['accept-encoding']}):\n`);
  console.log('| what | requests/s | p50 ms | p99 ms | KB/s | server CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    const cpu = r.serverCpuUs === undefined ? '—' : r.serverCpuUs.toFixed(0);
    console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.bytes / 1024)} | ${cpu} |`);
  }
  console.log(
    `\nFull catalog after a write: built and sent in ${coldMs.toFixed(0)} ms ` +
      `(${(firstBody.length / 1024 / 1024).toFixed(1)} MB of JSON, sent as ${first.headers.get('content-encoding') ?? 'is'})\n`,
  );

  const ratios = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const pageRatio = pageRatios[medianIndex(pageRatios)]!;
  const searchRatio = searchRatios[medianIndex(searchRatios)]!;
  recordGoal({
    goal: '1',
    what: `${label}: 50-beat page ÷ bare route, requests/s at 10 conn, median of ${RATIO_ROUNDS} rounds`,
    value:
      `${pageRatio.toFixed(3)} (${Math.round(middle.page.rps)} ÷ ${Math.round(middle.bare.rps)}; rounds ${ratios(pageRatios)}; ` +
      `server CPU per answer ${middle.page.serverCpuUs?.toFixed(0)} µs ÷ ${middle.bare.serverCpuUs?.toFixed(0)} µs)`,
    target: '≥ 0.5',
    pass: pageRatio >= 0.5,
  });
  recordGoal({
    goal: '1',
    what: `${label}: search ÷ bare route, requests/s at 10 conn, median of ${RATIO_ROUNDS} rounds`,
    value: `${searchRatio.toFixed(3)} (rounds ${ratios(searchRatios)})`,
    target: '≥ 0.25',
    pass: searchRatio >= 0.25,
  });
  recordGoal({
    goal: '3',
    what: `${label}: p99 of a 50-beat page while 10 conn fetch /api/getbeats`,
    value: `${pageLoad.p99.toFixed(1)} ms`,
    target: '≤ 50 ms',
    pass: pageLoad.p99 <= 50,
  });
  await renderedPageLoad(label, server);
}

/**
 * Goal 15's server side: the rendered catalog page `/` (its HTML, for a visitor, Accept-Encoding br) beside the bare
 * route at 10 connections, in rounds of the two back to back as goal 1's; the median round counts.
 */
async function renderedPageLoad(label: string, server: RunningServer): Promise<void> {
  const br = { 'accept-encoding': 'br' };
  const rounds: Array<{ bare: Load; page: Load }> = [];
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    const bare = await measure(server.url, ['/api/health'], 10, ROUND_SECONDS, server, br);
    const page = await measure(server.url, ['/'], 10, ROUND_SECONDS, server, br);
    rounds.push({ bare, page });
  }
  const ratios = rounds.map((r) => r.page.rps / r.bare.rps);
  const middle = rounds[medianIndex(ratios)]!;
  console.log(`\n${label}: the rendered page / beside the bare route, 10 conn, ${ROUND_SECONDS} s each, median of ${RATIO_ROUNDS} rounds (Accept-Encoding: br):\n`);
  console.log('| what | requests/s | p50 ms | p99 ms | KB/s | server CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of [['bare route /api/health', middle.bare], ['rendered page / (HTML)', middle.page]] as const) {
    console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.bytes / 1024)} | ${r.serverCpuUs?.toFixed(0) ?? '—'} |`);
  }
  const ratio = ratios[medianIndex(ratios)]!;
  recordGoal({
    goal: '15',
    what: `${label}: rendered page / for a visitor ÷ bare route, requests/s at 10 conn, median of ${RATIO_ROUNDS} rounds`,
    value: `${ratio.toFixed(3)} (${Math.round(middle.page.rps)} ÷ ${Math.round(middle.bare.rps)}; rounds ${ratios.map((v) => v.toFixed(2)).join(', ')})`,
    target: '≥ 0.3',
    pass: ratio >= 0.3,
  });
  const p99s = rounds.map((r) => r.page.p99);
  const p99 = p99s[medianIndex(p99s)]!;
  recordGoal({
    goal: '15',
    what: `${label}: p99 of the rendered page / at 10 conn, median of ${RATIO_ROUNDS} rounds`,
    value: `${p99.toFixed(1)} ms (${p99s.map((v) => v.toFixed(1)).join(', ')})`,
    target: '≤ 50 ms',
    pass: p99 <= 50,
  });
}

/** Goal 2: what compression saves on a 50-beat page. */
async function pageCompression(url: string): Promise<void> {
  const sizes: Record<string, number> = {};
  for (const encoding of ['identity', 'gzip', 'br']) {
    const res = await fetch(`${url}${PAGE}`, { headers: { 'accept-encoding': encoding } });
    if ((res.headers.get('content-encoding') ?? 'identity') !== encoding) throw new Error(`${PAGE} did not answer ${encoding}`);
    // fetch decodes what it receives: the bytes on the wire are the encoded body's.
    const json = Buffer.from(await res.arrayBuffer());
    sizes[encoding] =
      encoding === 'br'
        ? zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }).length
        : encoding === 'gzip'
          ? zlib.gzipSync(json, { level: 6 }).length
          : json.length;
  }
  const wire = await rawSize(`${url}${PAGE}`, 'br');
  recordGoal({
    goal: '2',
    what: 'compression of a 50-beat page (bytes before → after)',
    value: `${sizes.identity} → br ${wire} (gzip ${sizes.gzip}), ${((wire / sizes.identity!) * 100).toFixed(0)}%`,
    target: '≤ 25% with br',
    pass: wire <= sizes.identity! * 0.25,
  });
}

/** The bytes a client receives for one response, without decoding. */
function rawSize(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname, search } = new URL(url);
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: ${encoding}\r\nConnection: close\r\n\r\n`);
    });
    const parts: Buffer[] = [];
    socket.on('data', (part: Buffer) => parts.push(part));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(parts);
      const headerEnd = raw.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(raw.subarray(0, headerEnd).toString());
      resolve(length ? Number(length[1]) : raw.length - headerEnd - 4);
    });
  });
}

// ── Goal 7: start-up and memory ───────────────────────────────────────────────────────────────────

async function startUp(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-start-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'auto' };
  /** Milliseconds to the first 200, or the error that stopped the start. */
  const timeStart = async (timeoutMs: number): Promise<number | string> => {
    try {
      const server = await startServer(env, timeoutMs);
      await server.stop();
      return server.startMs;
    } catch (error) {
      return (error as Error).message;
    }
  };
  try {
    const first = await timeStart(180_000);
    const later = typeof first === 'number' ? await timeStart(60_000) : 'not measured: the first start failed';
    for (const [what, took, limit] of [
      ['first start on an empty data folder (demo store seeded), to the first 200', first, 60_000],
      ['later start of the same data folder, to the first 200', later, 3_000],
    ] as const) {
      recordGoal({
        goal: '7',
        what,
        value: typeof took === 'number' ? `${(took / 1000).toFixed(1)} s` : took,
        target: `≤ ${limit / 1000} s`,
        pass: typeof took === 'number' && took <= limit,
      });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── The rest: first-load JavaScript, a tag change, rendering ──────────────────────────────────────

/** What a tag change costs the database: the change itself, then the sweep that queues a render for every beat. */
async function benchRetagQueue(deps: ReturnType<typeof createDeps>, database: Database) {
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
async function benchRendering(deps: ReturnType<typeof createDeps>, database: Database) {
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

const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

/** An admin account for the writes of the load: the server's database is written through the server, as in the store. */
async function insertAdmin(database: Database): Promise<void> {
  await database.db.insert(users).values({ email: ADMIN.email, fullName: 'Bench Admin', passwordHash: await hashPassword(ADMIN.password), isAdmin: true });
}

/** A write that changes what the catalog shows: an admin unpublishes or republishes one beat. */
async function adminWriter(url: string): Promise<() => Promise<void>> {
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const page = (await (await fetch(`${url}${PAGE}`)).json()) as { beats: Array<{ _id: string }> };
  const beatId = page.beats[page.beats.length - 1]!._id;
  let published = true;
  return async () => {
    const action = published ? 'unpublish' : 'publish';
    const res = await fetch(`${url}/api/admin/beats/${beatId}/${action}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${action}: ${res.status} ${await res.text()}`);
    published = !published;
  };
}

// The background worker is off in the measured server: the bench's beats have no audio files to render.
// The C library's memory settings as `npm start` gives the server process it starts (scripts/server-memory-env.mjs).
const serverEnv = { NODE_ENV: 'production', TOKEN_SECRET, SEED_DEMO: 'never', WORKER_CONCURRENCY: '0', ...serverMemoryEnv({}) };

/** How long the server rests after the load before goal 7 reads its memory: V8 collects garbage when a process idles. */
const MEMORY_REST_MS = 10_000;

/** Marks a kept data folder (BENCH_DATA_DIR) whose seeding finished. */
const SEEDED = 'bench-seeded';

async function embedded(): Promise<void> {
  // BENCH_ONLY=memory: the server under the catalog load and its memory, nothing else.
  const all = runs('embedded');
  const kept = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'beat-bench-'));
  try {
    let database: Database;
    if (!kept || !existsSync(path.join(kept, SEEDED))) {
      if (kept) rmSync(kept, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      await seed(database, dataDir, kept ? `the kept embedded database ${kept}` : 'a scratch embedded database');
      if (kept) writeFileSync(path.join(kept, SEEDED), `${BEATS}\n`);
    } else {
      database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      console.log(`\nThe kept embedded database ${kept}, as seeded before`);
    }
    if (all) for (const timings of queryTimings) for (const goal of await timings(database, 'embedded')) recordGoal(goal);
    await database.close();

    // The real server on the seeded data folder (the embedded database is one process's: this one closed it).
    const server = await startServer({ ...serverEnv, DATA_DIR: dataDir }, 120_000);
    try {
      await catalogLoad('Embedded database (PGlite)', server, await adminWriter(server.url));
      await pageCompression(server.url);
      if (all) for (const check of storeChecks) for (const goal of await check(server.url)) recordGoal(goal);
      // Right after the load the process still holds what its last requests left for the garbage collector (up to
      // tens of MB, depending on when V8 last collected); at rest, a few seconds on, V8 has usually collected it. The
      // goal is the memory at rest; both are printed, with the peak.
      const loaded = await memoryOf(server);
      await new Promise((resolve) => setTimeout(resolve, MEMORY_REST_MS));
      const memory = await memoryOf(server);
      recordGoal({
        goal: '7',
        what: `resident memory of the server after the bench, at rest ${MEMORY_REST_MS / 1000} s later (embedded, ${BEATS.toLocaleString('en-US')} beats)`,
        value: `${memory.rssMb.toFixed(0)} MB`,
        target: '≤ 300 MB',
        pass: memory.rssMb <= 300,
      });
      console.log(`  (of which ${memory.breakdown})`);
      console.log(`  (right as the load ended: ${loaded.rssMb.toFixed(0)} MB, of which ${loaded.breakdown})`);
      if (memory.peakMb !== null) console.log(`  (the most the server held resident during the bench: ${memory.peakMb.toFixed(0)} MB)`);
      console.log(`  (a later start of this ${BEATS.toLocaleString('en-US')}-beat data folder answered in ${(server.startMs / 1000).toFixed(1)} s)`);
    } finally {
      await server.stop();
    }
    if (!all) return;

    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const deps = benchDeps(dataDir, database);
      await benchRetagQueue(deps, database);
      await benchRendering(deps, database);
    } finally {
      await database.close();
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(serverUrl: string): Promise<void> {
  const scratch = await scratchPostgres(serverUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-pg-'));
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  try {
    await seed(database, dataDir, 'a scratch database on the PostgreSQL server');
    if (runs('postgres')) for (const timings of queryTimings) for (const goal of await timings(database, 'postgres')) recordGoal(goal);
    const server = await startServer({ ...serverEnv, DATA_DIR: dataDir, DATABASE_URL: scratch.url }, 120_000);
    try {
      await catalogLoad('PostgreSQL server', server, await adminWriter(server.url));
      const memory = await memoryOf(server);
      console.log(`  (resident memory of the server on PostgreSQL after the bench: ${memory.rssMb.toFixed(0)} MB, of which ${memory.breakdown})`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (ONLY.has('web') || ONLY.has('felt')) await webOnly();
  if (runs('embedded') || ONLY.has('memory')) await embedded();
  if (POSTGRES_URL && (runs('postgres') || ONLY.has('postgres-catalog'))) await postgres(POSTGRES_URL);
  else if (runs('postgres')) console.log('\nPostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL) to a server to measure it too.');
  if (POSTGRES_URL && runs('cluster')) {
    console.log('\nSeveral processes (the production bundle behind nginx, browsing and buying):');
    for (const goal of await clusterGoals(POSTGRES_URL, serverEntry, process.env.BENCH_REDIS_URL || process.env.REDIS_URL)) recordGoal(goal);
  } else if (ONLY.has('cluster')) console.log('\nSeveral processes: set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server to measure them.');
  if (runs('startup')) {
    console.log('\nStart-up (the production bundle, dist/server.js):');
    await startUp();
  }

  console.log('\nGoals:\n');
  console.log('| goal | what | value | target | result |');
  console.log('|---|---|---:|---|---|');
  for (const g of goals) console.log(`| ${g.goal} | ${g.what} | ${g.value} | ${g.target} | ${g.pass ? 'PASS' : 'FAIL'} |`);
  const failed = goals.filter((g) => !g.pass).length;
  console.log(failed ? `\n${failed} of ${goals.length} goals FAIL` : `\nAll ${goals.length} goals PASS`);
  writeBenchmarks(failed);
  if (failed) process.exitCode = 1;
}

/**
 * The run's goals table into docs/benchmarks.md, in the section of its parts (`BENCH_ONLY=…`, or the whole run):
 * a partial run replaces its own section and leaves the others as they were.
 */
function writeBenchmarks(failed: number): void {
  const file = path.resolve(here, '../../../docs/benchmarks.md');
  const parts = [...ONLY].sort().join(',');
  const heading = `## ${parts ? `BENCH_ONLY=${parts}` : 'The whole run'}`;
  const head = '# Benchmarks\n\nWritten by `npm run bench` (apps/server/scripts/bench.ts): each section is the latest run of its parts.\n';
  const old = existsSync(file) ? readFileSync(file, 'utf8') : head;
  const sections = old.split(/^(?=## )/m);
  const body = [
    `${heading}\n`,
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${(parts === 'cluster' ? CLUSTER_BEATS : BEATS).toLocaleString('en-US')} beats, ${os.availableParallelism()} cores` +
      `: ${failed ? `${failed} of ${goals.length} goals FAIL` : `all ${goals.length} goals PASS`}.\n`,
    '| goal | what | value | target | result |',
    '|---|---|---:|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.what.replaceAll('|', '\\|')} | ${g.value.replaceAll('|', '\\|')} | ${g.target} | ${g.pass ? 'PASS' : 'FAIL'} |`),
    '',
  ].join('\n');
  const index = sections.findIndex((section) => section.startsWith(`${heading}\n`));
  if (index >= 0) sections[index] = `${body}\n`;
  else {
    // A new section goes above the history of earlier set-ups, which stays last.
    const history = sections.findIndex((section) => section.startsWith('## History'));
    if (history >= 0) sections.splice(history, 0, `${body}\n`);
    else sections.push(`${sections.at(-1)?.endsWith('\n\n') ? '' : '\n'}${body}\n`);
  }
  writeFileSync(file, sections.join('').replace(/\n{3,}/g, '\n\n'));
  console.log(`(written to docs/benchmarks.md, section "${heading.slice(3)}")`);
}

await main();
