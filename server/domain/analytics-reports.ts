// What the owners read (docs/analytics.md): the funnel by source, campaign and partner, and page
// views by route name per day; each also as CSV.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './outbox';
import type { FunnelQuery, FunnelRow, PageViewRow } from '../../contract/analytics.api';
import { rolledThrough } from './page-views';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAY_MS = 86_400_000;
/** [from 00:00 UTC, the day after `to` 00:00 UTC) as ISO moments. */
export function rangeOf(q: { from: string; to: string }) {
  return {
    start: `${q.from}T00:00:00.000Z`,
    end: new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString(),
  };
}

/**
 * Sign-ups (customers registered in the range), first orders (each customer's earliest order, created in the
 * range) and first payments (each customer's earliest paid payment, completed in the range), with their sums.
 * touch=first credits all three to the customer's first touch; touch=last credits an order to its own last touch,
 * and a payment to the last touch of the order it paid (its customer's first touch when it paid no one order).
 */
export async function funnel(db: DbOrTx, q: FunnelQuery): Promise<FunnelRow[]> {
  const { start, end } = rangeOf(q);
  const s = sql`${start}::timestamptz`;
  const e = sql`${end}::timestamptz`;
  const last = q.touch === 'last';
  const pick = (col: string) =>
    last ? sql.raw(`coalesce(oo.${col}, co.${col}, '')`) : sql.raw(`coalesce(co.${col}, '')`);
  const res = await db.execute(sql`
    with first_orders as (
      select o.id, o.user_id, o.price, o.created_at from orders o
      where o.created_at >= ${s} and o.created_at < ${e}
        and not exists (select 1 from orders p where p.user_id = o.user_id and p.id < o.id)
    ), first_payments as (
      select p.user_id, p.amount, p.completed_at, p.order_id from payments p
      where p.status = 'paid' and p.completed_at >= ${s} and p.completed_at < ${e}
        and not exists (select 1 from payments q where q.user_id = p.user_id and q.status = 'paid'
          and (q.completed_at, q.id) < (p.completed_at, p.id))
    ), credited as (
      select 's' as k, co.source, co.campaign, co.partner, 0 as v
      from customer_origins co where co.touched_at >= ${s} and co.touched_at < ${e}
      union all
      select 'o', ${pick('source')}, ${pick('campaign')}, ${pick('partner')}, fo.price
      from first_orders fo
      left join customer_origins co on co.user_id = fo.user_id
      left join order_origins oo on oo.order_id = fo.id
      where fo.created_at >= ${s} and fo.created_at < ${e}
      union all
      select 'p', ${pick('source')}, ${pick('campaign')}, ${pick('partner')}, fp.amount
      from first_payments fp
      left join customer_origins co on co.user_id = fp.user_id
      left join order_origins oo on oo.order_id = fp.order_id
      where fp.completed_at >= ${s} and fp.completed_at < ${e}
    )
    select source, campaign, partner,
      count(*) filter (where k = 's')::int as signups,
      count(*) filter (where k = 'o')::int as first_orders,
      coalesce(sum(v) filter (where k = 'o'), 0)::bigint as first_orders_sum,
      count(*) filter (where k = 'p')::int as first_payments,
      coalesce(sum(v) filter (where k = 'p'), 0)::bigint as first_payments_sum
    from credited
    group by source, campaign, partner
    order by signups desc, first_payments_sum desc, source, campaign, partner`);
  return rowsOf<FunnelRow>(res).map((r) => ({
    ...r,
    first_orders_sum: Number(r.first_orders_sum),
    first_payments_sum: Number(r.first_payments_sum),
  }));
}

/**
 * Page views and goals per UTC day, name and referrer: the days the roll-up holds come from it, the later ones (today, and
 * any day the roll-up has not reached yet) from the raw rows through their index on `at`.
 */
export async function pageViewReport(db: DbOrTx, q: { from: string; to: string }): Promise<PageViewRow[]> {
  const { start, end } = rangeOf(q);
  const through = await rolledThrough(db);
  const rawStart =
    through && through >= q.from
      ? new Date(Date.parse(`${through}T00:00:00Z`) + DAY_MS).toISOString()
      : start;
  const res = await db.execute(sql`
    select day::text as day, kind, name, referrer, views from page_view_days
    where day >= ${q.from}::date and day <= ${q.to}::date
    union all
    select (at at time zone 'UTC')::date::text, kind, name, referrer, count(*)::int
    from page_views
    where at >= ${rawStart}::timestamptz and at < ${end}::timestamptz
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4`);
  return rowsOf<PageViewRow>(res);
}

/** RFC 4180 CSV with a BOM (spreadsheets then read UTF-8); a cell starting with = + - @ is quoted with a ' first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    let text = String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
