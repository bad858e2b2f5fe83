// The staff funnel's daily roll-up (docs/scaling.md "The staff funnel"): each customer's first order and first paid
// payment are kept as they happen (customer_firsts, by triggers of migration 0022); the roll-up job turns the whole
// days into one row per day, touch model, source, campaign and partner (funnel_days). A report reads those rows for
// the rolled days and credits the firsts of the days after them, so its cost follows its days, not the customers.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './outbox';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAY_MS = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const dayAfter = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
const startOf = (day: string) => sql`${`${day}T00:00:00.000Z`}::timestamptz`;

/**
 * A day is rolled once it has been over for this long: a write stamped with its last moment has committed by then
 * (a statement runs for seconds at most).
 */
export const ROLL_LAG_MS = 3_600_000;
/**
 * The day in progress is added up to this long ago: a first is written with its own stamp in one short transaction,
 * so by then it has committed (one that took longer is counted when its day is rolled whole, which replaces the
 * part). What a report credits from the firsts is then these minutes' worth.
 */
export const PART_LAG_MS = 5 * 60_000;
/** Days per roll-up statement. */
const CHUNK_DAYS = 31;
/**
 * Days rolled per pass at most: the days not rolled yet first, oldest first, then the history, newest first. A day is
 * some 30 ms at 1 000 000 customers (docs/scaling.md), and a pass holds the lock a first order's repricing waits for,
 * so a catch-up (after the upgrade: the whole history; after the runner was down: the days missed) goes a day a pass,
 * a pass a minute.
 */
export const DAYS_PER_PASS = 1;
/**
 * The advisory lock (two keys) the roll-up holds exclusively and the reprice trigger (migration 0022) shares: a first
 * order repriced during a roll-up is either in the rolled sums or moves them.
 */
const FUNNEL_LOCK = sql.raw('220002, 1');

type Touch = 'first' | 'last';

/**
 * The rows the funnel credits in [s, e): 's' sign-ups (customers whose first touch is in the range), 'o' first orders
 * (with the order's price), 'p' first paid payments (with the amount), each with its UTC day, touch model and the
 * source, campaign and partner it is credited to. touch=first credits all three to the customer's first touch;
 * touch=last credits an order to its own last touch, and a payment to the last touch of the order it paid (its
 * customer's first touch when it paid no one order).
 *
 * What a first points at (its order or payment, its customer's and its order's touches) is read by a probe of that
 * table's key: a LATERAL subquery with LIMIT 1, which the planner cannot turn into a join. As joins, a few hundred
 * firsts made it hash the whole of customer_origins instead, a read that grows with the customers rather than with
 * the days asked (docs/scaling.md "The staff funnel flat at size").
 */
export function credited(s: SQL, e: SQL, touches: readonly Touch[]): SQL {
  const t = sql.raw(`(values ${touches.map((x) => `('${x}')`).join(', ')}) as t(touch)`);
  const last = touches.includes('last');
  const pick = (col: string) =>
    sql.raw(
      last
        ? `case when t.touch = 'last' then coalesce(oo.${col}, co.${col}, '') else coalesce(co.${col}, '') end`
        : `coalesce(co.${col}, '')`,
    );
  const probe = (what: string, table: string, key: string) =>
    sql.raw(`(select ${what} from ${table} where ${key} limit 1)`);
  const touch = 'source, campaign, partner';
  const origin = sql`left join lateral ${probe(touch, 'customer_origins', 'user_id = f.user_id')} co on true`;
  const orderOrigin = (orderId: string) =>
    last
      ? sql`left join lateral ${probe(touch, 'order_origins', `order_id = ${orderId}`)} oo on true`
      : sql``;
  return sql`
    select (co.touched_at at time zone 'UTC')::date as day, t.touch, 's' as k,
      co.source, co.campaign, co.partner, 0::bigint as v
    from customer_origins co cross join ${t}
    where co.touched_at >= ${s} and co.touched_at < ${e}
    union all
    select (f.first_order_at at time zone 'UTC')::date, t.touch, 'o', ${pick('source')}, ${pick('campaign')},
      ${pick('partner')}, o.price::bigint
    from customer_firsts f
    cross join lateral ${probe('price', 'orders', 'id = f.first_order_id')} o
    ${origin}
    ${orderOrigin('f.first_order_id')}
    cross join ${t}
    where f.first_order_at >= ${s} and f.first_order_at < ${e}
    union all
    select (f.first_payment_at at time zone 'UTC')::date, t.touch, 'p', ${pick('source')}, ${pick('campaign')},
      ${pick('partner')}, p.amount::bigint
    from customer_firsts f
    cross join lateral ${probe('amount, order_id', 'payments', 'id = f.first_payment_id')} p
    ${origin}
    ${orderOrigin('p.order_id')}
    cross join ${t}
    where f.first_payment_at >= ${s} and f.first_payment_at < ${e}`;
}

const MEASURES = sql.raw(`count(*) filter (where k = 's') as signups,
      count(*) filter (where k = 'o') as first_orders,
      coalesce(sum(v) filter (where k = 'o'), 0) as first_orders_sum,
      count(*) filter (where k = 'p') as first_payments,
      coalesce(sum(v) filter (where k = 'p'), 0) as first_payments_sum`);

/**
 * What funnel_days holds: the whole UTC days `since` … `through` (both '' before the first roll-up), and of the day
 * after `through`, the firsts before `until` (an ISO moment, as toISOString writes it; '' when that day holds none
 * yet).
 */
export interface Rolled {
  since: string;
  through: string;
  until: string;
}

export async function funnelRolled(db: DbOrTx): Promise<Rolled> {
  const [row] = rowsOf<{ since: string | null; through: string | null; until: string | null }>(
    await db.execute(sql`select since::text as since, through::text as through,
      to_char(until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until from funnel_rolled`),
  );
  const through = row?.through ?? '';
  // A moment of another day than the one after `through` marks nothing (the pass that rolls a day whole clears it).
  const until = row?.until && through && row.until.slice(0, 10) === dayAfter(through) ? row.until : '';
  return { since: row?.since ?? '', through, until };
}

/** Rolls the days [a, b) into funnel_days, a statement per CHUNK_DAYS; returns the days rolled. */
async function rollDays(tx: DbOrTx, a: string, b: string): Promise<number> {
  let days = 0;
  for (let x = a; x < b;) {
    let y = x;
    for (let i = 0; i < CHUNK_DAYS && y < b; i++) y = dayAfter(y);
    await tx.execute(sql`
      insert into funnel_days (day, touch, source, campaign, partner, signups, first_orders, first_orders_sum,
        first_payments, first_payments_sum)
      select day, touch, source, campaign, partner, ${MEASURES}
      from (${credited(startOf(x), startOf(y), ['first', 'last'])}) c
      group by day, touch, source, campaign, partner
      on conflict (day, touch, source, campaign, partner) do update set signups = excluded.signups,
        first_orders = excluded.first_orders, first_orders_sum = excluded.first_orders_sum,
        first_payments = excluded.first_payments, first_payments_sum = excluded.first_payments_sum`);
    days += Math.round((Date.parse(y) - Date.parse(x)) / DAY_MS);
    x = y;
  }
  return days;
}

/**
 * Adds the firsts of [a, b) (within one day, after what its rows hold) to that day's rows in funnel_days: a row the
 * day already has grows by them.
 */
async function addPart(tx: DbOrTx, a: string, b: string): Promise<void> {
  await tx.execute(sql`
    insert into funnel_days as d (day, touch, source, campaign, partner, signups, first_orders, first_orders_sum,
      first_payments, first_payments_sum)
    select day, touch, source, campaign, partner, ${MEASURES}
    from (${credited(sql`${a}::timestamptz`, sql`${b}::timestamptz`, ['first', 'last'])}) c
    group by day, touch, source, campaign, partner
    on conflict (day, touch, source, campaign, partner) do update set signups = d.signups + excluded.signups,
      first_orders = d.first_orders + excluded.first_orders,
      first_orders_sum = d.first_orders_sum + excluded.first_orders_sum,
      first_payments = d.first_payments + excluded.first_payments,
      first_payments_sum = d.first_payments_sum + excluded.first_payments_sum`);
}

/**
 * One pass, under the exclusive funnel lock (in the caller's transaction when it has one), of at most `maxDays` days:
 * the whole UTC days that have been over for ROLL_LAG_MS and are not rolled yet go into funnel_days, oldest first;
 * then, with the days left, the history before the rolled days, newest first, until the earliest sign-up or first.
 * So the first passes after the upgrade roll the recent weeks a report asks for most, and no pass holds the lock long.
 * Once the whole days are rolled, the day in progress is added up to PART_LAG_MS ago: what a report reads from the
 * firsts is then the last minutes', whatever the day's volume.
 */
export async function rollUpFunnel(
  db: DbOrTx,
  now: Date,
  maxDays = DAYS_PER_PASS,
): Promise<Rolled & { days: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FUNNEL_LOCK})`);
    const rolled = await funnelRolled(tx);
    const edge = new Date(now.getTime() - ROLL_LAG_MS);
    // The first day not to roll whole: the one `now - lag` falls in.
    const stop = utcDay(edge);
    let { since, through } = rolled;
    if (!through) since = stop; // nothing rolled: the rolled days start (empty) at the first day not to roll
    const from = through ? dayAfter(through) : stop;
    let to = from;
    for (let i = 0; i < maxDays && to < stop; i++) to = dayAfter(to);
    // A day rolled whole replaces what its rows held of it.
    let days = from < to ? await rollDays(tx, from, to) : 0;
    through = dayBefore(to);
    const [row] = rowsOf<{ day: string | null }>(
      await tx.execute(sql`select (least(
          (select min(touched_at) from customer_origins),
          (select min(first_order_at) from customer_firsts),
          (select min(first_payment_at) from customer_firsts)) at time zone 'UTC')::date::text as day`),
    );
    const earliest = row?.day ?? since;
    if (earliest < since && days < maxDays) {
      let back = since;
      for (let i = days; i < maxDays && back > earliest; i++) back = dayBefore(back);
      days += await rollDays(tx, back, since);
      since = back;
    }
    // The day in progress, once the whole days are caught up: from where its rows end to PART_LAG_MS ago, within
    // the day (in the hour after midnight the day before is that day, up to its last millisecond).
    let until = '';
    if (to === stop) {
      const start = rolled.until.slice(0, 10) === stop ? rolled.until : `${stop}T00:00:00.000Z`;
      const end = new Date(
        Math.min(now.getTime() - PART_LAG_MS, Date.parse(`${dayAfter(stop)}T00:00:00Z`) - 1),
      ).toISOString();
      if (start < end) {
        await addPart(tx, start, end);
        until = end;
      } else until = rolled.until.slice(0, 10) === stop ? rolled.until : '';
    }
    // A pass with nothing to roll writes nothing.
    if (since !== rolled.since || through !== rolled.through || until !== rolled.until)
      await tx.execute(sql`insert into funnel_rolled (id, since, through, until)
        values (true, ${since}::date, ${through}::date, ${until || null}::timestamptz)
        on conflict (id) do update set since = excluded.since, through = excluded.through, until = excluded.until`);
    return { since, through, until, days };
  });
}

/**
 * The funnel's rows for the UTC days [from, to] under one touch model, at one of two levels: without `source`, a row
 * per source (campaign and partner null) from funnel_source_days, whose rows per day are bounded by the sources; with
 * `source`, a row per campaign and partner of that source from funnel_days. The rolled days come from those tables, the
 * others from the firsts themselves (today, what the job has not reached yet, history not rolled yet).
 */
export function funnelSql(
  q: { from: string; to: string; touch: Touch; source?: string | undefined },
  rolled: Rolled,
): SQL {
  const bySource = q.source === undefined;
  const groups = sql.raw(bySource ? 'source' : 'source, campaign, partner');
  const ofSource = bySource ? sql`` : sql`where source = ${q.source}`;
  // Credited from the firsts themselves, in [s, e).
  const raw = (s: SQL, e: SQL) => sql`select ${groups}, ${MEASURES}
    from (${credited(s, e, [q.touch])}) c
    ${ofSource}
    group by ${groups}`;
  const days = (a: string, b: string) => raw(startOf(a), startOf(dayAfter(b)));
  const parts: SQL[] = [];
  if (!rolled.through) parts.push(days(q.from, q.to));
  else {
    // The last day with rows: the one after `through` when it holds a part.
    const after = dayAfter(rolled.through);
    const last = rolled.until ? after : rolled.through;
    const a = q.from > rolled.since ? q.from : rolled.since;
    const b = q.to < last ? q.to : last;
    if (a <= b)
      parts.push(sql`select ${groups}, signups::bigint, first_orders::bigint, first_orders_sum,
          first_payments::bigint, first_payments_sum
        from ${sql.raw(bySource ? 'funnel_source_days' : 'funnel_days')}
        where touch = ${q.touch} and day >= ${a}::date and day <= ${b}::date
          ${bySource ? sql`` : sql`and source = ${q.source}`}`);
    if (q.from < rolled.since) {
      const before = dayBefore(rolled.since);
      parts.push(days(q.from, q.to < before ? q.to : before));
    }
    if (q.to > rolled.through) {
      // After the rows: from `until` on that day, else from the start of the day after them.
      const end = startOf(dayAfter(q.to));
      if (q.from > after) parts.push(days(q.from, q.to));
      else if (rolled.until) parts.push(raw(sql`${rolled.until}::timestamptz`, end));
      else parts.push(days(after, q.to));
    }
  }
  const named = sql.raw(
    bySource ? 'source, null::text as campaign, null::text as partner' : 'source, campaign, partner',
  );
  return sql`
    select ${named},
      sum(signups)::int as signups, sum(first_orders)::int as first_orders,
      sum(first_orders_sum)::bigint as first_orders_sum,
      sum(first_payments)::int as first_payments, sum(first_payments_sum)::bigint as first_payments_sum
    from (${sql.join(parts, sql` union all `)}) x
    group by ${groups}
    order by signups desc, first_payments_sum desc, ${groups}`;
}
