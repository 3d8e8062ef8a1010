/**
 * Every query the product makes, timed at scale: 100,000 beats (seeded by the caller, as `bench.ts` does),
 * 100,000 users and their purchases, plays, favourites, carts, sessions and mail, added here with bulk SQL.
 * Each query runs through its real service function; the p50 of 25 runs must be at most 10 ms
 * (docs/decisions/0015-query-plans.md).
 *
 * Alone: `npx tsx scripts/bench-queries.ts` on a scratch embedded database; `BENCH_DATA_DIR=…` keeps it for the
 * next run, `BENCH_DATABASE_URL=postgres://…/db` uses that (empty or already seeded) PostgreSQL database instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import type { Deps } from '../src/deps.js';
import { authenticate, isSessionActive, startSession } from '../src/modules/auth/auth.service.js';
import { countVipCatalog, getBeat, listBeatPage } from '../src/modules/beats/beats.service.js';
import { listAdminBeats } from '../src/modules/admin/admin-beats.service.js';
import { listUsers } from '../src/modules/admin/admin-users.service.js';
import { analyticsOverview, beatAnalytics, CSV_BATCH, listPurchases as listLedger, purchasesCsv } from '../src/modules/admin/analytics.service.js';
import { listAudit } from '../src/modules/audit/audit.service.js';
import { compactDailyTotals } from '../src/modules/admin/daily-totals.js';
import { listPurchasedBeats, listPurchases, licenceForPurchase } from '../src/modules/purchases/purchases.service.js';
import { listFavorites } from '../src/modules/favorites/favorites.service.js';
import { cartCount, listCart, listStemsCart } from '../src/modules/cart/cart.service.js';
import { ownedBeats, rightsForBeatId } from '../src/modules/entitlements/entitlements.service.js';
import { turnOverEndedExclusives } from '../src/modules/countdown/countdown.service.js';
import { pruneExpiredRecords } from '../src/modules/retention/retention.service.js';
import { benchDeps, seedBenchCatalog } from './bench-catalog.js';
import type { Goal } from './bench-goal.js';

export const QUERY_BUDGET_MS = 10;
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 25);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);

export interface QueryTiming {
  name: string;
  /** The fastest run: what the query costs when nothing else competes for the machine. */
  best: number;
  p50: number;
  p95: number;
  pass: boolean;
}

/** The e-mail of the scale's heaviest buyer: hundreds of purchases, favourites and cart items. */
export const COLLECTOR_EMAIL = 'collector@bench.test';

/**
 * 100,000 users and, spread over two years, 200,000 purchases (150,000 checkouts), 500,000 plays,
 * 300,000 favourites, 70,000 cart items, downloads, credit spends, session logs, 200,000 sessions
 * (half expired), one-time codes, reset tokens, mail and audit entries; plus one heavy buyer.
 */
export async function seedQueryScale(database: Database, userCount = USERS): Promise<void> {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  await run(`create unlogged table bench_beat as select id, (row_number() over (order by id)) as n, beat_type, price_cents from beats`);
  await run(`create unique index on bench_beat (n)`);
  await run(`
    insert into users (email, full_name, password_hash, user_type, credits, is_stems_available, last_session_date, created_at, updated_at)
    select 'listener' || i || '@bench.test', 'Listener ' || i, '$argon2id$bench',
      case when i % 10 = 0 then 'vipUser' when i % 7 = 0 then 'invitedUser' else 'freeUser' end,
      i % 5, i % 40 = 0, now() - (i % 90) * interval '1 day',
      now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second', now()
    from generate_series(1::bigint, ${userCount}) i`);
  await run(`
    insert into users (email, full_name, password_hash, user_type, credits, created_at, updated_at)
    values ('${COLLECTOR_EMAIL}', 'Collector', '$argon2id$bench', 'vipUser', 20, now() - interval '400 days', now())`);
  await run(`create unlogged table bench_user as select id, email, full_name, (row_number() over (order by created_at, id)) as n from users`);
  await run(`create unique index on bench_user (n)`);
  const beatCount = `(select count(*) from bench_beat)`;
  const userTotal = `(select count(*) from bench_user)`;
  // i → a user and a beat spread over the whole table (multiplying by primes), and a time in the last two years.
  const userOf = (i: string) => `(select id from bench_user where n = (${i} * 7919) % ${userTotal} + 1)`;
  const ago = (i: string) => `now() - ((${i} * 104729) % 63072000) * interval '1 second'`;
  await run(`
    insert into checkouts (provider, provider_session_id, user_id, email, session_type, amount_cents, status, payment_status, url, created_at, expires_at, fulfilled_at)
    select 'test', 'cs_bench_' || i, u.id, u.email,
      case when i % 50 = 0 then 'vipPlan' when i % 10 = 1 then 'stems' else 'beatPurchase' end,
      2999, case when i % 20 = 0 then 'expired' else 'complete' end, case when i % 20 = 0 then 'unpaid' else 'paid' end,
      'https://checkout.test/' || i, ${ago('i')}, ${ago('i')} + interval '30 minutes', case when i % 20 = 0 then null else ${ago('i')} end
    from generate_series(1::bigint, 150000) i join bench_user u on u.n = (i * 7919) % ${userTotal} + 1`);
  await run(`create unlogged table bench_checkout as select id, user_id, email, created_at, session_type, (row_number() over (order by provider_session_id)) as n from checkouts`);
  await run(`create unique index on bench_checkout (n)`);
  await run(`
    insert into checkout_items (checkout_id, kind, beat_id, title, price_cents, list_price_cents)
    select c.id, case c.session_type when 'stems' then 'stems' when 'vipPlan' then 'vipPlan' else 'lease' end,
      case when c.session_type = 'vipPlan' then null else b.id end, 'Bench item ' || c.n, 2999, 2999
    from bench_checkout c join bench_beat b on b.n = (c.n * 104729) % ${beatCount} + 1`);
  await run(`
    insert into purchases (checkout_id, user_id, buyer_email, buyer_name, session_type, kind, beat_id, title, price_cents, provider, purchased_at, refunded_at)
    select c.id, c.user_id, c.email, u.full_name, c.session_type,
      case c.session_type when 'stems' then 'stems' when 'vipPlan' then 'vipPlan' else 'lease' end,
      case when c.session_type = 'vipPlan' then null else b.id end, 'Beat ' || b.n, 2999 + (i % 7) * 100, 'test',
      c.created_at, case when i % 100 = 0 then c.created_at + interval '2 days' end
    from generate_series(1::bigint, 200000) i
    join bench_checkout c on c.n = (i - 1) % 150000 + 1
    join bench_user u on u.id = c.user_id
    join bench_beat b on b.n = (i * 15485863) % ${beatCount} + 1`);
  // The heavy buyer: 500 purchases, 300 favourites, 40 + 20 cart items.
  const collector = `(select id from users where email = '${COLLECTOR_EMAIL}')`;
  await run(`
    insert into purchases (user_id, buyer_email, buyer_name, session_type, kind, beat_id, title, price_cents, provider, purchased_at)
    select ${collector}, '${COLLECTOR_EMAIL}', 'Collector', case when i % 4 = 0 then 'stems' else 'beatPurchase' end,
      case when i % 4 = 0 then 'stems' else 'lease' end, b.id, 'Beat ' || b.n, 2999, 'test', now() - i * interval '17 hours'
    from generate_series(1::bigint, 500) i join bench_beat b on b.n = (i * 7907) % ${beatCount} + 1`);
  await run(`
    insert into entitlements (user_id, beat_id, source, purchase_id, created_at)
    select user_id, beat_id, kind, id, purchased_at from purchases
    where user_id is not null and beat_id is not null and kind in ('lease', 'stems') and refunded_at is null
    on conflict do nothing`);
  await run(`
    insert into favorites (user_id, beat_id, created_at)
    select ${userOf('i')}, b.id, ${ago('i')}
    from generate_series(1::bigint, 300000) i join bench_beat b on b.n = (i * 31337) % ${beatCount} + 1
    on conflict do nothing`);
  await run(`
    insert into favorites (user_id, beat_id, created_at)
    select ${collector}, b.id, now() - i * interval '3 hours'
    from generate_series(1::bigint, 300) i join bench_beat b on b.n = (i * 6007) % ${beatCount} + 1
    where b.beat_type = 'Non-Exclusive' on conflict do nothing`);
  for (const [table, count, prime] of [['cart_items', 50000, 6151], ['stems_cart_items', 20000, 7193]] as const) {
    await run(`
      insert into ${table} (user_id, beat_id, created_at)
      select ${userOf('i')}, b.id, ${ago('i')}
      from generate_series(1::bigint, ${count}) i join bench_beat b on b.n = (i * ${prime}) % ${beatCount} + 1
      on conflict do nothing`);
    await run(`
      insert into ${table} (user_id, beat_id, created_at)
      select ${collector}, b.id, now() - i * interval '1 hour'
      from generate_series(1::bigint, ${table === 'cart_items' ? 40 : 20}) i join bench_beat b on b.n = (i * ${prime + 2}) % ${beatCount} + 1
      on conflict do nothing`);
  }
  await run(`
    insert into plays (beat_id, user_id, seconds, created_at)
    select b.id, case when i % 5 < 2 then null else u.id end, 10 + i % 170, ${ago('i')}
    from generate_series(1::bigint, 500000) i
    join bench_beat b on b.n = (i * 15485863) % ${beatCount} + 1
    join bench_user u on u.n = (i * 7919) % ${userTotal} + 1`);
  await run(`
    insert into downloads (user_id, beat_id, file_type, created_at)
    select u.id, b.id, case i % 3 when 0 then 'mp3' when 1 then 'wav' else 'stems' end, ${ago('i')}
    from generate_series(1::bigint, 200000) i
    join bench_beat b on b.n = (i * 104729) % ${beatCount} + 1
    join bench_user u on u.n = (i * 6151) % ${userTotal} + 1`);
  await run(`
    insert into credit_spends (user_id, beat_id, credits, created_at)
    select u.id, b.id, 1, ${ago('i')}
    from generate_series(1::bigint, 50000) i
    join bench_beat b on b.n = (i * 7907) % ${beatCount} + 1
    join bench_user u on u.n = (i * 7193) % ${userTotal} + 1`);
  await run(`
    insert into session_logs (user_id, seconds, created_at)
    select u.id, 30 + i % 3600, ${ago('i')} from generate_series(1::bigint, 300000) i join bench_user u on u.n = (i * 7919) % ${userTotal} + 1`);
  // Sessions, codes and tokens: half of them expired, some used or revoked; mail: sent, failed and kept.
  await run(`
    insert into sessions (user_id, remember, created_at, expires_at, revoked_at)
    select u.id, i % 2 = 0, ${ago('i')}, case when i % 2 = 0 then now() - interval '1 day' else now() + interval '20 days' end,
      case when i % 9 = 0 then now() - interval '2 days' end
    from generate_series(1::bigint, 200000) i join bench_user u on u.n = (i * 7919) % ${userTotal} + 1`);
  await run(`
    insert into otp_codes (user_id, code_hash, created_at, expires_at, used_at)
    select u.id, md5(i::text), ${ago('i')}, case when i % 2 = 0 then now() - interval '1 hour' else now() + interval '5 minutes' end,
      case when i % 3 = 0 then now() - interval '1 hour' end
    from generate_series(1::bigint, 50000) i join bench_user u on u.n = (i * 7193) % ${userTotal} + 1`);
  await run(`
    insert into reset_tokens (user_id, token_hash, created_at, expires_at, used_at)
    select u.id, md5('reset' || i), ${ago('i')}, case when i % 2 = 0 then now() - interval '1 hour' else now() + interval '10 minutes' end,
      case when i % 3 = 0 then now() - interval '1 hour' end
    from generate_series(1::bigint, 20000) i join bench_user u on u.n = (i * 6151) % ${userTotal} + 1`);
  await run(`
    insert into mail_outbox ("to", subject, text, html, created_at, sent_at, error)
    select 'listener' || i || '@bench.test', 'Your Beat Market code', 'Your code is 12345', '<p>Your code is 12345</p>', ${ago('i')},
      case when i % 3 = 0 then ${ago('i')} end, case when i % 50 = 1 then 'SMTP refused the message' end
    from generate_series(1::bigint, 100000) i`);
  await run(`
    insert into audit_log (actor_email, action, target_type, target_id, after, created_at)
    select 'admin@bench.test', 'user.update', 'user', i::text, jsonb_build_object('credits', i % 9), ${ago('i')}
    from generate_series(1::bigint, 20000) i`);
  for (const table of ['bench_beat', 'bench_user', 'bench_checkout']) await run(`drop table ${table}`);
  // The embedded database has no autovacuum: statistics and the visibility map are made as a server's would be.
  await run('VACUUM ANALYZE');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function time(name: string, query: () => Promise<unknown>): Promise<QueryTiming> {
  for (let i = 0; i < 3; i++) await query();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await query();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 0.5);
  return { name, best: samples[0]!, p50, p95: percentile(samples, 0.95), pass: p50 <= QUERY_BUDGET_MS };
}

/** The CSV export's header and first batch, as the download sends them before asking for more. */
async function firstCsvBatch(deps: Deps): Promise<number> {
  const lines = purchasesCsv(deps);
  const header = await lines.next();
  const batch = await lines.next();
  await lines.return(undefined);
  return String(header.value).length + String(batch.value).length;
}

/** Times each product query on a database already at scale (seedQueryScale). */
export async function timeProductQueries(deps: Deps): Promise<QueryTiming[]> {
  // The analytics.compact job folds each day's appended totals every 5 minutes (docs/background-jobs.md): the lists'
  // totals and the dashboard are timed on the day totals as the running store keeps them, one row per day.
  await compactDailyTotals(deps);
  const [collector] = await deps.db.select().from(users).where(eq(users.email, COLLECTOR_EMAIL)).limit(1);
  if (!collector) throw new Error('seedQueryScale first');
  const session = await startSession(deps, collector, true);
  const caller = await authenticate(deps, session.token);
  const sessionId = caller!.sessionId;
  const firstPage = await listBeatPage(deps, { limit: 50 });
  const deep = { cursor: firstPage.nextCursor! };
  for (let i = 0; i < 40; i++) deep.cursor = (await listBeatPage(deps, { limit: 50, cursor: deep.cursor })).nextCursor!;
  const [purchase] = (await listPurchases(deps, collector.id, { limit: 1 })).purchases;
  const beatId = firstPage.rows[0]!.id;
  const listener = await deps.db.select().from(users).where(eq(users.email, 'listener4242@bench.test')).limit(1);
  // Cursors deep into each admin list: where the page after page 2,000 (5,000 for the ledger) starts.
  const usersCursor = (await listUsers(deps, { page: 2000, pageSize: 20 })).nextCursor!;
  const beatsCursor = (await listAdminBeats(deps, { page: 2000, pageSize: 20 })).nextCursor!;
  const ledgerCursor = (await listLedger(deps, { page: 5000, pageSize: 20 })).nextCursor!;
  const perBeatCursor = (await beatAnalytics(deps, { page: 2000, pageSize: 20, sort: 'revenue', order: 'desc' })).nextCursor!;
  const auditCursor = (await listAudit(deps, 500, 20)).nextCursor!;
  const historyCursor = (await listPurchases(deps, collector.id, { limit: 24 })).nextCursor!;
  const leasesCursor = (await listPurchasedBeats(deps, collector.id, 'lease', sessionId, { limit: 24 })).nextCursor!;
  const deepCsv = purchasesCsv(deps);
  await deepCsv.next(); // the header
  for (let rows = 0; rows < 100_000; rows += CSV_BATCH) await deepCsv.next();

  const queries: [string, () => Promise<unknown>][] = [
    ['login: user by e-mail', () => deps.db.select().from(users).where(eq(users.email, 'listener4242@bench.test')).limit(1)],
    ['auth: token → session and user', () => authenticate(deps, session.token)],
    ['auth: session still active', () => isSessionActive(deps, sessionId, collector.id)],
    ['catalog: newest 50', () => listBeatPage(deps, { limit: 50 })],
    ['catalog: VIP catalog (Non-Exclusive) 50', () => listBeatPage(deps, { limit: 50, type: 'Non-Exclusive' })],
    ['catalog: exclusives 50', () => listBeatPage(deps, { limit: 50, type: 'Exclusive' })],
    ['catalog: page 42 by cursor', () => listBeatPage(deps, { limit: 50, cursor: deep.cursor })],
    ['catalog: search "midnight"', () => listBeatPage(deps, { limit: 50, q: 'midnight' })],
    ['catalog: search "lofi" in VIP catalog', () => listBeatPage(deps, { limit: 50, q: 'lofi', type: 'Non-Exclusive' })],
    ['catalog: search "sapphire ri"', () => listBeatPage(deps, { limit: 50, q: 'sapphire ri' })],
    ['catalog: search without a match', () => listBeatPage(deps, { limit: 50, q: 'zzqx' })],
    ['catalog: one beat', () => getBeat(deps, beatId)],
    ['catalog: VIP catalog size', () => countVipCatalog(deps)],
    ['admin beats: page 1', () => listAdminBeats(deps, { page: 1, pageSize: 20 })],
    ['admin beats: page 2,000', () => listAdminBeats(deps, { page: 2000, pageSize: 20 })],
    ['admin beats: page 2,001 by cursor', () => listAdminBeats(deps, { page: 2001, pageSize: 20, cursor: beatsCursor })],
    ['admin beats: exclusives', () => listAdminBeats(deps, { page: 1, pageSize: 20, type: 'Exclusive' })],
    ['admin beats: search "midnight"', () => listAdminBeats(deps, { page: 1, pageSize: 20, q: 'midnight' })],
    ['admin users: page 1', () => listUsers(deps, { page: 1, pageSize: 20 })],
    ['admin users: page 2,000', () => listUsers(deps, { page: 2000, pageSize: 20 })],
    ['admin users: page 2,001 by cursor', () => listUsers(deps, { page: 2001, pageSize: 20, cursor: usersCursor })],
    ['admin users: search "listener4242"', () => listUsers(deps, { page: 1, pageSize: 20, q: 'listener4242' })],
    ['admin users: search "collector"', () => listUsers(deps, { page: 1, pageSize: 20, q: 'collector' })],
    ['analytics: last 30 days', () => analyticsOverview(deps, 30)],
    ['analytics: last 365 days', () => analyticsOverview(deps, 365)],
    ['ledger: page 1', () => listLedger(deps, { page: 1, pageSize: 20 })],
    ['ledger: page 5,000', () => listLedger(deps, { page: 5000, pageSize: 20 })],
    ['ledger: page 5,001 by cursor', () => listLedger(deps, { page: 5001, pageSize: 20, cursor: ledgerCursor })],
    ['ledger: search "listener4242"', () => listLedger(deps, { page: 1, pageSize: 20, q: 'listener4242' })],
    // The export is one query per batch of CSV_BATCH rows, each written out before the next is read: a batch is
    // what the product waits for. The first (with the header), and batches from 100,000 rows into the ledger.
    [`ledger CSV: first batch (${CSV_BATCH} rows)`, () => firstCsvBatch(deps)],
    [`ledger CSV: next batch of ${CSV_BATCH}, 100,000 rows in`, () => deepCsv.next()],
    ['per beat: by plays', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'plays', order: 'desc' })],
    ['per beat: by title', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'title', order: 'asc' })],
    ['per beat: by sales', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'sales', order: 'desc' })],
    ['per beat: by revenue', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'revenue', order: 'desc' })],
    ['per beat: by favourites', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'favourites', order: 'desc' })],
    ['per beat: by revenue, page 2,001 by cursor', () =>
      beatAnalytics(deps, { page: 2001, pageSize: 20, sort: 'revenue', order: 'desc', cursor: perBeatCursor })],
    ['per beat: search "midnight"', () => beatAnalytics(deps, { page: 1, pageSize: 20, sort: 'plays', order: 'desc', q: 'midnight' })],
    ['audit log: page 1', () => listAudit(deps, 1, 20)],
    ['audit log: page 501 by cursor', () => listAudit(deps, 501, 20, auditCursor)],
    ['purchase history (500 purchases)', () => listPurchases(deps, collector.id)],
    ['dashboard: last 5 purchases', () => listPurchases(deps, collector.id, { limit: 5 })],
    ['purchase history: page of 24', () => listPurchases(deps, collector.id, { limit: 24 })],
    ['purchase history: next 24 by cursor', () => listPurchases(deps, collector.id, { limit: 24, cursor: historyCursor })],
    ['purchase history: a listener', () => listPurchases(deps, listener[0]!.id)],
    ['purchased beats: leases', () => listPurchasedBeats(deps, collector.id, 'lease', sessionId)],
    ['purchased beats: stems', () => listPurchasedBeats(deps, collector.id, 'stems', sessionId)],
    ['purchased beats: leases, page of 24', () => listPurchasedBeats(deps, collector.id, 'lease', sessionId, { limit: 24 })],
    ['purchased beats: leases, next 24 by cursor', () =>
      listPurchasedBeats(deps, collector.id, 'lease', sessionId, { limit: 24, cursor: leasesCursor })],
    ['licence: one purchase', () => licenceForPurchase(deps, collector, purchase!._id)],
    ['favourites (300)', () => listFavorites(deps, collector.id)],
    ['cart (40 items)', () => listCart(deps, collector.id)],
    ['stems cart (20 items)', () => listStemsCart(deps, collector.id)],
    ['cart count', () => cartCount(deps, collector.id)],
    ['downloads: rights for a beat', () => rightsForBeatId(deps, collector, beatId)],
    ['downloads: owned beats (500)', () => ownedBeats(deps, collector)],
    ['countdown sweep (nothing ended)', () => turnOverEndedExclusives(deps)],
  ];
  const timings: QueryTiming[] = [];
  for (const [name, query] of queries) timings.push(await time(name, query));
  // Retention at scale: the first run deletes the backlog, later runs find nothing expired.
  const started = performance.now();
  const pruned = await pruneExpiredRecords(deps);
  const first = performance.now() - started;
  timings.push(await time('retention: a run with nothing expired', () => pruneExpiredRecords(deps)));
  console.log(
    `Retention's first run removed ${pruned.sessions.toLocaleString('en-US')} sessions, ${pruned.oneTimeCodes.toLocaleString('en-US')} one-time codes and ` +
      `${pruned.mail.toLocaleString('en-US')} mails in ${first.toFixed(0)} ms.`,
  );
  return timings;
}

export function printQueryTimings(title: string, timings: QueryTiming[]): void {
  console.log(`\n${title}: p50 of ${RUNS} runs per query, budget ${QUERY_BUDGET_MS} ms\n`);
  console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)\n`);
  console.log('| query | best ms | p50 ms | p95 ms | |');
  console.log('|---|---:|---:|---:|---|');
  for (const t of timings) console.log(`| ${t.name} | ${t.best.toFixed(2)} | ${t.p50.toFixed(2)} | ${t.p95.toFixed(2)} | ${t.pass ? 'PASS' : 'FAIL'} |`);
  const failed = timings.filter((t) => !t.pass).length;
  console.log(`\n${timings.length - failed} of ${timings.length} queries within ${QUERY_BUDGET_MS} ms.`);
}

/** For bench.ts: given its database with 100,000 beats, adds the users and the rest, then times every query. */
export async function benchQueries(deps: Deps, database: Database, title = `Product queries (${database.kind})`): Promise<QueryTiming[]> {
  const started = Date.now();
  await seedQueryScale(database);
  console.log(`\nSeeded ${USERS.toLocaleString('en-US')} users and their history in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const timings = await timeProductQueries(deps);
  printQueryTimings(title, timings);
  return timings;
}

/** bench.ts's goal 4, given its seeded database: one row for every query's p50, and one per query over the budget. */
export async function queryGoals(database: Database, label: string): Promise<Goal[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-queries-'));
  try {
    const deps = benchDeps(database, dataDir);
    const timings = await benchQueries(deps, database, `Product queries (${label})`);
    const slowest = timings.reduce((a, b) => (b.p50 > a.p50 ? b : a));
    const target = `≤ ${QUERY_BUDGET_MS} ms`;
    return [
      {
        goal: '4',
        what: `p50 of each of ${timings.length} product queries (${label})`,
        value: `slowest ${slowest.p50.toFixed(2)} ms (${slowest.name})`,
        target,
        pass: timings.every((t) => t.pass),
      },
      ...timings.filter((t) => !t.pass).map((t) => ({ goal: '4', what: `${t.name} (${label})`, value: `${t.p50.toFixed(2)} ms`, target, pass: false })),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const beatCount = Number(process.env.BENCH_BEATS ?? 100_000);
  // BENCH_DATA_DIR keeps the embedded database between runs (seeded once; new migrations apply on the next run).
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'beat-bench-queries-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir, 'db') });
  const title = `Product queries, ${database.kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL server'}`;
  try {
    await database.migrate();
    const deps = benchDeps(database, dataDir);
    const [seeded] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, COLLECTOR_EMAIL)).limit(1);
    let timings: QueryTiming[];
    if (seeded) {
      await database.db.execute('VACUUM ANALYZE');
      timings = await timeProductQueries(deps);
      printQueryTimings(title, timings);
    } else {
      await seedBenchCatalog(deps, database, beatCount);
      timings = await benchQueries(deps, database, title);
    }
    if (timings.some((t) => !t.pass)) process.exitCode = 1;
  } finally {
    await database.close();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
