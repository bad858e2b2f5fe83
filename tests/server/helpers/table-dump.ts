// Every table of the public schema as one map of its row count and a checksum of its rows' text: two dumps are
// equal exactly when no row was added, removed or changed (the "a GET never writes" tests).
import { sql } from 'drizzle-orm';
import type { Harness } from '../harness';

export async function dumpTables(h: Harness): Promise<Record<string, string>> {
  const res = await h.deps.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of (res as unknown as { rows: { tablename: string }[] }).rows) {
    const r = await h.deps.db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
         from "${tablename}" t`,
      ),
    );
    const [row] = (r as unknown as { rows: { n: number; sum: string }[] }).rows;
    out[tablename] = `${row!.n} rows ${row!.sum}`;
  }
  return out;
}
