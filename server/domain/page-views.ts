// The page-view collector (docs/analytics.md): the endpoint only checks a batch and puts its rows
// in memory; a timer writes what gathered once a second, in multi-row inserts of up to `maxBatch` rows. A flood of
// beacons therefore costs the database a few inserts a second, never a transaction per request (a flood that fills
// the server's CPU still slows every answer: docs/analytics.md "How page views are collected"). What the
// buffer cannot hold is dropped and counted: page views are statistics, and losing some under a flood (or
// the last second's at a hard stop) is the price of a collector that costs the cabinet little.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pageViewDays, pageViews, pageViewsRolled } from '../db/tables';
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

/**
 * Raw rows counted per roll-up pass at most. A pass is then ~30 ms whatever the backlog (docs/scaling.md "Jobs at
 * size"); run every minute it counts 1 200 000 rows an hour, far above what a million customers make.
 */
export const ROLLUP_BATCH = 20_000;
/** Raw rows past their retention deleted per pass at most. */
export const RETENTION_BATCH = 5_000;
/**
 * The roll-up counts rows stamped this long ago at most: a row is stamped when the beacon arrives and written by the
 * collector within seconds, so none arrives behind the watermark (an instance's clock a little off included).
 */
export const ROLLUP_LAG_MS = 5 * 60_000;

/** How far the raw rows are counted into page_view_days, as PostgreSQL prints it (null before the first pass). */
export async function rolledUntil(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ through: string | null }>(
    await db.execute(sql`select through::text as through from ${pageViewsRolled}`),
  );
  return row?.through ?? null;
}

/**
 * One pass of the roll-up: the next `batch` raw rows after the watermark (at most up to ROLLUP_LAG_MS ago) are
 * counted per UTC day, kind, name and referrer into page_view_days and the watermark moves past them, in one
 * transaction; then at most RETENTION_BATCH raw rows older than the retention, and already counted, go. A day's row
 * grows over the passes that reach it, so a pass costs its batch whatever the backlog.
 */
export async function rollUpPageViews(
  db: DbOrTx,
  now: Date,
  retentionDays = RAW_RETENTION_DAYS,
  batch = ROLLUP_BATCH,
): Promise<{ through: string | null; counted: number; deleted: number }> {
  return db.transaction(async (tx) => {
    const limit = new Date(now.getTime() - ROLLUP_LAG_MS).toISOString();
    // The watermark now (before the first pass: the oldest raw row) and after this pass: the stamp of the batch-th
    // row after it, or the limit when fewer are there (a batch of rows stamped alike all go in: their stamp and the
    // next microsecond). Timestamps stay PostgreSQL's text: a Date would drop the microseconds.
    const [step] = rowsOf<{ from: string | null; through: string | null }>(
      await tx.execute(sql`
        with m as (
          select coalesce((select through from ${pageViewsRolled} for update), (select min(at) from ${pageViews})) as f)
        select f::text as from, case when f < ${limit}::timestamptz then least(${limit}::timestamptz, greatest(
            coalesce((select at from ${pageViews} where at >= f order by at offset ${batch} limit 1), ${limit}::timestamptz),
            f + interval '1 microsecond'))::text end as through
        from m`),
    );
    const from = step?.from ?? null;
    let through = from;
    let counted = 0;
    if (from !== null && step?.through) {
      through = step.through;
      const [added] = rowsOf<{ n: number }>(
        await tx.execute(sql`
          with g as (
            select (at at time zone 'UTC')::date as day, kind, name, referrer, count(*)::int as views
            from ${pageViews}
            where at >= ${from}::timestamptz and at < ${through}::timestamptz
            group by 1, 2, 3, 4),
          c as (
            insert into ${pageViewDays} as d (day, kind, name, referrer, views)
            select day, kind, name, referrer, views from g order by 1, 2, 3, 4
            on conflict (day, kind, name, referrer) do update set views = d.views + excluded.views)
          select coalesce(sum(views), 0)::int as n from g`),
      );
      counted = added?.n ?? 0;
      await tx.execute(sql`
        insert into ${pageViewsRolled} (id, through) values (true, ${through}::timestamptz)
        on conflict (id) do update set through = excluded.through`);
    }
    // Raw rows past the retention go once counted (least() skips the null watermark of an empty table).
    const retentionEdge = new Date(
      Date.parse(`${utcDay(now)}T00:00:00Z`) - retentionDays * DAY_MS,
    ).toISOString();
    const [gone] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with d as (
          delete from ${pageViews} where id in (
            select id from ${pageViews}
            where at < least(${retentionEdge}::timestamptz, ${through}::timestamptz)
            order by at limit ${RETENTION_BATCH})
          returning 1)
        select count(*)::int as n from d`),
    );
    return { through, counted, deleted: gone?.n ?? 0 };
  });
}
