// The data set of `npm run bench -- scale` (bench/lib/scale-data.ts) at a tiny scale on PGlite: its rows are valid
// (every order has its customer, every message and payment its order), its counts follow the scale, and its
// distributions are the ones the bench claims (most customers with 1–5 orders, a long tail with hundreds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../server/helpers/test-database';
import type { Database } from '../../server/db/client';
import {
  countRows,
  growTo,
  messagesOf,
  ordersOf,
  pickCustomers,
  type Exec,
} from '../../bench/lib/scale-data';

const HASH = 'scrypt$32768$8$c2FsdA$aGFzaA';
const now = new Date('2026-11-01T12:00:00Z');
let database: Database;
let exec: Exec;
const one = async (q: string) => Number(Object.values((await exec(q)).rows[0]!)[0]);

beforeAll(async () => {
  database = await openPglite();
  exec = async (q) => ({ rows: (await database.pglite!.query<Record<string, unknown>>(q)).rows });
  await growTo(exec, { from: 0, to: 150, passwordHash: HASH, now, chunk: 100 });
  await growTo(exec, { from: 150, to: 200, passwordHash: HASH, now });
}, 120_000);
afterAll(() => database?.close());

describe('the scale data set', () => {
  it('counts follow the scale: 200 customers, their orders and messages as the formulas say, 20 page views each', async () => {
    const rows = await countRows(exec);
    expect(rows.users).toBe(200);
    expect(rows.orders).toBe(await one(`select sum(${ordersOf('i')}) from generate_series(1, 200) i`));
    expect(rows.chat_messages).toBe(await one(`select coalesce(sum(${messagesOf('id')}), 0) from orders`));
    expect(rows.page_views).toBe(200 * 20);
    expect(await one(`select count(*) from accounts`)).toBe(200);
    // Orders about 10 per customer, messages about 3 per order: the bench's 10× and 30× within the sampling noise.
    expect(rows.orders / 200).toBeGreaterThan(4);
    expect(rows.chat_messages / rows.orders).toBeGreaterThan(2);
    expect(rows.chat_messages / rows.orders).toBeLessThan(4);
    expect(rows.payments).toBeGreaterThan(0);
  });

  it('every row belongs: orders to customers, messages and payments to orders of the same customer', async () => {
    expect(
      await one(
        `select count(*) from orders o where not exists (select 1 from users u where u.id = o.user_id)`,
      ),
    ).toBe(0);
    expect(
      await one(
        `select count(*) from chat_messages m where not exists (select 1 from orders o where o.id = m.order_id)`,
      ),
    ).toBe(0);
    expect(
      await one(`select count(*) from payments p left join orders o on o.id = p.order_id
        where o.id is null or o.user_id <> p.user_id or p.amount <> o.price`),
    ).toBe(0);
    expect(
      await one(
        `select count(*) from page_views v where v.user_id is not null and v.user_id not between 1 and 200`,
      ),
    ).toBe(0);
    // Each payment's Idempotency-Key, its customer's and made with it.
    expect(
      await one(`select count(*) from payments p join idempotency_keys k
        on k.user_id = p.user_id and k.key = 'scale-pay-' || p.id and k.created_at = p.created_at`),
    ).toBe(await one(`select count(*) from payments`));
    expect(await one(`select count(*) from idempotency_keys`)).toBe(
      await one(`select count(*) from payments`),
    );
    // Each customer's list stamp is there (the triggers were off during the fill); the sequences go on after the rows.
    expect(await one(`select count(*) from order_list_versions`)).toBe(200);
    expect(
      await one(`select nextval(pg_get_serial_sequence('orders', 'id')) - (select max(id) from orders)`),
    ).toBe(1);
    expect(await one(`select count(*) from orders where status_id = 5 and guarantee_until is null`)).toBe(0);
  });

  it("each customer's first order and first paid payment are kept, as the definitions say", async () => {
    const mismatches = await one(`
      select count(*) from users u
      left join customer_firsts f on f.user_id = u.id
      left join lateral (select id from orders o where o.user_id = u.id order by id limit 1) o on true
      left join lateral (select id from payments p where p.user_id = u.id and p.status = 'paid'
        order by completed_at, id limit 1) p on true
      where f.first_order_id is distinct from o.id or f.first_payment_id is distinct from p.id`);
    expect(mismatches).toBe(0);
    expect(
      await one(`select count(*) from customer_firsts where first_payment_id is not null`),
    ).toBeGreaterThan(0);
    // The funnel's roll-up was emptied for the caller to run over the grown data.
    expect(await one(`select count(*) from funnel_days`)).toBe(0);
  });

  it('most customers have 1–5 orders and a long tail has hundreds (the formula over 100 000 customers)', async () => {
    const share = async (where: string) =>
      one(`select avg(case when ${where} then 1.0 else 0 end) from
        (select ${ordersOf('i')} as n from generate_series(1, 100000) i) c`);
    expect(await share('n between 1 and 5')).toBeGreaterThan(0.75);
    expect(await share('n >= 300')).toBeGreaterThan(0.0005);
    expect(await share('n >= 300')).toBeLessThan(0.002);
    expect(await one(`select avg(${ordersOf('i')}) from generate_series(1, 100000) i`)).toBeGreaterThan(9);
    expect(await one(`select avg(${ordersOf('i')}) from generate_series(1, 100000) i`)).toBeLessThan(11);
    expect(await one(`select avg(${messagesOf('i')}) from generate_series(1, 100000) i`)).toBeGreaterThan(
      2.7,
    );
    expect(await one(`select avg(${messagesOf('i')}) from generate_series(1, 100000) i`)).toBeLessThan(3.3);
  });

  it('picks a typical customer with 3 orders and the heaviest one, each with their busiest chat', async () => {
    const { typical, heavy } = await pickCustomers(exec, 200);
    expect(typical.orders).toBe(3);
    expect(await one(`select count(*) from orders where user_id = ${typical.id}`)).toBe(3);
    expect(heavy.orders).toBe(
      await one(`select max(n) from (select count(*) as n from orders group by user_id) c`),
    );
    expect(await one(`select user_id from orders where id = ${heavy.orderId}`)).toBe(heavy.id);
    expect(await one(`select count(*) from chat_messages where order_id = ${heavy.orderId}`)).toBe(
      heavy.messages,
    );
  });
});
