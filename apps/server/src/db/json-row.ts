/**
 * A set of columns selected as one JSON value per row, decoded by the columns' own mappers into the object a plain
 * select of the same columns gives.
 *
 * Why: a long list of wide rows (a buyer's 400 leases, their 300 favourites) spends most of its time decoding the
 * wire protocol field by field — 20 text fields a row, each parsed on its own. One JSON text a row is one field,
 * parsed by `JSON.parse` in native code: the same 378 rows come back in about two-thirds of the time on the embedded
 * database (docs/decisions/0015-query-plans.md#output-bound-lists).
 */
import { Column, is, SQL, sql } from 'drizzle-orm';

/**
 * A row's values: columns, decoded by their mappers, or expressions: a stored row (`storedJsonRow`) decoded as its
 * columns, any other (a sum, a subquery's field) taken as JSON gives it.
 */
type Values = Record<string, Column | SQL | SQL.Aliased>;
type ValueOf<V> = V extends Column ? (V['_']['notNull'] extends true ? V['_']['data'] : V['_']['data'] | null) : V extends SQL<infer T> | SQL.Aliased<infer T> ? T : never;
type RowOfValues<V extends Values> = { [K in keyof V]: ValueOf<V[K]> };

export function jsonRow<V extends Values>(values: V): SQL<RowOfValues<V>> {
  const { built, decode } = rowOf(values);
  return built.mapWith(decode);
}

/** How each stored row decodes, when it is one value of another row (`jsonRows({ beat: storedRow, … })`). */
const storedRowDecoders = new WeakMap<SQL, { mapFromDriverValue: (value: unknown) => unknown }>();

/**
 * A row of `values` kept by the database in a `json` column, `stored` (a generated column: the same `json_build_array`
 * of the same columns in the same order, written with every insert and update), decoded as `jsonRow` decodes: reading
 * it is a copy where building it read and printed every field (docs/decisions/0015-query-plans.md#stored-answer-rows).
 */
export function storedJsonRow<V extends Values>(stored: SQL, values: V): SQL<RowOfValues<V>> {
  const { decode } = rowOf(values);
  const row = sql`${stored}`.mapWith(decode);
  storedRowDecoders.set(row, { mapFromDriverValue: decode });
  return row;
}

/**
 * Every row a query matches as one JSON value: each row's `json_build_array` gathered by `json_agg` in `order`, handed
 * over as one text field and decoded as `jsonRow` decodes a row. For a whole list: the embedded database hands every
 * row of a result over on its own, which for a buyer's 378 leases cost more than building them
 * (docs/decisions/0015-query-plans.md#output-bound-lists). An aggregate without `GROUP BY` returns one row even when
 * nothing matches: `[]`.
 */
export function jsonRows<V extends Values>(values: V, ...order: SQL[]): SQL<RowOfValues<V>[]> {
  const { built, decode } = rowOf(values);
  const ordered = order.length ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
  return sql`coalesce(json_agg(${built}${ordered}), '[]')::text`.mapWith((text: string) => (JSON.parse(text) as unknown[]).map(decode));
}

function rowOf<V extends Values>(values: V): { built: SQL; decode: (value: unknown) => RowOfValues<V> } {
  const entries = Object.entries(values);
  const built = sql`json_build_array(${sql.join(
    entries.map(([, value]) => sql`${value}`),
    sql`, `,
  )})`;
  // A column whose mapper is Column's own (text, boolean, uuid) takes the JSON value as it is.
  const keys = entries.map(([key]) => key);
  const mappers = entries.map(([, value]) => {
    if (is(value, Column)) return value.mapFromDriverValue !== Column.prototype.mapFromDriverValue ? value : null;
    return is(value, SQL) ? (storedRowDecoders.get(value) ?? null) : null;
  });
  const decode = (value: unknown) => {
    // node-postgres and PGlite both parse a `json` value; a driver that hands over text gets it parsed here.
    const fields = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const raw = fields[i];
      const mapper = mappers[i];
      row[keys[i]!] = raw === null || raw === undefined ? null : mapper ? mapper.mapFromDriverValue(raw) : raw;
    }
    return row as RowOfValues<V>;
  };
  return { built, decode };
}
