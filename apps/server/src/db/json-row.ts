/**
 * A whole list selected as one JSON value, each row decoded by its columns' own mappers into the object a plain select
 * of the same columns gives.
 *
 * Why: a long list of wide rows (a buyer's 400 purchases, their 378 leases) spends most of its time handing rows over
 * and decoding them field by field. One JSON text for the list is one field, parsed by `JSON.parse` in native code
 * (docs/decisions/0015-query-plans.md#output-bound-lists).
 */
import { Column, is, SQL, sql } from 'drizzle-orm';

/** A row's values: columns, decoded by their mappers, or expressions (a sum, a subquery's field), taken as JSON gives them. */
type Values = Record<string, Column | SQL | SQL.Aliased>;
type ValueOf<V> = V extends Column ? (V['_']['notNull'] extends true ? V['_']['data'] : V['_']['data'] | null) : V extends SQL<infer T> | SQL.Aliased<infer T> ? T : never;
type RowOfValues<V extends Values> = { [K in keyof V]: ValueOf<V[K]> };

/**
 * Every row a query matches as one JSON value: each row's `json_build_array` gathered by `json_agg` in `order`, handed
 * over as one text field. An aggregate without `GROUP BY` returns one row even when nothing matches: `[]`.
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
  const mappers = entries.map(([, value]) => (is(value, Column) && value.mapFromDriverValue !== Column.prototype.mapFromDriverValue ? value : null));
  const decode = (value: unknown) => {
    const fields = value as unknown[];
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
