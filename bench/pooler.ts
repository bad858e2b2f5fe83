// What PgBouncer in transaction mode costs the server per call (docs/operations.md "PgBouncer"), sequentially from one
// caller, in three set-ups on the same database:
//   direct            DATABASE_URL to PostgreSQL: named statements, the timeouts as startup parameters (no pooler);
//   direct, pooler    the same PostgreSQL opened as if behind a pooler: unnamed statements, SET LOCAL per transaction
//                     (what the mode itself costs, without the extra hop);
//   pgbouncer         through PgBouncer 1.18 in transaction mode (the mode plus the hop).
// For the lookup every authenticated request makes (the live session, a named statement when direct) and for a
// transaction of one statement.
//
//   BENCH_DATABASE_URL=postgres://…@pg/postgres BENCH_PGBOUNCER_URL=postgres://…@pgbouncer/postgres \
//     npx tsx bench/pooler.ts
//
// PgBouncer must pass any database to that PostgreSQL (`* = host=… port=…`): a temporary database is made and dropped.
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../server/db/client';
import { tempPostgres } from './lib/server';

const direct = process.env.BENCH_DATABASE_URL;
const bouncer = process.env.BENCH_PGBOUNCER_URL;
if (!direct || !bouncer) throw new Error('set BENCH_DATABASE_URL and BENCH_PGBOUNCER_URL');
const REPEAT = Number(process.env.REPEAT ?? 3000);

/** The live-session lookup of server/domain/sessions.ts (an unknown session: the same plan, no row). */
const LIVE_SESSION_SQL =
  'select coalesce(v.version, 0)::text from auth_sessions s ' +
  'left join order_list_versions v on v.user_id = s.user_id where s.id = $1 and s.revoked_at is null';

const temp = await tempPostgres(direct);
const on = (base: string) => {
  const url = new URL(base);
  url.pathname = new URL(temp.url).pathname;
  return url.toString();
};
const pooler = { kind: 'pgbouncer', preparedStatements: false } as const;
const setups: [string, () => Promise<Database>][] = [
  ['direct', () => openDatabase({ url: temp.url })],
  ['direct, pooler mode', () => openDatabase({ url: temp.url, directUrl: temp.url, pooler })],
  ['pgbouncer 1.18', () => openDatabase({ url: on(bouncer), directUrl: temp.url, pooler })],
];

/** Microseconds per call: median and p99 of REPEAT sequential calls, after 300 to warm up. */
async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 300; i++) await fn();
  const took: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    await fn();
    took.push((performance.now() - t0) * 1000);
  }
  took.sort((a, b) => a - b);
  return {
    p50: Math.round(took[Math.floor(REPEAT / 2)]!),
    p99: Math.round(took[Math.floor(REPEAT * 0.99)]!),
  };
}

try {
  const rows: string[] = [];
  for (const [label, open] of setups) {
    const database = await open();
    try {
      const session = randomUUID();
      const lookup = await time(() => database.prepared('live_session', LIVE_SESSION_SQL)([session]));
      const tx = await time(() => database.db.transaction((t) => t.execute(sql`select 1`)));
      rows.push(
        `| ${label.padEnd(19)} | ${String(lookup.p50).padStart(6)} | ${String(lookup.p99).padStart(6)} ` +
          `| ${String(tx.p50).padStart(6)} | ${String(tx.p99).padStart(6)} |`,
      );
    } finally {
      await database.close();
    }
  }
  console.log(
    `${REPEAT} sequential calls each, µs (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
  );
  console.log('| set-up              | live session p50 | p99 | 1-statement transaction p50 | p99 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await temp.drop();
}
