// What the owners read (docs/analytics.md): the funnel by source, campaign and partner, and page
// views by route name per day; each also as CSV.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './outbox';
import type { FunnelQuery, FunnelReport, FunnelRow, PageViewRow } from '../../contract/analytics.api';
import { pageViewDays, pageViews, pageViewsRolled } from '../db/tables';
import { funnelRolled, funnelSql } from './funnel-days';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAY_MS = 86_400_000;
/** [from 00:00 UTC, the day after `to` 00:00 UTC) as ISO moments. */
export function rangeOf(q: { from: string; to: string }) {
  return {
    start: `${q.from}T00:00:00.000Z`,
    end: new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString(),
  };
}

/** The groups a funnel report lists; the ones after them are summed into `others` («Прочие»). */
export const FUNNEL_GROUPS = 100;

/**
 * Sign-ups (customers registered in the range), first orders (each customer's earliest order, created in the
 * range) and first payments (each customer's earliest paid payment, completed in the range), with their sums.
 * touch=first credits all three to the customer's first touch; touch=last credits an order to its own last touch,
 * and a payment to the last touch of the order it paid (its customer's first touch when it paid no one order).
 * Without `source`, a row per source; with it, a row per campaign and partner of that source. The first `limit`
 * rows by sign-ups (then first payments' sum) are listed, the rest summed in `others` (null when none are left).
 * The rolled days come from the roll-ups, the others from customer_firsts (server/domain/funnel-days.ts).
 */
export async function funnel(
  db: DbOrTx,
  q: FunnelQuery,
  limit: number = FUNNEL_GROUPS,
): Promise<Pick<FunnelReport, 'rows' | 'others'>> {
  const rolled = await funnelRolled(db);
  const res = await db.execute(
    funnelSql({ from: q.from, to: q.to, touch: q.touch, source: q.source }, rolled),
  );
  const rows = rowsOf<FunnelRow>(res).map((r) => ({
    ...r,
    first_orders_sum: Number(r.first_orders_sum),
    first_payments_sum: Number(r.first_payments_sum),
  }));
  const rest = rows.slice(limit);
  if (!rest.length) return { rows, others: null };
  const sum = (
    k: 'signups' | 'first_orders' | 'first_orders_sum' | 'first_payments' | 'first_payments_sum',
  ) => rest.reduce((s, r) => s + r[k], 0);
  return {
    rows: rows.slice(0, limit),
    others: {
      groups: rest.length,
      signups: sum('signups'),
      first_orders: sum('first_orders'),
      first_orders_sum: sum('first_orders_sum'),
      first_payments: sum('first_payments'),
      first_payments_sum: sum('first_payments_sum'),
    },
  };
}

/**
 * Page views and goals per UTC day, name and referrer: the roll-up's counts (page_view_days) plus the raw rows it has
 * not counted yet (from its watermark on, through their index on `at`), summed. One statement, so one snapshot: a
 * pass that commits meanwhile neither doubles nor drops a row.
 */
export async function pageViewReport(db: DbOrTx, q: { from: string; to: string }): Promise<PageViewRow[]> {
  const { start, end } = rangeOf(q);
  const res = await db.execute(sql`
    select day::text as day, kind, name, referrer, sum(views)::int as views from (
      select day, kind, name, referrer, views from ${pageViewDays}
      where day >= ${q.from}::date and day <= ${q.to}::date
      union all
      select (at at time zone 'UTC')::date, kind, name, referrer, count(*)::int
      from ${pageViews}
      where at >= greatest(${start}::timestamptz, (select through from ${pageViewsRolled}))
        and at < ${end}::timestamptz
      group by 1, 2, 3, 4) v
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
