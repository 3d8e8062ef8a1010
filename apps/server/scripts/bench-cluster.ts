/**
 * Goal 14 of `npm run bench`: the store's throughput grows with its processes. The production bundle runs as 1, 2
 * and 3 processes on one scratch database of the PostgreSQL server and one Redis, behind Debian's nginx with the
 * project's configuration (scripts/nginx.mjs), each process in a CPU control group of its own capped at
 * BENCH_PROCESS_CPU cores (0.25 by default; scripts/cpu-cgroup.ts), as if each ran on a small machine of its own while
 * PostgreSQL, Redis, nginx and the load generator share the rest. The bench's load generator (scripts/bench-load.mjs)
 * sends the same mix to each for BENCH_CLUSTER_SECONDS (60 by default): browsing (catalog pages, beat pages,
 * searches) and buying (the cart, a checkout, paying at the test checkout, whose webhook fulfils the order; each buyer
 * logs in once). With BENCH_CLUSTER_STAND_INS (on by default; 0 turns it off), runs with fewer than 3 processes add
 * busy loops in groups of the same cap, so that the capped processes keep the same number of cores busy in every run
 * and the shared parts have the same room (docs/scaling.md#the-scale-out-measurement). That closed load, each
 * connection asking again as soon as it is answered, measures capacity; latency is then measured by an open load at
 * BENCH_CLUSTER_OPEN_LOAD (0.7) of it for BENCH_CLUSTER_OPEN_SECONDS (30), requests due at fixed times whether or not
 * the store keeps up. Requests per second, p50/p99 of both (and of each step of the mix under the open load), failed
 * requests and each part's CPU are printed; after each run every purchase the load generator saw succeed is
 * looked up in the database: none may be missing or doubled. Where no control group can be made (not root), the bench
 * says so and measures without caps. Alone: BENCH_ONLY=cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { scratchPostgres } from './scratch-postgres.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createLocalStorage } from '../src/adapters/storage/local-storage.js';
import { createDeps } from '../src/runtime.js';
import { insertCatalog, type TrackFiles } from '../src/seed/demo-store.js';
import type { Goal } from './bench-goal.js';
import { load as generateLoad, type Step } from './bench-load.mjs';
import { serverMemoryEnv } from '../../../scripts/server-memory-env.mjs';
import { freePort } from '../../../scripts/free-port.mjs';
import { startNginx } from '../../../scripts/nginx.mjs';
import { cpuCgroupSupport, createCpuGroup, processCpuSeconds, type CpuGroup } from './cpu-cgroup.js';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 60);
/** The scratch catalog's size (BENCH_CLUSTER_BEATS): goal 14 alone seeds this many, not the bench's 100,000. */
export const CLUSTER_BEATS = Number(process.env.BENCH_CLUSTER_BEATS ?? 20_000);
const BEATS = CLUSTER_BEATS;
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 24);
/** Buyers per run: twice the connections, so a buyer is free whenever a connection starts a purchase. */
const BUYERS_PER_RUN = CONNECTIONS * 2;
const TOKEN_SECRET = 'bench-cluster-secret-bench-cluster-secret';
const PASSWORD = 'bench-buyer-password';
const SEARCHES = ['midnight', 'drip', 'lofi', 'golden', 'phonk', 'neon'];
const SIZES = [1, 2, 3];
/** Unmeasured seconds before each run: caches filled, code compiled, and every buyer logged in once (a password check is tens of milliseconds of a whole core). */
const WARM_UP_SECONDS = Number(process.env.BENCH_CLUSTER_WARM_UP_SECONDS ?? 20);
/** Each server process's CPU cap, in cores. */
const PROCESS_CPU = Number(process.env.BENCH_PROCESS_CPU ?? 0.25);
/**
 * The ratios are judged only when every run's processes used at least this share of their caps: a process given
 * less than its quarter core (a machine busy with other work) does not stand for a small machine of its own.
 */
const MIN_CAP_USE = 0.9;
/**
 * The latency goal is measured by an open load (requests due at a fixed rate, latency counted from when each was due)
 * at this share of the capacity the closed load measured: a closed load keeps every process saturated, and its
 * latency is its connections ÷ its throughput whatever the store does (Little's law).
 */
const OPEN_LOAD = Number(process.env.BENCH_CLUSTER_OPEN_LOAD ?? 0.7);
const OPEN_SECONDS = Number(process.env.BENCH_CLUSTER_OPEN_SECONDS ?? 30);
const STAND_INS = !['0', 'false', 'no', 'off'].includes((process.env.BENCH_CLUSTER_STAND_INS ?? '1').toLowerCase());

const tracks: TrackFiles[] = Array.from({ length: 24 }, (_, i) => ({
  mp3Key: `audio/bench/${i}.mp3`,
  wavKey: `audio/bench/${i}.wav`,
  stemsKey: null,
  durationSeconds: 30,
}));

async function startProcess(serverEntry: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server process exited with status ${child.exitCode} before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('a server process was not ready within 120 s');
    }
    if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Buyer {
  id: string;
  email: string;
}

/** A buyer with the session of their first login, once logged in. */
interface Shopper {
  buyer: Buyer;
  token?: string;
}

/**
 * The buyers not in a purchase right now. The load starts each round of the mix with an empty context, so a
 * buyer's session is kept here between rounds: each buyer logs in once, as a returning customer does, and a
 * password check (tens of milliseconds of CPU, by design) is not made for every purchase.
 */
class Shoppers {
  private readonly all: Shopper[];
  private idle: Shopper[];
  constructor(buyers: Buyer[]) {
    this.all = buyers.map((buyer) => ({ buyer }));
    this.idle = [...this.all];
  }
  /** After a load ends: the buyers it stopped in the middle of a purchase are free again, still logged in. */
  freeAll(): void {
    this.idle = [...this.all];
  }
  take(): Shopper {
    const shopper = this.idle.shift();
    if (!shopper) throw new Error('more connections than buyers: each connection needs a buyer of its own');
    return shopper;
  }
  giveBack(shopper: Shopper): void {
    this.idle.push(shopper);
  }
}

interface Run {
  /** The share of their CPU caps the processes used (1 without caps). */
  capUse: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  purchases: PurchaseCheck;
  /** The open load at OPEN_LOAD of this run's capacity: latency as visitors see it at that traffic. */
  open: { rate: number; p50: number; p99: number; failures: number; purchases: PurchaseCheck };
  /** How busy the machine's cores were during the run, 0–1: every process on it, the database's included. */
  busy: number;
  /** The cores each part used. */
  shares: CoreShares;
}

/** Cores used during a run by each part on the machine (from /proc, so on Linux only). */
interface CoreShares {
  servers: number;
  /** Null when no PostgreSQL process runs on this machine (a server elsewhere). */
  postgres: number | null;
  nginx: number;
  /** The stand-ins' busy loops (0 without them). */
  standIns: number;
  /** The load generator, in this process. */
  loadGenerator: number;
}

function postgresPids(): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

interface Parts {
  servers: number[];
  /** nginx's master and workers, now. */
  nginx: () => number[];
  standIns: number[];
}

function cpuSeconds(parts: Parts): Omit<CoreShares, 'postgres'> & { postgres: number; postgresSeen: boolean } {
  const postgres = postgresPids();
  const { user, system } = process.cpuUsage();
  return {
    servers: parts.servers.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    postgres: postgres.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    postgresSeen: postgres.length > 0,
    nginx: parts.nginx().reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    standIns: parts.standIns.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    loadGenerator: (user + system) / 1e6,
  };
}

/** The machine's cores' time so far, busy and in all. */
function coreTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** What a connection knows during one round of the mix. */
type Context = { shopper?: Shopper; beatId?: string; sessionId?: string; sentAt?: number };

/** The mix's steps by name, in order (mix() below), for the latency of each. */
const STEP_NAMES = ['catalog page', 'beat page', 'search', 'beat page', 'catalog page', 'beat page', 'cart (or login)', 'add to cart', 'checkout', 'payment and fulfilment'];

/**
 * The mix each connection repeats: six browsing requests, then one purchase in four steps (the cart, or the login
 * the first time, then adding to the cart, the checkout and paying).
 */
/** The checkout sessions a run paid for: every one sent, and those answered as paid (303) within the run. */
interface Payments {
  sent: Set<string>;
  paid: Set<string>;
}

function mix(shoppers: Shoppers, beatIds: string[], slugs: string[], payments: Payments): Step<Context>[] {
  let nextBeat = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const json = { 'content-type': 'application/json' };
  const bearer = (context: Context) => ({ authorization: `Bearer ${context.shopper!.token}` });
  const auth = (context: Context) => ({ ...json, ...bearer(context) });
  return [
    { path: '/api/beats?type=Non-Exclusive&limit=50' },
    { setup: () => ({ path: `/api/beats/slug/${pick(slugs)}` }) },
    { setup: () => ({ path: `/api/beats?type=Non-Exclusive&limit=50&q=${pick(SEARCHES)}` }) },
    { setup: () => ({ path: `/api/beats/slug/${pick(slugs)}` }) },
    { path: '/api/beats?type=Non-Exclusive&limit=50' },
    { setup: () => ({ path: `/api/beats/slug/${pick(slugs)}` }) },
    {
      // A buyer who has logged in before looks at the cart; one who has not logs in.
      setup: (context) => {
        const shopper = (context.shopper = shoppers.take());
        if (shopper.token) return { path: `/api/cart/${shopper.buyer.id}`, headers: bearer(context) };
        const { email } = shopper.buyer;
        return { method: 'POST', path: '/api/login', headers: json, body: JSON.stringify({ email, password: PASSWORD }) };
      },
      onResponse: (status, body, context) => {
        if (status === 200 && !context.shopper!.token) context.shopper!.token = (JSON.parse(body()) as { token: string }).token;
      },
    },
    {
      method: 'POST',
      path: '/api/cart',
      setup: (context) => {
        context.beatId = beatIds[nextBeat++ % beatIds.length];
        return { headers: auth(context), body: JSON.stringify({ userId: context.shopper!.buyer.id, beatId: context.beatId }) };
      },
    },
    {
      method: 'POST',
      path: '/create-checkout-session',
      setup: (context) => ({
        headers: auth(context),
        body: JSON.stringify({ userId: context.shopper!.buyer.id, email: context.shopper!.buyer.email, beatDetails: [{ beatId: context.beatId }] }),
      }),
      onResponse: (status, body, context) => {
        context.sessionId = status === 200 ? (JSON.parse(body()) as { session: { id: string } }).session.id : 'cs_test_0000000000';
      },
    },
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Buyer' }).toString(),
      setup: (context) => {
        payments.sent.add(context.sessionId!);
        return { path: `/test-checkout/${context.sessionId}/pay` };
      },
      // The purchase is over: the buyer may buy again, on any connection.
      onResponse: (status, _body, context) => {
        if (status === 303) payments.paid.add(context.sessionId!);
        shoppers.giveBack(context.shopper!);
      },
    },
  ];
}

/**
 * Each step's time from being sent to its answer, into `times[index]`: the store's time (and the network's), without
 * the open load's wait for the request to fall due, so the steps that cost most stand out.
 */
function timedSteps(steps: Step<Context>[], times: number[][]): Step<Context>[] {
  return steps.map((step, index): Step<Context> => ({
    ...step,
    setup: (context) => {
      context.sentAt = performance.now();
      return step.setup?.(context) ?? {};
    },
    onResponse: (status, body, context) => {
      (times[index] ??= []).push(performance.now() - context.sentAt!);
      step.onResponse?.(status, body, context);
    },
  }));
}

/** The p50 and p99 of each step's times, slowest p99 first. */
function stepLatencies(times: number[][]): { name: string; p50: number; p99: number; count: number }[] {
  const at = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
  return times
    .map((list, index) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { name: STEP_NAMES[index] ?? `step ${index}`, p50: at(sorted, 0.5), p99: at(sorted, 0.99), count: sorted.length };
    })
    .sort((a, b) => b.p99 - a.p99);
}

/**
 * Each step's failed responses (4xx and 5xx: the pay step responds with 303, to the confirmation page), by status
 * ("4: 409" is the fifth step responding with 409), with the first one's message, to tell what failed.
 */
function countingFailures(steps: Step<Context>[], failed: Map<string, { count: number; message: string }>): Step<Context>[] {
  return steps.map((step, index): Step<Context> => ({
    ...step,
    onResponse: (status, body, context) => {
      if (status >= 400) {
        const kind = failed.get(`${index}: ${status}`) ?? { count: 0, message: body().slice(0, 160) };
        failed.set(`${index}: ${status}`, { ...kind, count: kind.count + 1 });
      }
      step.onResponse?.(status, body, context);
    },
  }));
}

async function load(
  url: string,
  parts: Parts,
  steps: Step<Context>[],
  { seconds = SECONDS, rate }: { seconds?: number; rate?: number } = {},
): Promise<Omit<Run, 'purchases' | 'capUse' | 'open'> & { steps: ReturnType<typeof stepLatencies> }> {
  const start = coreTimes();
  const startCpu = cpuSeconds(parts);
  const startedAt = performance.now();
  const failed = new Map<string, { count: number; message: string }>();
  // A request unanswered for 10 s fails, as it would have a visitor waiting.
  const times: number[][] = [];
  const result = await generateLoad({ url, connections: CONNECTIONS, seconds, requests: timedSteps(countingFailures(steps, failed), times), timeoutSeconds: 10, rate });
  if (failed.size > 0) {
    const kinds = [...failed].map(([what, { count, message }]) => `${what} ×${count} (${message})`);
    console.log(`  failed answers by step of the mix: ${kinds.join(', ')}`);
  }
  const failures = [...failed.values()].reduce((sum, { count }) => sum + count, 0) + result.errors;
  const end = coreTimes();
  const endCpu = cpuSeconds(parts);
  const elapsed = (performance.now() - startedAt) / 1000;
  const busy = (end.busy - start.busy) / (end.total - start.total);
  const cores = (key: 'servers' | 'postgres' | 'nginx' | 'standIns' | 'loadGenerator') => (endCpu[key] - startCpu[key]) / elapsed;
  const shares = {
    servers: cores('servers'),
    postgres: endCpu.postgresSeen ? cores('postgres') : null,
    nginx: cores('nginx'),
    standIns: cores('standIns'),
    loadGenerator: cores('loadGenerator'),
  };
  return { rps: result.rps, p50: result.p50, p99: result.p99, failures, busy, shares, steps: stepLatencies(times) };
}

/** What the database holds for the sessions a run paid for. */
interface PurchaseCheck {
  /** Paid as the load generator saw it. */
  paid: number;
  /** Of those, without a purchase. */
  lost: number;
  /** Checkouts with more than one purchase (any run's). */
  doubled: number;
  /** Sent but unanswered when the run ended, and bought all the same (allowed: the answer came too late to count). */
  lateButBought: number;
}

async function checkPurchases(databaseUrl: string, payments: Payments): Promise<PurchaseCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ session: string; n: string }>(
      `select c.provider_session_id as session, count(p.id) as n from checkouts c left join purchases p on p.checkout_id = c.id
        where c.provider_session_id = any($1) group by c.provider_session_id`,
      [[...payments.sent]],
    );
    const bought = new Map(rows.map((row) => [row.session, Number(row.n)]));
    const doubled = await client.query<{ n: string }>(
      'select count(*) as n from (select checkout_id from purchases where checkout_id is not null group by checkout_id having count(*) > 1) d',
    );
    return {
      paid: payments.paid.size,
      lost: [...payments.paid].filter((session) => (bought.get(session) ?? 0) === 0).length,
      doubled: Number(doubled.rows[0]!.n),
      lateButBought: [...payments.sent].filter((session) => !payments.paid.has(session) && (bought.get(session) ?? 0) > 0).length,
    };
  } finally {
    await client.end();
  }
}

/** A busy loop standing in for a process of a larger run, in a capped group of its own. */
function startStandIn(group: CpuGroup): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  group.add(child.pid!);
  return child;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function clusterGoals(serverUrl: string, serverEntry: string, redisUrl: string | undefined): Promise<Goal[]> {
  const support = cpuCgroupSupport();
  const capped = support.kind !== 'none';
  if (capped) {
    console.log(
      `  each server process in a CPU control group of its own (cgroup ${support.kind}), capped at ${PROCESS_CPU} core; ` +
        (STAND_INS ? `runs of fewer than ${SIZES.at(-1)} processes add capped busy loops to make up the number (BENCH_CLUSTER_STAND_INS=0: none)` : 'no stand-ins'),
    );
  } else {
    console.log(`  no CPU control group can be made here (${support.why}): the processes are measured without caps, and share the machine's cores`);
  }
  const scratch = await scratchPostgres(serverUrl, 'beat_bench_cluster');
  const databaseUrl = scratch.url;
  const name = new URL(databaseUrl).pathname.slice(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-cluster-'));
  const runs: Record<number, Run> = {};
  try {
    const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
    let buyers: Buyer[];
    try {
      await database.migrate();
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, TOKEN_SECRET, LOG_LEVEL: 'silent' });
      const deps = createDeps(config, database, createLocalStorage(path.join(dataDir, 'files')));
      await insertCatalog(deps, tracks, { nonExclusive: BEATS, exclusive: 0, batchSize: 2000 });
      await database.db.execute(`update beats set preview_key = replace(mp3_key, '.mp3', '-preview.mp3'), preview_render_key = 'bench', audio_state = 'ready'`);
      const passwordHash = await hashPassword(PASSWORD);
      buyers = await database.db
        .insert(users)
        .values(Array.from({ length: BUYERS_PER_RUN * SIZES.length }, (_, i) => ({ email: `bench-buyer-${i}@example.test`, fullName: `Bench Buyer ${i}`, passwordHash })))
        .returning({ id: users.id, email: users.email });
      await database.db.execute('ANALYZE');
    } finally {
      await database.close();
    }

    for (const [run, size] of SIZES.entries()) {
      // The built-in test checkout takes the payments (development); limits are lifted so they measure nothing.
      const env: Record<string, string> = {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        TOKEN_SECRET,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'warn',
        WORKER_CONCURRENCY: '1',
        RATE_LIMIT_SCALE: '1000000',
        TRUST_PROXY: 'loopback',
        ...serverMemoryEnv({}),
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-${name}` } : {}),
      };
      const started = await Promise.allSettled(Array.from({ length: size }, () => startProcess(serverEntry, env)));
      const processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const groups: CpuGroup[] = [];
      const standIns: ChildProcess[] = [];
      let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
      try {
        const failed = started.find((result) => result.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
        if (capped) {
          for (const [i, p] of processes.entries()) {
            const group = createCpuGroup(`beat-bench-${process.pid}-${size}-${i}`, PROCESS_CPU);
            groups.push(group);
            group.add(p.child.pid!);
          }
          for (let i = size; STAND_INS && i < SIZES.at(-1)!; i++) {
            const group = createCpuGroup(`beat-bench-${process.pid}-${size}-stand-in-${i}`, PROCESS_CPU);
            groups.push(group);
            standIns.push(startStandIn(group));
          }
        }
        const proxy = (nginx = await startNginx({ targets: processes.map((p) => p.url) }));
        const page = (await (await fetch(`${proxy.url}/api/beats?type=Non-Exclusive&limit=50`)).json()) as { beats: Array<{ slug: string }> };
        const slugs = page.beats.map((b) => b.slug);
        const ids = await (async () => {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            // Each run buys beats nobody has bought yet.
            const { rows } = await client.query<{ id: string }>(
              `select id from beats where published and not free_download and price_cents is not null and beat_type = 'Non-Exclusive'
                 and not exists (select 1 from purchases p where p.beat_id = beats.id) order by random() limit 20000`,
            );
            return rows.map((r) => r.id);
          } finally {
            await client.end();
          }
        })();
        // Each run has buyers of its own, who log in during its first seconds (unmeasured) and stay logged in.
        const shoppers = new Shoppers(buyers.slice(run * BUYERS_PER_RUN, (run + 1) * BUYERS_PER_RUN));
        // Unmeasured first: every process's caches filled and its code compiled, as in a store that has been running.
        const parts: Parts = { servers: processes.map((p) => p.child.pid!), nginx: proxy.pids, standIns: standIns.map((c) => c.pid!) };
        const third = Math.floor(ids.length / 3);
        await load(proxy.url, parts, mix(shoppers, ids.slice(2 * third), slugs, { sent: new Set(), paid: new Set() }), { seconds: WARM_UP_SECONDS });
        shoppers.freeAll();
        const payments: Payments = { sent: new Set(), paid: new Set() };
        const loadAverage = os.loadavg()[0]!;
        const throttledBefore = groups.slice(0, size).reduce((sum, g) => sum + g.throttledPeriods(), 0);
        const result = await load(proxy.url, parts, mix(shoppers, ids.slice(0, third), slugs, payments));
        const throttled = groups.slice(0, size).reduce((sum, g) => sum + g.throttledPeriods(), 0) - throttledBefore;
        const purchases = await checkPurchases(databaseUrl, payments);
        // Then the same mix at a fixed share of that capacity, for the latency visitors see.
        shoppers.freeAll();
        const openPayments: Payments = { sent: new Set(), paid: new Set() };
        const rate = result.rps * OPEN_LOAD;
        const open = await load(proxy.url, parts, mix(shoppers, ids.slice(third, 2 * third), slugs, openPayments), { seconds: OPEN_SECONDS, rate });
        const openPurchases = await checkPurchases(databaseUrl, openPayments);
        runs[size] = { ...result, purchases, capUse: 1, open: { rate, p50: open.p50, p99: open.p99, failures: open.failures, purchases: openPurchases } };
        console.log(
          `  ${size} process${size === 1 ? '' : 'es'}: ${Math.round(result.rps)} requests/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
            `${result.failures} failed requests (${SECONDS} s, ${CONNECTIONS} connections), ` +
            `the machine's ${os.availableParallelism()} cores ${Math.round(result.busy * 100)}% busy, load average ${loadAverage.toFixed(2)} at the start` +
            (capped ? `; the processes were throttled in ${throttled} periods of 100 ms` : ''),
        );
        const used = capped ? result.shares.servers / (size * PROCESS_CPU) : 1;
        runs[size]!.capUse = used;
        if (capped) {
          // A process that is not given its cap measures the machine's other load, not the store.
          console.log(
            `    the processes used ${Math.round(used * 100)} % of their caps` +
              (used < MIN_CAP_USE
                ? ': they were starved by other load on the machine or waited on a shared part, so the ratios do not show what a process adds'
                : ''),
          );
        }
        console.log(
          `    at ${Math.round(rate)} requests/s due at fixed times (${OPEN_LOAD * 100} % of that, ${OPEN_SECONDS} s): p50 ${open.p50.toFixed(1)} ms, ` +
            `p99 ${open.p99.toFixed(1)} ms, ${open.failures} failed requests; purchases ${openPurchases.paid} paid, ` +
            `${openPurchases.lost} missing, ${openPurchases.doubled} bought twice`,
        );
        console.log(
          `    each step there, sent to answered (p50 / p99, slowest first): ` +
            open.steps.map((step) => `${step.name} ${step.p50.toFixed(0)} / ${step.p99.toFixed(0)} ms`).join(', '),
        );
        console.log(
          `    purchases: ${purchases.paid} paid as the load generator saw, ${purchases.lost} of them missing in the database, ` +
            `${purchases.doubled} checkouts bought twice, ${purchases.lateButBought} more bought whose answer came after the end`,
        );
        const { shares } = result;
        const perThousand = (cores: number) => ((cores / result.rps) * 1000).toFixed(2);
        console.log(
          `    cores used: the server process${size === 1 ? '' : 'es'} ${shares.servers.toFixed(2)} (${perThousand(shares.servers)} ms a request)` +
            (shares.postgres === null ? '' : `, PostgreSQL ${shares.postgres.toFixed(2)} (${perThousand(shares.postgres)} ms a request)`) +
            `, nginx ${shares.nginx.toFixed(2)}, the load generator ${shares.loadGenerator.toFixed(2)}` +
            (standIns.length ? `, the ${standIns.length} stand-in${standIns.length === 1 ? '' : 's'} ${shares.standIns.toFixed(2)}` : ''),
        );
      } finally {
        await nginx?.close();
        await Promise.all([...processes.map((p) => stopped(p.child)), ...standIns.map(stopped)]);
        for (const group of groups) await group.remove();
      }
    }
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const one = runs[1]!;
  const setting = `${capped ? `${PROCESS_CPU} core a process${STAND_INS ? ', with stand-ins' : ', no stand-ins'}` : 'no CPU caps'}, ${SECONDS} s each, ${os.availableParallelism()} cores`;
  const ratio = (size: number) => runs[size]!.rps / one.rps;
  const all = SIZES.map((size) => runs[size]!);
  const starved = all.some((r) => r.capUse < MIN_CAP_USE);
  const capNote = capped ? `; the processes used ${all.map((r) => `${Math.round(r.capUse * 100)}`).join(', ')} % of their caps${starved ? `, below ${MIN_CAP_USE * 100} %: not judged` : ''}` : '';
  const worstP99 = Math.max(...all.map((r) => r.open.p99));
  const failures = all.reduce((sum, r) => sum + r.failures + r.open.failures, 0);
  const lost = all.reduce((sum, r) => sum + r.purchases.lost + r.open.purchases.lost, 0);
  const doubled = Math.max(...all.flatMap((r) => [r.purchases.doubled, r.open.purchases.doubled]));
  const paid = all.reduce((sum, r) => sum + r.purchases.paid + r.open.purchases.paid, 0);
  return [
    {
      goal: '14',
      what: `browsing and buying through nginx: 2 processes ÷ 1 process, requests/s (${setting})`,
      value: `${ratio(2).toFixed(2)} (${Math.round(runs[2]!.rps)} ÷ ${Math.round(one.rps)}${capNote})`,
      target: `≥ 1.8${capped ? `, processes at ≥ ${MIN_CAP_USE * 100} % of their caps` : ''}`,
      pass: ratio(2) >= 1.8 && !starved,
    },
    {
      goal: '14',
      what: `browsing and buying through nginx: 3 processes ÷ 1 process, requests/s (${setting})`,
      value: `${ratio(3).toFixed(2)} (${Math.round(runs[3]!.rps)} ÷ ${Math.round(one.rps)}${capNote})`,
      target: `≥ 2.6${capped ? `, processes at ≥ ${MIN_CAP_USE * 100} % of their caps` : ''}`,
      pass: ratio(3) >= 2.6 && !starved,
    },
    {
      goal: '14',
      what:
        `browsing and buying through nginx at ${OPEN_LOAD * 100} % of each run's capacity, requests due at fixed times: p99 of every request, ` +
        'worst of 1, 2 and 3 processes (at full capacity, a closed load)',
      value: `${worstP99.toFixed(1)} ms (${all.map((r) => r.open.p99.toFixed(0)).join(', ')}; at full capacity ${all.map((r) => r.p99.toFixed(0)).join(', ')})`,
      target: '≤ 100 ms',
      pass: worstP99 <= 100,
    },
    {
      goal: '14',
      what: 'browsing and buying through nginx: failed requests, and purchases missing or doubled in the database',
      value: `${failures} failed; ${lost} missing, ${doubled} doubled of ${paid} paid`,
      target: '0; 0, 0',
      pass: failures === 0 && lost === 0 && doubled === 0,
    },
  ];
}
