/**
 * Analytics from live data: daily series for the dashboard's charts (UTC days), the purchases ledger
 * (the Analytics Users table and its CSV) and per-beat numbers. Refunded purchases earn nothing.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnalyticsBeat, AnalyticsDailyPoint, AnalyticsOverview, AnalyticsPurchase } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { containsPattern } from '../../lib/like-pattern.js';
import {
  beats,
  beatStats,
  creditSpends,
  downloads,
  favorites,
  plays,
  purchases,
  sessionLogs,
  users,
  type PurchaseRow,
} from '../../db/schema.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { beatStatus } from './admin-beats.service.js';

const DAY_MS = 86_400_000;

const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

type Counter = Exclude<keyof AnalyticsDailyPoint, 'date'>;

export async function analyticsOverview(deps: Deps, days: number): Promise<AnalyticsOverview> {
  const end = new Date(utcDay(deps.clock.now()).getTime() + DAY_MS);
  const start = new Date(end.getTime() - days * DAY_MS);
  const within = (column: AnyPgColumn) => and(gte(column, start), lt(column, end));

  const [sales, signups, playRows, downloadRows, creditRows, favouriteRows, sessionRows] = await Promise.all([
    deps.db
      .select({
        day: dayOf(purchases.purchasedAt),
        sessionType: purchases.sessionType,
        n: count(),
        cents: sql<string>`coalesce(sum(${purchases.priceCents}), 0)`,
      })
      .from(purchases)
      .where(and(within(purchases.purchasedAt), isNull(purchases.refundedAt)))
      .groupBy(sql`1`, purchases.sessionType),
    deps.db.select({ day: dayOf(users.createdAt), n: count() }).from(users).where(within(users.createdAt)).groupBy(sql`1`),
    deps.db.select({ day: dayOf(plays.createdAt), n: count() }).from(plays).where(within(plays.createdAt)).groupBy(sql`1`),
    deps.db.select({ day: dayOf(downloads.createdAt), n: count() }).from(downloads).where(within(downloads.createdAt)).groupBy(sql`1`),
    deps.db
      .select({ day: dayOf(creditSpends.createdAt), n: sql<string>`coalesce(sum(${creditSpends.credits}), 0)` })
      .from(creditSpends)
      .where(within(creditSpends.createdAt))
      .groupBy(sql`1`),
    deps.db.select({ day: dayOf(favorites.createdAt), n: count() }).from(favorites).where(within(favorites.createdAt)).groupBy(sql`1`),
    deps.db
      .select({ day: dayOf(sessionLogs.createdAt), n: count(), seconds: sql<string>`coalesce(sum(${sessionLogs.seconds}), 0)` })
      .from(sessionLogs)
      .where(within(sessionLogs.createdAt))
      .groupBy(sql`1`),
  ]);

  const series = new Map<string, AnalyticsDailyPoint>();
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    series.set(date, {
      date,
      revenue: 0,
      beatPurchase: 0,
      stems: 0,
      exclusive: 0,
      vipPlan: 0,
      beatsSold: 0,
      newUsers: 0,
      plays: 0,
      downloads: 0,
      creditsSpent: 0,
      favourites: 0,
      avgSessionSeconds: 0,
    });
  }
  const add = (day: string, field: Counter, value: number | string) => {
    const point = series.get(day);
    if (point) point[field] += Number(value);
  };

  const revenueCents = new Map<string, number>();
  for (const row of sales) {
    revenueCents.set(row.day, (revenueCents.get(row.day) ?? 0) + Number(row.cents));
    add(row.day, row.sessionType, row.n);
    // Beats sold: every sale of a beat's file (lease, stems, exclusive), not the VIP plan.
    if (row.sessionType !== 'vipPlan') add(row.day, 'beatsSold', row.n);
  }
  for (const [day, cents] of revenueCents) add(day, 'revenue', centsToDollars(cents));
  for (const row of signups) add(row.day, 'newUsers', row.n);
  for (const row of playRows) add(row.day, 'plays', row.n);
  for (const row of downloadRows) add(row.day, 'downloads', row.n);
  for (const row of creditRows) add(row.day, 'creditsSpent', row.n);
  for (const row of favouriteRows) add(row.day, 'favourites', row.n);
  let sessions = 0;
  let sessionSeconds = 0;
  for (const row of sessionRows) {
    sessions += Number(row.n);
    sessionSeconds += Number(row.seconds);
    add(row.day, 'avgSessionSeconds', Math.round(Number(row.seconds) / Math.max(1, Number(row.n))));
  }

  const points = [...series.values()];
  const sum = (field: Counter) => points.reduce((total, p) => total + p[field], 0);
  const totalCents = [...revenueCents.values()].reduce((a, b) => a + b, 0);
  return {
    from: start.toISOString().slice(0, 10),
    to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
    days: points,
    totals: {
      revenue: centsToDollars(totalCents),
      sales: sum('beatPurchase') + sum('stems') + sum('exclusive') + sum('vipPlan'),
      beatPurchase: sum('beatPurchase'),
      stems: sum('stems'),
      exclusive: sum('exclusive'),
      vipPlan: sum('vipPlan'),
      beatsSold: sum('beatsSold'),
      newUsers: sum('newUsers'),
      plays: sum('plays'),
      downloads: sum('downloads'),
      creditsSpent: sum('creditsSpent'),
      favourites: sum('favourites'),
      avgSessionSeconds: sessions ? Math.round(sessionSeconds / sessions) : 0,
    },
  };
}

// ── The purchases ledger ─────────────────────────────────────────────────────────────

function purchaseFilter(q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q);
  if (!pattern) return undefined;
  return or(ilike(purchases.buyerName, pattern), ilike(purchases.buyerEmail, pattern), ilike(purchases.title, pattern));
}

function toPurchaseRow(row: PurchaseRow, serialNo: number): AnalyticsPurchase {
  return {
    serialNo,
    id: row.id,
    name: row.buyerName,
    email: row.buyerEmail,
    item: row.title,
    kind: row.kind,
    amount: centsToDollars(row.priceCents),
    paidIn: row.currency.toUpperCase(),
    date: row.purchasedAt.toISOString(),
    refunded: row.refundedAt !== null,
  };
}

const ledgerOrder = [desc(purchases.purchasedAt), desc(purchases.id)];

/** One row per purchase, newest first; Serial No. counts across pages. */
export async function listPurchases(
  deps: Deps,
  input: { q?: string; page: number; pageSize: number },
): Promise<{ purchases: AnalyticsPurchase[]; total: number }> {
  const where = purchaseFilter(input.q);
  const offset = (input.page - 1) * input.pageSize;
  // The page's ids come from the ledger's index alone; only those rows are read (docs/decisions/0015-query-plans.md).
  const pageIds = deps.db.select({ id: purchases.id }).from(purchases).where(where).orderBy(...ledgerOrder).limit(input.pageSize).offset(offset);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(purchases).where(inArray(purchases.id, pageIds)).orderBy(...ledgerOrder),
    deps.db.select({ n: count() }).from(purchases).where(where),
  ]);
  return { purchases: rows.map((r, i) => toPurchaseRow(r, offset + i + 1)), total: total?.n ?? 0 };
}

/** MM/DD/YYYY (docs/product/screens-and-words.md#dates-and-prices), in UTC like the rest of the analytics. */
export function formatUsDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/**
 * A spreadsheet must never run a cell as a formula (CSV injection): such cells are quoted as text.
 * Text the input rule refuses (docs/product/limits.md#text-input) is made harmless should any predate
 * it: NUL is dropped and half a surrogate pair becomes U+FFFD, so the file stays valid UTF-8.
 */
export function csvCell(value: string | number): string {
  let text = String(value).replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const purchasesCsvHeader = ['Serial No.', 'Name', 'Email', 'Item', 'Amount', 'Paid in', 'Date'];

/**
 * The whole ledger as CSV lines, read 1,000 rows at a time so a long history never sits in memory at once. Each
 * batch starts right after the last row of the one before (keyset, docs/decisions/0015-query-plans.md), so every
 * batch costs the same however deep into the ledger it is.
 */
export async function* purchasesCsv(deps: Deps, q?: string): AsyncGenerator<string> {
  yield `${purchasesCsvHeader.join(',')}\r\n`;
  const where = purchaseFilter(q);
  const batch = 1000;
  let serialNo = 0;
  let lastId: string | null = null;
  for (;;) {
    // Compared with the stored values (not a JavaScript Date, which would drop microseconds).
    const after: SQL | undefined = lastId
      ? sql`(${purchases.purchasedAt}, ${purchases.id}) < (select p.purchased_at, p.id from ${purchases} p where p.id = ${lastId})`
      : undefined;
    const rows = await deps.db.select().from(purchases).where(and(where, after)).orderBy(...ledgerOrder).limit(batch);
    lastId = rows[rows.length - 1]?.id ?? null;
    const lines = rows.map((row) => {
      const p = toPurchaseRow(row, (serialNo += 1));
      const item = p.refunded ? `${p.item} (refunded)` : p.item;
      return [p.serialNo, csvCell(p.name), csvCell(p.email), csvCell(item), p.amount.toFixed(2), p.paidIn, formatUsDate(p.date)].join(',');
    });
    if (lines.length) yield `${lines.join('\r\n')}\r\n`;
    if (rows.length < batch) return;
  }
}

// ── Per beat ─────────────────────────────────────────────────────────────────────────

export async function beatAnalytics(
  deps: Deps,
  input: { q?: string; page: number; pageSize: number; sort: 'title' | 'plays' | 'favourites' | 'sales' | 'revenue'; order: 'asc' | 'desc' },
): Promise<{ beats: AnalyticsBeat[]; total: number }> {
  // Favourites, sales and revenue are kept per beat by triggers (beat_stats), so every sort walks an index.
  const sortColumn = {
    title: sql`lower(${beats.title})`,
    plays: beats.playCount,
    favourites: beatStats.favourites,
    sales: beatStats.sales,
    revenue: beatStats.revenueCents,
  }[input.sort];
  const direction = input.order === 'asc' ? asc : desc;

  const pattern = containsPattern(input.q);
  const where = pattern ? ilike(beats.title, pattern) : undefined;

  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ beat: beats, favourites: beatStats.favourites, sales: beatStats.sales, revenueCents: beatStats.revenueCents })
      .from(beats)
      .innerJoin(beatStats, eq(beatStats.beatId, beats.id))
      .where(where)
      .orderBy(direction(sortColumn), asc(beats.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ n: count() }).from(beats).where(where),
  ]);
  return {
    beats: rows.map((r) => ({
      beatId: r.beat.id,
      beatTitle: r.beat.title,
      artistName: r.beat.artistName,
      beatType: r.beat.beatType,
      status: beatStatus(r.beat),
      plays: r.beat.playCount,
      favourites: Number(r.favourites),
      sales: Number(r.sales),
      revenue: centsToDollars(Number(r.revenueCents)),
    })),
    total: total?.n ?? 0,
  };
}
