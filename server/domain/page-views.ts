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

/**
 * Raw rows counted per roll-up pass at most: a pass reads them once, whatever the backlog (docs/scaling.md "Recurring
 * jobs at size"); run every minute it counts 600 000 rows an hour, far above what a million customers make.
 */
export const ROLLUP_BATCH = 10_000;
/**
 * Raw rows past their retention deleted per pass at most (a minute's are a few hundred at a million customers; 120 000
 * an hour clears a backlog, such as the first passes after the upgrade, in short passes).
 */
export const RETENTION_BATCH = 2_000;
/**
 * The roll-up counts rows stamped this long ago at most: a row is stamped when the beacon arrives and written by the
 * collector within seconds, so none arrives behind the watermark (an instance's clock a little off included).
 */
export const ROLLUP_LAG_MS = 5 * 60_000;

/** Adds the counts of the CTE `g` (day, kind, name, referrer, views) to page_view_days, a day's row growing. */
const ADD_COUNTS = sql`insert into ${pageViewDays} as d (day, kind, name, referrer, views)
  select day, kind, name, referrer, views from g order by 1, 2, 3, 4
  on conflict (day, kind, name, referrer) do update set views = d.views + excluded.views`;

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
    // One read of the rows: the watermark (before the first pass, the oldest raw row), the batch after it (the
    // watermark a scalar subquery, so that it bounds the index scan rather than filters it) and one row more, whose
    // stamp is the next watermark (the limit when fewer are there); the batch's rows before it are counted
    // and the watermark moved, in the same statement. Timestamps stay PostgreSQL's text: a Date drops microseconds.
    const [step] = rowsOf<{ from: string | null; through: string | null; counted: number; stuck: boolean }>(
      await tx.execute(sql`
        with m as (
          select coalesce((select through from ${pageViewsRolled} for update), (select min(at) from ${pageViews})) as f),
        b as (
          select p.at, p.kind, p.name, p.referrer from ${pageViews} p
          where p.at >= (select f from m) and p.at < ${limit}::timestamptz
          order by p.at limit ${batch + 1}),
        e as (
          select m.f, case when (select count(*) from b) > ${batch} then (select max(at) from b)
            else ${limit}::timestamptz end as t
          from m),
        g as (
          select (b.at at time zone 'UTC')::date as day, b.kind, b.name, b.referrer, count(*)::int as views
          from b, e where b.at < e.t
          group by 1, 2, 3, 4),
        c as (${ADD_COUNTS}),
        w as (
          insert into ${pageViewsRolled} (id, through) select true, e.t from e where e.f is null or e.t > e.f
          on conflict (id) do update set through = excluded.through)
        select e.f::text as from, greatest(e.f, e.t)::text as through,
          (select coalesce(sum(views), 0) from g)::int as counted,
          (select count(*) from b) > ${batch} and e.t = e.f as stuck
        from e`),
    );
    let through = step?.through ?? null;
    let counted = step?.counted ?? 0;
    // More than a batch of rows stamped exactly at the watermark (the batch's last stamp was its first): they all go
    // in, up to the next microsecond, so that a pass always moves on.
    if (step?.from && step.stuck) {
      const [ties] = rowsOf<{ through: string; counted: number }>(
        await tx.execute(sql`
          with t as (select ${step.from}::timestamptz + interval '1 microsecond' as t),
          g as (
            select (p.at at time zone 'UTC')::date as day, p.kind, p.name, p.referrer, count(*)::int as views
            from ${pageViews} p, t where p.at >= ${step.from}::timestamptz and p.at < t.t
            group by 1, 2, 3, 4),
          c as (${ADD_COUNTS}),
          w as (update ${pageViewsRolled} set through = t.t from t)
          select t.t::text as through, (select coalesce(sum(views), 0) from g)::int as counted from t`),
      );
      through = ties?.through ?? through;
      counted = ties?.counted ?? 0;
    }
    // Raw rows past the retention go once counted (least() skips the null watermark of an empty table).
    // The edge moves with the clock, not a day at a time: each pass has a minute's rows to delete, not a whole day's
    // after each midnight.
    const retentionEdge = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
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
