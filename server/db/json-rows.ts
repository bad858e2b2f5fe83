// Rows that come back as JSON (`row_to_json(t)`, `json_agg(t)`) turned into the rows Drizzle would give: the hot
// reads fetch a row and its children in one statement this way (one round trip instead of one per table).
import { getTableColumns, type Table } from 'drizzle-orm';

const plans = new WeakMap<Table, [string, string, (v: unknown) => unknown][]>();

function planOf(table: Table) {
  let plan = plans.get(table);
  if (!plan) {
    plan = Object.entries(getTableColumns(table)).map(([key, column]) => [
      column.name,
      key,
      // A json column arrives parsed already (a json string value must not be parsed again).
      column.columnType === 'PgJsonb' || column.columnType === 'PgJson'
        ? (v: unknown) => v
        : (v: unknown) => column.mapFromDriverValue(v),
    ]);
    plans.set(table, plan);
  }
  return plan;
}

/** One row of `table` from its JSON form (database column names, timestamps as text). */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [name, key, map] of planOf(table)) {
    const v = json[name];
    row[key] = v === null || v === undefined ? null : map(v);
  }
  return row as T['$inferSelect'];
}

export const fromJsonRows = <T extends Table>(
  table: T,
  json: Record<string, unknown>[],
): T['$inferSelect'][] => json.map((r) => fromJsonRow(table, r));
