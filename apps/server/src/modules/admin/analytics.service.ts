/**
 * Analytics from live data: daily series for the dashboard's charts (UTC days), the purchases ledger
 * (the Analytics Users table and its CSV) and per-beat numbers. Refunded purchases earn nothing.
 */
import { tierField, tierNames } from '../offers/tier-offers.js';
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnalyticsBeat, AnalyticsDailyPoint, AnalyticsOverview, AnalyticsPurchase } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { beats, beatStats, dailyTotals, purchases, type PurchaseRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { newestFirstPage, type NewestFirst } from '../../lib/newest-first-page.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { beatStatus } from './admin-beats.service.js';
import { countBeatMatches } from './beat-search-counts.js';
import { listTotals } from './daily-totals.js';
import { jsonRows } from '../../db/json-row.js';

const DAY_MS = 86_400_000;

function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

type Counter = Exclude<keyof AnalyticsDailyPoint, 'date'>;

export async function analyticsOverview(deps: Deps, days: number): Promise<AnalyticsOverview> {
  const end = new Date(utcDay(deps.clock.now()).getTime() + DAY_MS);
  const start = new Date(end.getTime() - days * DAY_MS);
  const isoDay = (date: Date) => date.toISOString().slice(0, 10);
  const total = (column: AnyPgColumn, name: string) => sql<number>`coalesce(sum(${column}), 0)`.as(name);

  // A row per day kept by triggers (docs/decisions/0015-query-plans.md#day-totals), not a count of every row; the days
  // come over as one JSON value (#output-bound-lists).
  const perDay = deps.db
    .select({
      day: dailyTotals.day,
      revenueCents: total(dailyTotals.revenueCents, 'revenue_cents'),
      beatPurchase: total(dailyTotals.beatPurchase, 'beat_purchase'),
      stems: total(dailyTotals.stems, 'stems'),
      exclusive: total(dailyTotals.exclusive, 'exclusive'),
      vipPlan: total(dailyTotals.vipPlan, 'vip_plan'),
      newUsers: total(dailyTotals.newUsers, 'new_users'),
      plays: total(dailyTotals.plays, 'plays'),
      downloads: total(dailyTotals.downloads, 'downloads'),
      creditsSpent: total(dailyTotals.creditsSpent, 'credits_spent'),
      favourites: total(dailyTotals.favourites, 'favourites'),
      sessions: total(dailyTotals.sessions, 'sessions'),
      sessionSeconds: total(dailyTotals.sessionSeconds, 'session_seconds'),
    })
    .from(dailyTotals)
    .where(and(gte(dailyTotals.day, isoDay(start)), lt(dailyTotals.day, isoDay(end))))
    .groupBy(dailyTotals.day)
    .as('per_day');
  const dayRows = jsonRows({
    day: perDay.day,
    revenueCents: perDay.revenueCents,
    beatPurchase: perDay.beatPurchase,
    stems: perDay.stems,
    exclusive: perDay.exclusive,
    vipPlan: perDay.vipPlan,
    newUsers: perDay.newUsers,
    plays: perDay.plays,
    downloads: perDay.downloads,
    creditsSpent: perDay.creditsSpent,
    favourites: perDay.favourites,
    sessions: perDay.sessions,
    sessionSeconds: perDay.sessionSeconds,
  });
  const [all] = await deps.db.select({ rows: dayRows }).from(perDay);
  const totals = all!.rows;

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
  let sessions = 0;
  let sessionSeconds = 0;
  for (const row of totals) {
    revenueCents.set(row.day, Number(row.revenueCents));
    add(row.day, 'revenue', centsToDollars(Number(row.revenueCents)));
    for (const type of ['beatPurchase', 'stems', 'exclusive', 'vipPlan'] as const) add(row.day, type, row[type]);
    // Beats sold: every sale of a beat's file (lease, stems, exclusive), not the VIP plan.
    add(row.day, 'beatsSold', Number(row.beatPurchase) + Number(row.stems) + Number(row.exclusive));
    for (const field of ['newUsers', 'plays', 'downloads', 'creditsSpent', 'favourites'] as const) add(row.day, field, row[field]);
    sessions += Number(row.sessions);
    sessionSeconds += Number(row.sessionSeconds);
    if (Number(row.sessions) > 0) add(row.day, 'avgSessionSeconds', Math.round(Number(row.sessionSeconds) / Number(row.sessions)));
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

function toPurchaseRow(row: PurchaseRow, serialNo: number, names: Map<string, string>): AnalyticsPurchase {
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
    ...tierField(row.tier, names),
  };
}

const ledgerOrder = [desc(purchases.purchasedAt), desc(purchases.id)];
const ledgerList: NewestFirst = { table: purchases, at: purchases.purchasedAt, id: purchases.id };

const ledgerKey = [cursorValue.timestamp, cursorValue.uuid] as const;

/**
 * Up to this offset a page by number walks the ledger's index from its newest purchase: cheaper than adding up the
 * day totals (about 730 rows at two years), which the walk beyond it costs less than.
 */
const WALK_AT_MOST = 2_000;

/**
 * The ids of the ledger's rows from `offset` on, by number (docs/decisions/0015-query-plans.md#ledger-pages-by-number):
 * the day totals say how many purchases are newer than each UTC day, so the walk starts at the end of the day the
 * offset falls in and skips only that day's newer purchases, not every purchase before the page. One statement, so
 * the totals and the ledger are read in the same snapshot. An offset past the last purchase finds no day: no rows.
 */
export function ledgerPageIds(offset: number, limit: number): SQL {
  const boundary = sql`(
    with days as (
      select ${dailyTotals.day} as day, sum(${dailyTotals.purchases})::bigint as n from ${dailyTotals} group by 1 having sum(${dailyTotals.purchases}) > 0
    ), counted as (
      select day, n, coalesce(sum(n) over (order by day desc rows between unbounded preceding and 1 preceding), 0)::bigint as newer from days
    )
    select day, newer from counted where newer <= ${offset}::bigint and newer + n > ${offset}::bigint
  )`;
  return sql`(
    select ${purchases.id} from ${purchases}
    where ${purchases.purchasedAt} < (select (day + 1)::timestamp at time zone 'UTC' from ${boundary} as boundary)
    order by ${purchases.purchasedAt} desc, ${purchases.id} desc
    limit ${limit} offset (select ${offset}::bigint - newer from ${boundary} as boundary)
  )`;
}

/**
 * One row per purchase, newest first; Serial No. counts across pages. A cursor page walks the ledger's index from the
 * cursor's (purchased_at, id); a page number without one reads the page's ids from the index alone (from the page's
 * day, past the first 2,000 rows: ledgerPageIds). The unsearched total is the day totals' sum, a search counts its
 * matches (docs/decisions/0015-query-plans.md).
 */
export async function listPurchases(
  deps: Deps,
  input: { q?: string; page: number; pageSize: number; cursor?: string },
): Promise<{ purchases: AnalyticsPurchase[]; total: number; nextCursor: string | null }> {
  const search = purchaseFilter(input.q);
  const offset = (input.page - 1) * input.pageSize;
  const after = input.cursor ? decodeCursor(input.cursor, ledgerKey) : null;
  const { rows, total } = await newestFirstPage<PurchaseRow>(
    deps.db,
    ledgerList,
    search,
    { after, offset, size: input.pageSize },
    async () => (await listTotals(deps)).purchases,
    (from, limit) =>
      from < WALK_AT_MOST ? deps.db.select({ id: purchases.id }).from(purchases).orderBy(...ledgerOrder).limit(limit).offset(from) : ledgerPageIds(from, limit),
  );
  const shown = rows.slice(0, input.pageSize);
  const last = shown[shown.length - 1];
  const names = await tierNames(deps.db);
  return {
    purchases: shown.map((r, i) => toPurchaseRow(r.row, offset + i + 1, names)),
    total,
    nextCursor: rows.length > input.pageSize && last ? encodeCursor([last.key, last.row.id]) : null,
  };
}

/**
 * A spreadsheet must never run a cell as a formula (CSV injection): such cells are quoted as text.
 * Text the input rule refuses (docs/product/limits.md#text-input) is made harmless should any predate
 * it: NUL is dropped and half a surrogate pair becomes U+FFFD, so the file stays valid UTF-8.
 */
export function csvCell(value: string | number): string {
  // Most cells need none of it: no NUL, no surrogate, no quote, comma or line break, no formula start, no edge space.
  if (typeof value === 'string' && PLAIN_CELL.test(value) && !value.includes('\u0000')) return value;
  let text = String(value).replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const PLAIN_CELL = /^[^\s=+\-@",\uD800-\uDFFF](?:[^",\r\n\uD800-\uDFFF]*[^\s",\uD800-\uDFFF])?$/;

/** The Users table's columns, then the licence tier bought (empty for stems and the VIP plan): new columns go last. */
export const purchasesCsvHeader = ['Serial No.', 'Name', 'Email', 'Item', 'Amount', 'Paid in', 'Date', 'License tier'];

/**
 * Rows per query of the CSV export: each batch is one index range, and the time the download waits for it stays within
 * the query budget on the embedded database (docs/decisions/0015-query-plans.md).
 */
export const CSV_BATCH = 250;

/**
 * What a CSV line shows of a purchase, and the id the next batch starts after. The database writes the date as the
 * line shows it and says only whether the purchase was refunded: no timestamp is decoded into a Date for each row.
 */
const csvColumns = {
  id: purchases.id,
  buyerName: purchases.buyerName,
  buyerEmail: purchases.buyerEmail,
  title: purchases.title,
  priceCents: purchases.priceCents,
  currency: purchases.currency,
  // MM/DD/YYYY (docs/product/screens-and-words.md#dates-and-prices), in UTC like the rest of the analytics; null for a
  // timestamp without a calendar day (±infinity).
  date: sql<string | null>`to_char(${purchases.purchasedAt} at time zone 'UTC', 'MM/DD/YYYY')`,
  refunded: sql<boolean>`${purchases.refundedAt} is not null`,
  tier: purchases.tier,
};

/**
 * The whole ledger as CSV lines, read CSV_BATCH rows at a time so a long history never sits in memory at once.
 * Each batch starts right after the last row of the one before (keyset, docs/decisions/0015-query-plans.md), so
 * every batch costs the same however deep into the ledger it is.
 */
export async function* purchasesCsv(deps: Deps, q?: string): AsyncGenerator<string> {
  yield `${purchasesCsvHeader.join(',')}\r\n`;
  const where = purchaseFilter(q);
  const names = await tierNames(deps.db);
  let serialNo = 0;
  let lastId: string | null = null;
  for (;;) {
    // Compared with the stored values (not a JavaScript Date, which would drop microseconds).
    const after: SQL | undefined = lastId
      ? sql`(${purchases.purchasedAt}, ${purchases.id}) < (select p.purchased_at, p.id from ${purchases} p where p.id = ${lastId})`
      : undefined;
    const rows = await deps.db.select(csvColumns).from(purchases).where(and(where, after)).orderBy(...ledgerOrder).limit(CSV_BATCH);
    lastId = rows[rows.length - 1]?.id ?? null;
    const lines = rows.map((row) => {
      // A line without its date would look complete and be wrong: the download is cut off instead.
      if (row.date === null) throw new Error(`purchase ${row.id} has no calendar date`);
      serialNo += 1;
      const item = row.refunded ? `${row.title} (refunded)` : row.title;
      const tier = row.tier ? (names.get(row.tier) ?? row.tier) : '';
      return `${serialNo},${csvCell(row.buyerName)},${csvCell(row.buyerEmail)},${csvCell(item)},${centsToDollars(row.priceCents).toFixed(2)},${row.currency.toUpperCase()},${row.date},${csvCell(tier)}`;
    });
    if (lines.length) yield `${lines.join('\r\n')}\r\n`;
    if (rows.length < CSV_BATCH) return;
  }
}

// ── Per beat ─────────────────────────────────────────────────────────────────────────

const beatKey = [cursorValue.text, cursorValue.text, cursorValue.text, cursorValue.uuid] as const;

/**
 * Every beat with its numbers, sorted by one of them (the beat id breaks ties, in the same direction). A cursor holds the sort, its
 * direction and the last row's value and id: the next page walks the sort's index from there (keyset paging).
 */
export async function beatAnalytics(
  deps: Deps,
  input: {
    q?: string;
    page: number;
    pageSize: number;
    sort: 'title' | 'plays' | 'favourites' | 'sales' | 'revenue';
    order: 'asc' | 'desc';
    cursor?: string;
  },
): Promise<{ beats: AnalyticsBeat[]; total: number; nextCursor: string | null }> {
  // Favourites, sales and revenue are kept per beat by triggers (beat_stats), so every sort walks an index.
  const sortColumn = {
    title: sql`lower(${beats.title})`,
    plays: beats.playCount,
    favourites: beatStats.favourites,
    sales: beatStats.sales,
    revenue: beatStats.revenueCents,
  }[input.sort];
  // The tie-break is the id the sort's index holds (the beat's own, or its totals row's), in the sort's direction:
  // a descending page is the ascending index walked backwards, and a cursor is one row comparison either way.
  const idColumn = input.sort === 'title' || input.sort === 'plays' ? beats.id : beatStats.beatId;
  const direction = input.order === 'asc' ? asc : desc;

  const pattern = containsPattern(input.q);
  const search = pattern ? ilike(beats.title, pattern) : undefined;
  let after: SQL | undefined;
  if (input.cursor) {
    const [sort, order, value, id] = decodeCursor(input.cursor, beatKey);
    if (sort !== input.sort || order !== input.order || (sort !== 'title' && !/^-?\d{1,18}$/.test(value!))) {
      throw badRequest('cursor is not valid');
    }
    const last = sort === 'title' ? sql`${value}::text` : sql`${value}::bigint`;
    after =
      input.order === 'asc'
        ? sql`(${sortColumn}, ${idColumn}) > (${last}, ${id}::uuid)`
        : sql`(${sortColumn}, ${idColumn}) < (${last}, ${id}::uuid)`;
  }

  const [found, total] = await Promise.all([
    deps.db
      .select({
        beat: beats,
        favourites: beatStats.favourites,
        sales: beatStats.sales,
        revenueCents: beatStats.revenueCents,
        key: sql<string>`(${sortColumn})::text`,
      })
      .from(beats)
      .innerJoin(beatStats, eq(beatStats.beatId, beats.id))
      .where(and(search, after))
      .orderBy(direction(sortColumn), direction(idColumn))
      .limit(input.pageSize + 1)
      .offset(input.cursor ? 0 : (input.page - 1) * input.pageSize),
    // A search's count is kept per catalog version: every page of it asks the same (beat-search-counts.ts).
    search ? countBeatMatches(deps.db, JSON.stringify(['per-beat', pattern]), search) : listTotals(deps).then((t) => t.beats),
  ]);
  const rows = found.slice(0, input.pageSize);
  const last = rows[rows.length - 1];
  const nextCursor = found.length > input.pageSize && last ? encodeCursor([input.sort, input.order, last.key, last.beat.id]) : null;
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
    total,
    nextCursor,
  };
}
