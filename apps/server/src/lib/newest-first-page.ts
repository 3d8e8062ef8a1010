/**
 * The admin lists ordered newest first by a timestamp, then by id (both descending): accounts by when they were made,
 * the purchase ledger by when it was paid (docs/decisions/0015-query-plans.md).
 */
import { count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** A list's table, its timestamp column and its id column. */
export interface NewestFirst {
  table: PgTable;
  at: PgColumn;
  id: PgColumn;
}

/** Rows after a cursor's (timestamp, id) in newest-first order: where a cursor page starts. */
export function olderThan(at: SQL | PgColumn, id: SQL | PgColumn, after: readonly string[]): SQL {
  return sql`(${at}, ${id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`;
}

/** The sort key of a row, read as the database prints it, so that a cursor keeps the timestamp's microseconds. */
export const sortKey = (list: NewestFirst): SQL<string> => sql<string>`${list.at}::text`;

/**
 * A page of the rows that match `search`, and how many match. A search is one statement: its matches (through the
 * trigram indexes, never by walking the table in order), counted, then the page of them
 * (docs/decisions/0015-query-plans.md#searches). `page.after` starts it after a cursor, else it skips `page.offset` rows.
 */
export async function searchedPage<Row>(
  db: Db,
  list: NewestFirst,
  search: SQL,
  page: PageStart,
): Promise<{ rows: { row: Row; key: string }[]; total: number }> {
  const { after, offset, size } = page;
  const matches = db
    .select({ id: list.id, at: list.at, total: sql<string>`count(*) over ()`.as('total') })
    .from(list.table)
    .where(search)
    .as('matches');
  const pageIds = db
    .select({ id: matches.id, total: matches.total })
    .from(matches)
    .where(after ? olderThan(matches.at, matches.id, after) : undefined)
    .orderBy(desc(matches.at), desc(matches.id))
    .limit(size + 1)
    .offset(after ? 0 : offset)
    .as('page');
  const found = (await db
    .select({ row: list.table, key: sortKey(list), total: pageIds.total })
    .from(pageIds)
    .innerJoin(list.table, eq(list.id, pageIds.id))
    .orderBy(desc(list.at), desc(list.id))) as unknown as { row: Row; key: string; total: string }[];
  // A page past the last match says nothing of the count; the first page without matches says it is 0.
  const total = found[0]
    ? Number(found[0].total)
    : after || offset > 0
      ? ((await db.select({ n: count() }).from(list.table).where(search))[0]?.n ?? 0)
      : 0;
  return { rows: found, total };
}

/** Where a list's page starts: after a cursor's key, else `offset` rows from the newest; `size` rows at most. */
export interface PageStart {
  after: readonly string[] | null;
  offset: number;
  size: number;
}

/**
 * A page of the list, with one row more than `size` when there are more (the next cursor's sign), and the list's total.
 * A search pages its matches (searchedPage); otherwise a cursor page walks the index from the cursor's key, and a page
 * number without one reads the page's ids from the index alone (`idsAt` may find them faster for deep pages), while
 * `total` says how many rows the whole list has.
 */
export async function newestFirstPage<Row>(
  db: Db,
  list: NewestFirst,
  search: SQL | undefined,
  page: PageStart,
  total: () => Promise<number>,
  idsAt: (offset: number, limit: number) => SQLWrapper = (offset, limit) =>
    db.select({ id: list.id }).from(list.table).orderBy(desc(list.at), desc(list.id)).limit(limit).offset(offset),
): Promise<{ rows: { row: Row; key: string }[]; total: number }> {
  if (search) return searchedPage<Row>(db, list, search, page);
  const columns = { row: list.table, key: sortKey(list) };
  const order = [desc(list.at), desc(list.id)];
  const rows = page.after
    ? db.select(columns).from(list.table).where(olderThan(list.at, list.id, page.after)).orderBy(...order).limit(page.size + 1)
    : db.select(columns).from(list.table).where(inArray(list.id, idsAt(page.offset, page.size + 1))).orderBy(...order);
  const [found, all] = await Promise.all([rows, total()]);
  return { rows: found as unknown as { row: Row; key: string }[], total: all };
}
