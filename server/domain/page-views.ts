// The page-view collector (docs/analytics.md): the endpoint only checks a batch and puts its rows
// in memory; a timer writes what gathered once a second, in multi-row inserts of up to `maxBatch` rows. A flood of
// beacons therefore costs the database a few inserts a second, never a transaction per request (a flood that fills
// the server's CPU still slows every answer: docs/analytics.md "How page views are collected"). What the
// buffer cannot hold is dropped and counted: page views are statistics, and losing some under a flood (or
// the last second's at a hard stop) is the price of a collector that costs the cabinet little.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pageViewDays, pageViews } from '../db/tables';
import type { DbOrTx } from './outbox';

export type PageViewRow = typeof pageViews.$inferInsert;

export interface CollectorOptions {
  flushMs?: number;
  /** Rows per insert statement. */
  maxBatch?: number;
  /** Rows held at most; beyond that new rows are dropped. */
  maxBuffered?: number;
}

export interface Collector {
  /** Queues rows; false when (some of) them were dropped because the buffer is full. */
  add(rows: PageViewRow[]): boolean;
  /** Writes everything queued now (tests; the timer calls it). Resolves to the rows written. */
  flush(): Promise<number>;
  readonly dropped: number;
  readonly buffered: number;
}

/**
 * One multi-row insert with the rows as ONE JSON parameter: building a statement with six parameters a row cost the
 * server more than running it (a profile of the collector under a flood: drizzle's SQL builder ~10 % of the CPU).
 */
function insertRows(db: Db, rows: PageViewRow[]) {
  const json = JSON.stringify(
    rows.map((r) => ({
      at: r.at,
      kind: r.kind,
      name: r.name,
      path: r.path ?? '',
      referrer: r.referrer ?? '',
      user_id: r.userId ?? null,
    })),
  );
  return db.execute(sql`
    insert into ${pageViews} (at, kind, name, path, referrer, user_id)
    select at, kind, name, path, referrer, user_id
    from json_to_recordset(${json}::json)
      as r(at timestamptz, kind text, name text, path text, referrer text, user_id integer)`);
}

export function createCollector(db: Db, opts: CollectorOptions = {}): Collector {
  const flushMs = opts.flushMs ?? 1000;
  // PGlite runs a statement on this thread: 1 000 rows as JSON hold the event loop ~22 ms, 250 rows ~3.6 ms
  // (docs/analytics.md "How page views are collected"); between inserts the loop gets a turn.
  const maxBatch = opts.maxBatch ?? 250;
  const maxBuffered = opts.maxBuffered ?? 50_000;
  let buffer: PageViewRow[] = [];
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> = Promise.resolve(0);

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref?.();
  };

  async function write(rows: PageViewRow[]): Promise<number> {
    let written = 0;
    for (let i = 0; i < rows.length; i += maxBatch) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = rows.slice(i, i + maxBatch);
      try {
        await insertRows(db, chunk);
        written += chunk.length;
      } catch {
        // The database is away (or closing): statistics are dropped rather than retried into a growing backlog.
        dropped += chunk.length;
      }
    }
    return written;
  }

  function flush(): Promise<number> {
    const rows = buffer;
    buffer = [];
    // One flush at a time, in order.
    running = running.then(() => (rows.length ? write(rows) : 0));
    return running;
  }

  return {
    add(rows) {
      const room = maxBuffered - buffer.length;
      if (room < rows.length) dropped += rows.length - Math.max(room, 0);
      if (room > 0) buffer.push(...rows.slice(0, room));
      // A second's rows under a flood go early, so that one flush stays a few inserts.
      if (buffer.length >= maxBatch * 4) void flush();
      else if (buffer.length) schedule();
      return room >= rows.length;
    },
    flush,
    get dropped() {
      return dropped;
    },
    get buffered() {
      return buffer.length;
    },
  };
}

const collectors = new WeakMap<object, Collector>();

/** The collector of one server (one per database). */
export function collectorOf(db: Db, opts?: CollectorOptions): Collector {
  let collector = collectors.get(db);
  if (!collector) collectors.set(db, (collector = createCollector(db, opts)));
  return collector;
}

/** How long raw page views are kept; the daily roll-up keeps their counts for good (docs/analytics.md). */
export const RAW_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last UTC day the roll-up holds ('' when none). */
export async function rolledThrough(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(sql`select max(day)::text as day from ${pageViewDays}`),
  );
  return row?.day ?? '';
}

/**
 * The daily roll-up: every whole UTC day after the last rolled one and before today gets its counts per kind, name
 * and referrer in page_view_days (one statement); then raw rows older than the retention, and already rolled, go.
 */
export async function rollUpPageViews(
  db: DbOrTx,
  now: Date,
  retentionDays = RAW_RETENTION_DAYS,
): Promise<{ through: string; deleted: number }> {
  const today = utcDay(now);
  const last = await rolledThrough(db);
  const from = last ? sql`(${last}::date + 1)::timestamp at time zone 'UTC'` : sql`'-infinity'::timestamptz`;
  await db.execute(sql`
    insert into ${pageViewDays} (day, kind, name, referrer, views)
    select (at at time zone 'UTC')::date, kind, name, referrer, count(*)::int
    from ${pageViews}
    where at >= ${from} and at < (${today}::date)::timestamp at time zone 'UTC'
    group by 1, 2, 3, 4
    on conflict (day, kind, name, referrer) do update set views = excluded.views`);
  const through = await rolledThrough(db);
  const retentionEdge = new Date(Date.parse(`${today}T00:00:00Z`) - retentionDays * DAY_MS);
  const rolledEdge = through ? new Date(Date.parse(`${through}T00:00:00Z`) + DAY_MS) : new Date(0);
  const edge = retentionEdge < rolledEdge ? retentionEdge : rolledEdge;
  const [gone] = rowsOf<{ n: number }>(
    await db.execute(sql`with d as (delete from ${pageViews} where at < ${edge.toISOString()}::timestamptz returning 1)
      select count(*)::int as n from d`),
  );
  return { through, deleted: gone?.n ?? 0 };
}
