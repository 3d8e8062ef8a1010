/**
 * A set of columns selected as one JSON value per row, decoded by the columns' own mappers into the object a plain
 * select of the same columns gives.
 *
 * Why: a long list of wide rows (a buyer's 400 leases, their 300 favourites) spends most of its time decoding the
 * wire protocol field by field — 20 text fields a row, each parsed on its own. One JSON text a row is one field,
 * parsed by `JSON.parse` in native code: the same 378 rows come back in about two-thirds of the time on the embedded
 * database (docs/decisions/0015-query-plans.md#output-bound-lists).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';

type Columns = Record<string, Column>;
type RowOf<C extends Columns> = { [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null };

export function jsonRow<C extends Columns>(columns: C): SQL<RowOf<C>> {
  const entries = Object.entries(columns);
  const built = sql`json_build_array(${sql.join(
    entries.map(([, column]) => sql`${column}`),
    sql`, `,
  )})`;
  return built.mapWith((value: unknown) => {
    // node-postgres and PGlite both parse a `json` value; a driver that hands over text gets it parsed here.
    const values = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
    const row: Record<string, unknown> = {};
    entries.forEach(([key, column], i) => {
      const raw = values[i];
      row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
    });
    return row as RowOf<C>;
  });
}
