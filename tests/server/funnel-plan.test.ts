// The staff funnel's days not rolled up yet (today, at least) are credited from the firsts themselves: each first's
// touches must be read by a probe of customer_origins and order_origins, never by a scan of the whole table. As a
// join, a few hundred firsts made the planner hash all of customer_origins, a read that grows with the customers,
// not with the days asked (docs/scaling.md "The staff funnel flat at size"). Here a few hundred firsts of one day
// against a few thousand customers, both touch models, both levels of the report: no plan reads a touch table whole.
// On PGlite, and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness } from './harness';
import { funnelSql } from '../../server/domain/funnel-days';
import { funnel } from '../../server/domain/analytics-reports';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const CUSTOMERS = 4000;
const FIRSTS = 400;

interface PlanNode {
  type: string;
  relation?: string;
  index?: string;
  /** Under a Limit: a probe (the LATERAL … LIMIT 1 of each first), run once per first. */
  probe: boolean;
}

/** Every node of a JSON plan. */
function nodes(plan: unknown): PlanNode[] {
  const out: PlanNode[] = [];
  const walk = (n: Record<string, unknown>, probe: boolean) => {
    const type = String(n['Node Type']);
    out.push({
      type,
      relation: n['Relation Name'] as string | undefined,
      index: n['Index Name'] as string | undefined,
      probe,
    });
    for (const child of (n['Plans'] as Record<string, unknown>[] | undefined) ?? [])
      walk(child, probe || type === 'Limit');
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan, false);
  return out;
}

const TOUCHES = new Set(['customer_origins', 'order_origins', 'orders', 'payments']);

describe('the staff funnel credited from the firsts', () => {
  const h = useHarness();

  it('reads each first’s touches by a probe, whatever the planner expects of the firsts', async () => {
    const day = h.clock.now.toISOString().slice(0, 10);
    const start = `${day}T00:00:00.000Z`;
    // Customers who signed up a year ago, each with a first touch; FIRSTS of them order and pay today.
    await h.deps.db.execute(sql`
      insert into users (id, email, password_hash, created_at)
        select i, 'plan-' || i || '@example.com', 'x', now() - interval '1 year' from generate_series(1, ${CUSTOMERS}::int) i`);
    await h.deps.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${CUSTOMERS}::int)`);
    await h.deps.db.execute(sql`
      insert into customer_origins (user_id, source, campaign, partner, touched_at)
        select id, 's' || (id % 7), 'c' || (id % 13), '', created_at from users`);
    await h.deps.db.execute(sql`
      insert into orders (user_id, work_type, topic, deadline, price, created_at, updated_at)
        select i, 'Реферат', 'Тема', ${start}::timestamptz + interval '14 days', 100 * i,
          ${start}::timestamptz + i * interval '1 second', ${start}::timestamptz + i * interval '1 second'
        from generate_series(1, ${FIRSTS}::int) i`);
    await h.deps.db.execute(sql`
      insert into order_origins (order_id, source, campaign, partner, touched_at)
        select id, 'o' || (id % 3), '', '', created_at from orders where id % 2 = 0`);
    await h.deps.db.execute(sql`
      insert into payments (user_id, purpose, method, amount, provider_payment_id, order_id, created_at)
        select user_id, 'order', 'card', price, 'plan-' || id, id, created_at from orders`);
    await h.deps.db.execute(
      sql`update payments set status = 'paid', completed_at = created_at + interval '1 minute'`,
    );
    await h.deps.db.execute(sql`analyze`);

    const notRolled = { since: '', through: '', until: '' };
    for (const touch of ['first', 'last'] as const)
      for (const source of [undefined, 's1']) {
        const q = { from: day, to: day, touch, source };
        const [explained] = rowsOf<Record<string, unknown>>(
          await h.deps.db.execute(sql`explain (format json) ${funnelSql(q, notRolled)}`),
        );
        const plan = nodes(Object.values(explained!)[0]);
        const label = `${touch} ${source ?? 'by source'}`;
        // The tables a first points at are read per first, never whole (a seq scan of a tiny table inside the
        // probe is the planner's choice for a few pages, and still one per first); the day's sign-ups are a range
        // of customer_origins' index on touched_at.
        const whole = plan.filter(
          (n) =>
            n.relation !== undefined &&
            TOUCHES.has(n.relation) &&
            !n.probe &&
            n.index !== 'customer_origins_touched_idx' &&
            !(n.type === 'Bitmap Heap Scan' && n.relation === 'customer_origins'),
        );
        expect(whole, label).toEqual([]);
        expect(
          plan.filter((n) => n.type === 'Hash Join' || n.type === 'Merge Join'),
          label,
        ).toEqual([]);
      }

    // And what it reads is the day's firsts, credited to their touches.
    const bySource = await funnel(h.deps.db, { from: day, to: day, touch: 'first' });
    const total = (k: 'signups' | 'first_orders' | 'first_payments') =>
      bySource.rows.reduce((n, r) => n + r[k], 0) + (bySource.others?.[k] ?? 0);
    expect([total('signups'), total('first_orders'), total('first_payments')]).toEqual([0, FIRSTS, FIRSTS]);
    expect(bySource.rows.map((r) => r.source).sort()).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6']);
    const last = await funnel(h.deps.db, { from: day, to: day, touch: 'last' });
    // touch=last credits an order with a touch of its own to it (half of them), the others to the customer's.
    expect(last.rows.find((r) => r.source === 'o0')?.first_orders).toBe(
      Number(
        rowsOf<{ n: string }>(
          await h.deps.db.execute(sql`select count(*) as n from order_origins where source = 'o0'`),
        )[0]!.n,
      ),
    );
  });
});
