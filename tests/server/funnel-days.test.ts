// The staff funnel read from each customer's firsts and the daily roll-up (server/domain/funnel-days.ts, migration
// 0022) answers what its definition says for data made here across several days: a sign-up, a first order and a
// first paid payment counted in the days they happened, a first order before the range making a later order no first
// one, a customer without a first touch, an erased customer still counted, the range's edges, ties of payments. The
// expected rows are worked out by hand from the data below, for both touch models, and must come out the same read
// from the firsts alone, from the roll-up alone, and from both; a first order repriced after its day was rolled
// moves the day's sum. The report's first level, by source (funnel_source_days, migration 0023), must be the sums
// of each source's campaigns and partners (its drill-down) at every step.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness, type Harness } from './harness';
import { testConfig } from '../../server/config';
import { funnel } from '../../server/domain/analytics-reports';
import { funnelRolled, rollUpFunnel } from '../../server/domain/funnel-days';
import { eraseAccount } from '../../server/domain/account-closing';
import type { FunnelReport, FunnelRow } from '../../contract/analytics.api';

const STAFF = { authorization: `Bearer ${testConfig().staffToken}` };
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const at = (moment: string) => `2026-06-${moment}Z`;

async function one<T = number>(h: Harness, q: ReturnType<typeof sql>): Promise<T> {
  return Object.values(rowsOf<Record<string, T>>(await h.deps.db.execute(q))[0]!)[0]!;
}

async function customer(h: Harness, name: string, created: string, origin?: [string, string, string]) {
  const id = await one(
    h,
    sql`insert into users (email, fio, password_hash, email_confirmed, created_at)
      values (${`funnel-${name}-${Date.now()}@example.com`}, ${name}, 'x', true, ${created}::timestamptz)
      returning id`,
  );
  if (origin)
    await h.deps.db.execute(sql`insert into customer_origins (user_id, source, campaign, partner, touched_at)
      values (${id}, ${origin[0]}, ${origin[1]}, ${origin[2]}, ${created}::timestamptz)`);
  return id;
}

async function order(
  h: Harness,
  userId: number,
  created: string,
  price: number,
  origin?: [string, string, string],
) {
  const id = await one(
    h,
    sql`insert into orders (user_id, status_id, work_type, subject, topic, pages, deadline, price, paid,
        created_at, updated_at)
      values (${userId}, 2, 'Реферат', 'Экономика', 'Тема', 10, ${created}::timestamptz + interval '14 days',
        ${price}, 0, ${created}::timestamptz, ${created}::timestamptz)
      returning id`,
  );
  if (origin)
    await h.deps.db.execute(sql`insert into order_origins (order_id, source, campaign, partner, touched_at)
      values (${id}, ${origin[0]}, ${origin[1]}, ${origin[2]}, ${created}::timestamptz)`);
  return id;
}

let providerSeq = 0;
/** A payment made pending, then settled as the provider's outcome is (status and completion in one UPDATE). */
async function payment(
  h: Harness,
  userId: number,
  orderId: number | null,
  amount: number,
  completed: string,
  status: 'paid' | 'failed' | 'pending' = 'paid',
) {
  const id = await one(
    h,
    sql`insert into payments (user_id, purpose, method, amount, provider_payment_id, order_id, created_at)
      values (${userId}, ${orderId ? 'order' : 'topup'}, 'card', ${amount}, ${`funnel-${++providerSeq}`}, ${orderId},
        ${completed}::timestamptz - interval '5 minutes')
      returning id`,
  );
  if (status !== 'pending')
    await h.deps.db.execute(
      sql`update payments set status = ${status}, completed_at = ${completed}::timestamptz where id = ${id}`,
    );
  return id;
}

const row = (
  source: string,
  campaign: string | null,
  partner: string | null,
  n: [number, number, number, number, number],
): FunnelRow => ({
  source,
  campaign,
  partner,
  signups: n[0],
  first_orders: n[1],
  first_orders_sum: n[2],
  first_payments: n[3],
  first_payments_sum: n[4],
});

const RANGE = { from: '2026-06-01', to: '2026-06-10' };
/** Days a roll-up pass may roll: room for every day of this data (the job's passes roll a day each). */
const EVERY_DAY = 62;

/** Rows in a fixed order, to compare sets of groups whatever the report's order between sources. */
const sorted = (rows: FunnelRow[]) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/**
 * Every credited group of the range: the report by source, then each source's campaigns and partners; each source's
 * row is checked to be the sum of its groups.
 */
async function allGroups(h: Harness, touch: 'first' | 'last', range = RANGE): Promise<FunnelRow[]> {
  const bySource = await funnel(h.deps.db, { ...range, touch });
  expect(bySource.others).toBeNull();
  const groups: FunnelRow[] = [];
  for (const s of bySource.rows) {
    const drill = await funnel(h.deps.db, { ...range, touch, source: s.source });
    expect(drill.others).toBeNull();
    const sum = (
      k: 'signups' | 'first_orders' | 'first_orders_sum' | 'first_payments' | 'first_payments_sum',
    ) => drill.rows.reduce((n, r) => n + r[k], 0);
    expect(s).toEqual(
      row(s.source, null, null, [
        sum('signups'),
        sum('first_orders'),
        sum('first_orders_sum'),
        sum('first_payments'),
        sum('first_payments_sum'),
      ]),
    );
    groups.push(...drill.rows);
  }
  return sorted(groups);
}

/**
 * The data, and what it makes in 2026-06-01 … 2026-06-10:
 *   A  signs up 06-02 (vk/spring/p1); first order A1 06-03, 1 000 (its last touch ya/summer); A2 06-04, 500 (no
 *      touch of its own); first payment for A2 06-05, 500; a second one for A1 06-06 (no first).
 *   B  signs up 05-20 (google); first order B1 05-25, before the range; B2 06-03, 700 (last touch partner-site/p2) is
 *      no first order; its payment 06-03, 700, is B's first.
 *   C  signs up 06-01 without a first touch (no origins row: no sign-up counted); first order C1 06-07, 300; its
 *      payment failed, another is pending: no first payment.
 *   D  signs up 06-02 (vk/spring/p1); first order D1 06-02, 2 000, paid 06-02, 2 000; then closed and erased (the
 *      accounting rows stay, so D still counts).
 *   F  signs up 06-10 23:00 (yandex); F1 at 06-11 00:00, the range's end, is outside.
 *   G  signs up 05-31 23:59:59 (direct: ''), outside; G1 at 06-01 00:00, inside, 100; two top-ups at the same moment
 *      06-01 01:00, 50 then 60: the lower id, 50, is the first.
 *   H  signs up 06-08 (vk/spring/p1); H1 06-08, 250 (last touch vk/autumn); paid 06-09, 250.
 */
async function build(h: Harness) {
  const a = await customer(h, 'A', at('02T10:00:00'), ['vk', 'spring', 'p1']);
  const b = await customer(h, 'B', '2026-05-20T08:00:00Z', ['google', '', '']);
  const c = await customer(h, 'C', at('01T00:00:00'));
  const d = await customer(h, 'D', at('02T09:00:00'), ['vk', 'spring', 'p1']);
  const f = await customer(h, 'F', at('10T23:00:00'), ['yandex', '', '']);
  const g = await customer(h, 'G', '2026-05-31T23:59:59Z', ['', '', '']);
  const hh = await customer(h, 'H', at('08T12:00:00'), ['vk', 'spring', 'p1']);
  const b1 = await order(h, b, '2026-05-25T10:00:00Z', 400);
  const d1 = await order(h, d, at('02T09:30:00'), 2000);
  const a1 = await order(h, a, at('03T09:00:00'), 1000, ['ya', 'summer', '']);
  const b2 = await order(h, b, at('03T11:00:00'), 700, ['partner-site', '', 'p2']);
  const a2 = await order(h, a, at('04T09:00:00'), 500);
  const c1 = await order(h, c, at('07T09:00:00'), 300);
  await order(h, g, at('01T00:00:00'), 100);
  const h1 = await order(h, hh, at('08T13:00:00'), 250, ['vk', 'autumn', '']);
  await order(h, f, at('11T00:00:00'), 900);
  await payment(h, d, d1, 2000, at('02T13:00:00'));
  await payment(h, b, b2, 700, at('03T15:00:00'));
  await payment(h, a, a2, 500, at('05T12:00:00'));
  await payment(h, a, a1, 1000, at('06T12:00:00'));
  await payment(h, c, c1, 300, at('07T10:00:00'), 'failed');
  await payment(h, c, c1, 300, at('07T11:00:00'), 'pending');
  await payment(h, g, null, 50, at('01T01:00:00'));
  await payment(h, g, null, 60, at('01T01:00:00'));
  await payment(h, hh, h1, 250, at('09T12:00:00'));
  await h.deps.db.execute(sql`insert into account_closures (user_id, closed_at, erase_at)
    values (${d}, ${at('03T00:00:00')}::timestamptz, ${at('04T00:00:00')}::timestamptz)`);
  await eraseAccount(h.deps, d, new Date(at('04T01:00:00')));
  return { a1, a2, b1 };
}

/** touch=first: every count to the customer's first touch. */
const FIRST = [
  row('vk', 'spring', 'p1', [3, 3, 3250, 3, 2750]), // A, D, H
  row('yandex', '', '', [1, 0, 0, 0, 0]), // F
  row('google', '', '', [0, 0, 0, 1, 700]), // B's first payment
  row('', '', '', [0, 2, 400, 1, 50]), // C1 and G1 (C has no first touch, G's is direct); G's 50
];
/** touch=last: orders to their own last touch, payments to their order's (a top-up: the customer's first touch). */
const LAST = [
  row('vk', 'spring', 'p1', [3, 1, 2000, 2, 2500]), // sign-ups A, D, H; D1; A's payment for A2, D's
  row('yandex', '', '', [1, 0, 0, 0, 0]),
  row('partner-site', '', 'p2', [0, 0, 0, 1, 700]), // B paid B2
  row('vk', 'autumn', '', [0, 1, 250, 1, 250]), // H1 and its payment
  row('', '', '', [0, 2, 400, 1, 50]),
  row('ya', 'summer', '', [0, 1, 1000, 0, 0]), // A1
];

describe('the staff funnel over the firsts and the daily roll-up', () => {
  const h = useHarness();

  it('counts each first once, on its day, the same from the firsts, the roll-up and both', async () => {
    await build(h);
    const report = (touch: 'first' | 'last') => allGroups(h, touch);
    // Nothing rolled: everything from the firsts.
    expect(await funnelRolled(h.deps.db)).toEqual({ since: '', through: '', until: '' });
    expect(await report('first')).toEqual(sorted(FIRST));
    expect(await report('last')).toEqual(sorted(LAST));

    // A pass at 06-05 00:30 rolls through 06-03 (06-04 is over for less than the hour) and 06-04 to its end as the
    // day in progress, and the history back to the earliest sign-up (05-20), within its 62 days; one at 06-05 12:00
    // rolls 06-04 whole (replacing its part) and 06-05 until 11:55.
    expect(await rollUpFunnel(h.deps.db, new Date(at('05T00:30:00')), EVERY_DAY)).toEqual({
      since: '2026-05-20',
      through: '2026-06-03',
      until: at('04T23:59:59.999'),
      days: 15,
    });
    expect(await report('first')).toEqual(sorted(FIRST));
    expect(await report('last')).toEqual(sorted(LAST));
    await rollUpFunnel(h.deps.db, new Date(at('05T12:00:00')), EVERY_DAY);
    expect(await funnelRolled(h.deps.db)).toEqual({
      since: '2026-05-20',
      through: '2026-06-04',
      until: at('05T11:55:00.000'),
    });
    expect(await report('first')).toEqual(sorted(FIRST));
    expect(await report('last')).toEqual(sorted(LAST));

    // Rolled through the whole range and beyond: the report reads funnel_days only.
    const rolled = await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')), EVERY_DAY);
    expect(rolled).toEqual({
      since: '2026-05-20',
      through: '2026-06-19',
      until: at('20T11:55:00.000'),
      days: 15,
    });
    expect(await report('first')).toEqual(sorted(FIRST));
    expect(await report('last')).toEqual(sorted(LAST));
    // A pass with no whole day to roll adds the hour since the last one to the day in progress.
    expect(await rollUpFunnel(h.deps.db, new Date(at('20T13:00:00')), EVERY_DAY)).toEqual({
      ...rolled,
      until: at('20T12:55:00.000'),
      days: 0,
    });

    // Rolled again from nothing, 5 history days a pass, newest first: the range is read from the firsts before the
    // rolled days, then from both, then from the roll-up alone.
    await h.deps.db.execute(sql`delete from funnel_days`);
    await h.deps.db.execute(sql`delete from funnel_rolled`);
    const seen: string[] = [];
    for (let pass = 0; pass < 20; pass++) {
      const r = await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')), 5);
      if (r.days === 0) break;
      seen.push(r.since);
      expect(await report('first')).toEqual(sorted(FIRST));
      expect(await report('last')).toEqual(sorted(LAST));
    }
    expect(seen).toEqual([
      '2026-06-15',
      '2026-06-10',
      '2026-06-05',
      '2026-05-31',
      '2026-05-26',
      '2026-05-21',
      '2026-05-20',
    ]);

    // Each day holds one row per touch model and credited group, no more: a range of days reads days' rows.
    const days = await one(
      h,
      sql`select count(*)::int from funnel_days where day between '2026-06-01' and '2026-06-10'`,
    );
    expect(days).toBe(
      await one(
        h,
        sql`select count(*)::int from (select distinct day, touch, source, campaign, partner from funnel_days) d
          where day between '2026-06-01' and '2026-06-10'`,
      ),
    );

    // A single day and the HTTP report agree with the rows above.
    const res = await h.request('/api/staff/analytics/funnel/?from=2026-06-03&to=2026-06-03&touch=last', {
      headers: STAFF,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      from: '2026-06-03',
      to: '2026-06-03',
      touch: 'last',
      source: null,
      rows: [row('partner-site', null, null, [0, 0, 0, 1, 700]), row('ya', null, null, [0, 1, 1000, 0, 0])],
      others: null,
    } satisfies FunnelReport);
    const drill = await h.request(
      '/api/staff/analytics/funnel/?from=2026-06-03&to=2026-06-03&touch=last&source=partner-site',
      { headers: STAFF },
    );
    expect(((await drill.json()) as FunnelReport).rows).toEqual([
      row('partner-site', '', 'p2', [0, 0, 0, 1, 700]),
    ]);

    // A source's groups after the first `limit` are summed as «Прочие» (others), at both levels.
    expect(await funnel(h.deps.db, { ...RANGE, touch: 'last', source: 'vk' }, 1)).toEqual({
      rows: [row('vk', 'spring', 'p1', [3, 1, 2000, 2, 2500])],
      others: {
        groups: 1,
        signups: 0,
        first_orders: 1,
        first_orders_sum: 250,
        first_payments: 1,
        first_payments_sum: 250,
      },
    });
    const top2 = await funnel(h.deps.db, { ...RANGE, touch: 'first' }, 2);
    expect(top2.rows.map((r) => r.source)).toEqual(['vk', 'yandex']);
    expect(top2.others).toEqual({
      groups: 2,
      signups: 0,
      first_orders: 2,
      first_orders_sum: 400,
      first_payments: 2,
      first_payments_sum: 750,
    });
  });

  it('catches up a day a pass by default: the days missed oldest first, then the history newest first', async () => {
    await build(h);
    await rollUpFunnel(h.deps.db, new Date(at('05T12:00:00')), EVERY_DAY);
    // The runner was away from 06-05 to 06-20: each pass rolls the next day missed, and the report stays the same.
    const through: string[] = [];
    for (let pass = 0; pass < 30; pass++) {
      const r = await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')));
      if (r.days === 0) break;
      expect(r.days).toBe(1);
      through.push(r.through);
      expect(await allGroups(h, 'first')).toEqual(sorted(FIRST));
    }
    expect(through).toHaveLength(15);
    expect(through[0]).toBe('2026-06-05');
    expect(through.at(-1)).toBe('2026-06-19');
    expect(await funnelRolled(h.deps.db)).toEqual({
      since: '2026-05-20',
      through: '2026-06-19',
      until: at('20T11:55:00.000'),
    });

    // From nothing rolled (after the upgrade): a day a pass back from the last whole day.
    await h.deps.db.execute(sql`delete from funnel_days`);
    await h.deps.db.execute(sql`delete from funnel_rolled`);
    const since: string[] = [];
    for (let pass = 0; pass < 40; pass++) {
      const r = await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')));
      if (r.days === 0) break;
      since.push(r.since);
    }
    expect(since).toHaveLength(31); // 06-19 back to 05-20, the earliest sign-up
    expect(since[0]).toBe('2026-06-19');
    expect(since.at(-1)).toBe('2026-05-20');
    expect(await allGroups(h, 'last')).toEqual(sorted(LAST));
  });

  it('moves a rolled day when its first order is repriced, and only then', async () => {
    const { a1, a2, b1 } = await build(h);
    await rollUpFunnel(h.deps.db, new Date(at('05T12:00:00')), EVERY_DAY); // A1's day (06-03) rolled
    await h.deps.db.execute(sql`update orders set price = 1100 where id = ${a1}`); // a first order, rolled day
    await h.deps.db.execute(sql`update orders set price = 800 where id = ${a2}`); // no first order
    await h.deps.db.execute(sql`update orders set price = 450 where id = ${b1}`); // a first order before the range
    await h.deps.db.execute(sql`update orders set status_id = 3 where id = ${a1}`); // no price change
    const first = FIRST.map((r) => (r.source === 'vk' ? { ...r, first_orders_sum: 3350 } : r));
    const last = LAST.map((r) => (r.campaign === 'summer' ? { ...r, first_orders_sum: 1100 } : r));
    expect(await allGroups(h, 'first')).toEqual(sorted(first));
    expect(await allGroups(h, 'last')).toEqual(sorted(last));
    // Rolled further, and from scratch: the same.
    await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')), EVERY_DAY);
    expect(await allGroups(h, 'first')).toEqual(sorted(first));
    await h.deps.db.execute(sql`delete from funnel_days`);
    await h.deps.db.execute(sql`delete from funnel_rolled`);
    // Deleting the days emptied the sources' roll-up with them.
    expect(await one(h, sql`select count(*)::int from funnel_source_days`)).toBe(0);
    await rollUpFunnel(h.deps.db, new Date(at('20T12:00:00')), EVERY_DAY);
    expect(await allGroups(h, 'last')).toEqual(sorted(last));
    expect(
      await one(
        h,
        sql`select first_orders_sum::int from funnel_days where day = '2026-05-25' and touch = 'first'`,
      ),
    ).toBe(450);
  });

  it('adds the day in progress up to 5 minutes ago, and moves it only for a first order repriced within that', async () => {
    await build(h);
    // On 06-10: K signs up at 05:00 and orders at 06:00; L signs up at 11:57 and orders at 11:58 (both vk/spring/p1,
    // so the day's row of that group exists once K is rolled, while L is after the part rolled).
    const k = await customer(h, 'K', at('10T05:00:00'), ['vk', 'spring', 'p1']);
    const k1 = await order(h, k, at('10T06:00:00'), 400);
    const l = await customer(h, 'L', at('10T11:57:00'), ['vk', 'spring', 'p1']);
    const l1 = await order(h, l, at('10T11:58:00'), 600);
    const truth = { first: await allGroups(h, 'first'), last: await allGroups(h, 'last') };

    const rolled = await rollUpFunnel(h.deps.db, new Date(at('10T12:00:00')), EVERY_DAY);
    expect(rolled).toMatchObject({ through: '2026-06-09', until: at('10T11:55:00.000') });
    expect(
      await one(h, sql`select count(*)::int from funnel_days where day = '2026-06-10' and touch = 'first'`),
    ).toBeGreaterThan(0);
    expect(await allGroups(h, 'first')).toEqual(truth.first);
    expect(await allGroups(h, 'last')).toEqual(truth.last);

    // K1 is in the rolled part, L1 after it: each repriced counts once at its new price.
    await h.deps.db.execute(sql`update orders set price = 450 where id = ${k1}`);
    await h.deps.db.execute(sql`update orders set price = 900 where id = ${l1}`);
    const repriced = { first: await allGroups(h, 'first'), last: await allGroups(h, 'last') };
    // The next pass adds L; rolled from scratch (nothing but the firsts): the same rows.
    await rollUpFunnel(h.deps.db, new Date(at('10T13:00:00')), EVERY_DAY);
    expect(await allGroups(h, 'first')).toEqual(repriced.first);
    expect(await allGroups(h, 'last')).toEqual(repriced.last);
    await h.deps.db.execute(sql`delete from funnel_days`);
    await h.deps.db.execute(sql`delete from funnel_rolled`);
    expect(await allGroups(h, 'first')).toEqual(repriced.first);
    expect(await allGroups(h, 'last')).toEqual(repriced.last);
    // …and the prices moved the sums: 400 + 600 became 450 + 900.
    const vk = (rows: FunnelRow[]) =>
      rows.find((r) => r.source === 'vk' && r.campaign === 'spring' && r.partner === 'p1')!.first_orders_sum;
    expect(vk(repriced.first) - vk(truth.first)).toBe(350);
  });

  it('keeps a customer first order and first payment as they are written, only the first counting', async () => {
    const { a1 } = await build(h);
    const firsts = rowsOf<{ first_order_id: number; first_payment_at: string | null }>(
      await h.deps.db.execute(sql`select first_order_id, first_payment_at::text from customer_firsts f
        join users u on u.id = f.user_id where u.fio = 'A'`),
    );
    expect(firsts).toHaveLength(1);
    expect(firsts[0]!.first_order_id).toBe(a1);
    expect(new Date(firsts[0]!.first_payment_at!).toISOString()).toBe(at('05T12:00:00.000'));
    // C has a first order and no first payment (one failed, one pending).
    expect(
      await one(
        h,
        sql`select count(*)::int from customer_firsts f join users u on u.id = f.user_id
          where u.fio = 'C' and f.first_order_id is not null and f.first_payment_id is null`,
      ),
    ).toBe(1);
  });
});
