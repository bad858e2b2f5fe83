// The data set of the `scale` section (issue 37): customers, orders, chat messages, payments and page views as a real
// service's would be, made in SQL (generate_series, a statement per table and chunk of customers, never row by row)
// on a database the real migrations made. Customers are numbered: customer i has users.id = i, so a database can be
// built small, measured, and grown (customers lo..hi added) without touching the rows already there.
//
// The distributions come from deterministic hashes of the ids (the same database every run):
//   orders per customer   80 %: 1–5; 17 %: 6–30; 2.9 %: 31–210; 0.1 %: 300–1 499 (the long tail): about 10 each
//   chat messages/order   60 %: 0–2; 39 %: 2–7; 1 %: 20–119: about 3 per order, 30 per customer
//   payments              one paid card payment for about half of the orders: 5 per customer
//   page views            20 per customer added, over the last 90 days (raw retention), 40 % of them signed in
//   first touch           60 % of customers (customer_origins), for the staff funnel
//   firsts                each customer's first order and first paid payment (customer_firsts); the funnel's daily
//                         roll-up is emptied, for the caller to run again
//   jobs                  one delivered outbox message per customer over the last 14 days
//   idempotency keys      one per payment, made when it was (what the pay call leaves, before any clean-up)
//   signed up             uniformly over the last 3 years; their orders from then to now, the newest ones active

/** Runs one statement on a session of its own (no statement timeout: a fill statement runs for minutes). */
export type Exec = (query: string) => Promise<{ rows: Record<string, unknown>[] }>;

export const PER_CUSTOMER = { orders: 10, messages: 30, payments: 5, pageViews: 20 } as const;

/** A uniform number in [0, 1) from an integer expression and one of five multipliers (Knuth's hash). */
export function hashOf(expr: string, salt: 0 | 1 | 2 | 3 | 4): string {
  const k = [2654435761, 2246822519, 3266489917, 668265263, 374761393][salt]!;
  return `(((${expr})::bigint * ${k}::bigint + ${salt * 7919}) % 4294967296)::float8 / 4294967296.0`;
}

/** Orders of customer `i` (an SQL expression of the id). */
export function ordersOf(i: string): string {
  const a = hashOf(i, 0);
  const b = hashOf(i, 1);
  return `(case when ${a} < 0.80 then 1 + floor(${b} * 5) when ${a} < 0.97 then 6 + floor(${b} * 25)
    when ${a} < 0.999 then 31 + floor(${b} * 180) else 300 + floor(${b} * 1200) end)::int`;
}

/** Chat messages of order `o`. */
export function messagesOf(o: string): string {
  const a = hashOf(o, 2);
  const b = hashOf(o, 3);
  return `(case when ${a} < 0.60 then floor(${b} * 3) when ${a} < 0.99 then 2 + floor(${b} * 6)
    else 20 + floor(${b} * 100) end)::int`;
}

const SUBJECTS = [
  'Экономика',
  'История',
  'Право',
  'Маркетинг',
  'Менеджмент',
  'Психология',
  'Педагогика',
  'Социология',
  'Философия',
  'Информатика',
  'Математика',
  'Физика',
  'Химия',
  'Биология',
  'Медицина',
  'Литература',
  'Лингвистика',
  'Журналистика',
  'Логистика',
  'Бухгалтерский учёт',
];
const WORK_TYPES = [
  'Реферат',
  'Курсовая работа',
  'Контрольная работа',
  'Дипломная работа',
  'Эссе',
  'Отчёт по практике',
];
const SOURCES = [
  'yandex',
  'google',
  'vk',
  'telegram',
  'partner',
  'email',
  'ads',
  'blog',
  'youtube',
  'direct',
];
const ROUTES = [
  'Home',
  'Order',
  'Chat',
  'Payments',
  'Profile',
  'NewOrder',
  'Files',
  'Login',
  'Bonus',
  'Help',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
const pick = (xs: string[], u: string) => `(${arr(xs)})[1 + floor(${u} * ${xs.length})::int]`;

export interface GrowOptions {
  /** The customers already there (0 on a fresh database); customers from+1 … to are added. */
  from: number;
  to: number;
  /** The one password hash every customer gets (one scrypt made by the caller). */
  passwordHash: string;
  now: Date;
  /** Customers per chunk of statements (memory and WAL stay bounded). */
  chunk?: number;
  /** Called after each chunk with the customers made so far. */
  progress?: (done: number) => void;
}

/**
 * Adds customers `from+1 … to` with their rows. The rows are valid by construction (each order's customer exists,
 * each message's and payment's order exists), so the foreign-key and list-version triggers are switched off for the
 * session where the database lets us (a superuser: session_replication_role); the list versions are then stamped once.
 */
export async function growTo(exec: Exec, o: GrowOptions): Promise<void> {
  const now = `'${o.now.toISOString()}'::timestamptz`;
  const chunk = o.chunk ?? 50_000;
  if (!/^[\w$.+/=-]+$/.test(o.passwordHash)) throw new Error('unexpected password hash');
  const { rows } = await exec(`select rolsuper from pg_roles where rolname = current_user`);
  if (rows[0]?.rolsuper === true) await exec(`set session_replication_role = replica`);
  try {
    for (let lo = o.from + 1; lo <= o.to; lo += chunk) {
      const hi = Math.min(o.to, lo + chunk - 1);
      await exec(`
        insert into users (id, email, fio, password_hash, email_confirmed, created_at)
        select i, 'scale-' || i || '@example.com', 'Клиент ' || i, '${o.passwordHash}', true,
          ${now} - ${hashOf('i', 4)} * interval '1095 days'
        from generate_series(${lo}, ${hi}) as i`);
      await exec(`
        insert into accounts (user_id) select i from generate_series(${lo}, ${hi}) as i`);
      await exec(`
        insert into customer_origins (user_id, source, campaign, partner, touched_at)
        select id, ${pick(SOURCES, hashOf('id', 2))}, 'c' || (id % 40), case when id % 7 = 0 then 'p' || (id % 90) else '' end,
          created_at
        from users where id between ${lo} and ${hi} and ${hashOf('id', 3)} < 0.6`);
      // Orders: customer u's k-th of n from sign-up to now; the last two of each customer may still be running (a
      // running one awaits payment or is paid; one on guarantee ends within the next 30 days).
      await exec(`
        insert into orders (user_id, status_id, is_trash, work_type, subject, topic, pages, deadline, price, paid,
          guarantee_until, created_at, updated_at)
        select u.id, s.status, ${hashOf('u.id * 13 + k', 3)} < 0.02,
          ${pick(WORK_TYPES, hashOf('u.id + k', 4))},
          ${pick(SUBJECTS, hashOf('u.id * 7 + k', 0))},
          ${pick(SUBJECTS, hashOf('u.id * 11 + k', 1))} || ': тема ' || (u.id * 1000 + k),
          5 + (k % 40), at + interval '14 days', p.price,
          case when s.status in (4, 5, 6, 7) and ${hashOf('u.id * 19 + k', 3)} < 0.98 then p.price else 0 end,
          case when s.status = 5 then ${now} + ${hashOf('u.id * 23 + k', 2)} * interval '30 days' end,
          at, at
        from users u
        cross join lateral (select ${ordersOf('u.id')} as n) c
        cross join lateral generate_series(1, c.n) as k
        cross join lateral (select u.created_at + (k - 1)::float8 / c.n * (${now} - u.created_at) as at,
          500 + ((u.id * 37 + k * 101) % 20000) as price) p
        cross join lateral (select case when k > n - 2 and ${hashOf('u.id * 31 + k', 0)} < 0.5
          then 1 + floor(${hashOf('u.id * 31 + k', 1)} * 6)::int
          when ${hashOf('u.id * 17 + k', 2)} < 0.05 then 8 else 7 end as status) s
        where u.id between ${lo} and ${hi}
        order by u.id, k`);
      await exec(`
        insert into chat_messages (order_id, author, author_name, text, read_at, created_at)
        select o.id, case when j % 3 = 1 then 'customer' when j % 3 = 2 then 'writer' else 'manager' end,
          case when j % 3 = 1 then 'Клиент' when j % 3 = 2 then 'Автор' else 'Менеджер' end,
          'Сообщение ' || j || ' по заказу ' || o.id,
          case when j = m and j % 3 <> 1 and ${hashOf('o.id', 4)} < 0.3 then null else o.created_at + j * interval '1 hour' end,
          o.created_at + j * interval '10 minutes'
        from orders o
        cross join lateral (select ${messagesOf('o.id')} as m) c
        cross join lateral generate_series(1, c.m) as j
        where o.user_id between ${lo} and ${hi}
        order by o.id, j`);
      await exec(`
        insert into payments (user_id, purpose, method, amount, status, provider_payment_id, order_id, description,
          back, created_at, completed_at)
        select user_id, 'order', 'card', price, 'paid', 'scale-' || id, id, 'Оплата заказа ' || id,
          '/order/' || id, created_at + interval '1 hour', created_at + interval '1 hour'
        from orders where user_id between ${lo} and ${hi} and paid > 0 and ${hashOf('id', 4)} < 0.66`);
      await exec(`
        -- In stamp order, as a live table is written (each chunk's rows together): a range of stamps sits together.
        insert into page_views (at, kind, name, path, referrer, user_id)
        select ${now} - ${hashOf('i', 0)} * interval '90 days',
          case when i % 50 = 0 then 'goal' else 'view' end,
          ${pick(ROUTES, hashOf('i', 1))}, '/route/' || (i % 10), '/route/' || (i % 40),
          case when ${hashOf('i', 2)} < 0.4 then ${lo} + floor(${hashOf('i', 3)} * ${hi - lo + 1})::int end
        from generate_series(${(lo - 1) * PER_CUSTOMER.pageViews + 1}::bigint, ${hi * PER_CUSTOMER.pageViews}::bigint) as i
        order by 1`);
      // The Idempotency-Key of the call that made each payment, with its stored answer.
      await exec(`
        insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
        select user_id, 'scale-pay-' || id, md5(id::text) || md5(user_id::text), 201,
          '{"status":"redirect","payment_id":' || id || ',"redirect_url":"https://pay.example/checkout/scale-' || id || '"}',
          created_at
        from payments where user_id between ${lo} and ${hi}`);
      // Each customer's first order and first paid payment (what the triggers of migration 0022 keep).
      await exec(`
        insert into customer_firsts as f (user_id, first_order_id, first_order_at)
        select distinct on (user_id) user_id, id, created_at from orders
        where user_id between ${lo} and ${hi} order by user_id, id
        on conflict (user_id) do update set first_order_id = excluded.first_order_id,
          first_order_at = excluded.first_order_at
        where f.first_order_id is null or f.first_order_id > excluded.first_order_id`);
      await exec(`
        insert into customer_firsts as f (user_id, first_payment_id, first_payment_at)
        select distinct on (user_id) user_id, id, completed_at from payments
        where user_id between ${lo} and ${hi} and status = 'paid' and completed_at is not null
        order by user_id, completed_at, id
        on conflict (user_id) do update set first_payment_id = excluded.first_payment_id,
          first_payment_at = excluded.first_payment_at
        where f.first_payment_id is null
          or (f.first_payment_at, f.first_payment_id) > (excluded.first_payment_at, excluded.first_payment_id)`);
      // The job runner's table: one delivered outbox message per customer over the last 14 days (the prune keeps 7).
      await exec(`
        insert into jobs (name, key, state, attempts, run_at, created_at, finished_at)
        select 'outbox.deliver', 'scale-' || i, 'done', 1, at, at, at
        from generate_series(${lo}, ${hi}) as i
        cross join lateral (select ${now} - ${hashOf('i', 1)} * interval '14 days' as at) t`);
      o.progress?.(hi);
    }
    // The new customers' sign-ups and firsts fall in days already rolled up: the staff funnel's roll-up starts again
    // (the caller runs it: rollUpFunnel in server/domain/funnel-days.ts).
    // (funnel_source_days too: its trigger on funnel_days is off in this session.)
    await exec(`delete from funnel_days`);
    await exec(`delete from funnel_source_days`);
    await exec(`delete from funnel_rolled`);
    // What the switched-off triggers would have done: each customer's list stamp.
    await exec(`
      insert into order_list_versions (user_id, version)
      select id, nextval('order_list_version_seq') from users where id between ${o.from + 1} and ${o.to}
      on conflict (user_id) do nothing`);
    for (const [table, column] of [
      ['users', 'id'],
      ['orders', 'id'],
      ['chat_messages', 'id'],
      ['payments', 'id'],
      ['page_views', 'id'],
    ])
      await exec(
        `select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`,
      );
  } finally {
    await exec(`set session_replication_role = origin`);
  }
  await exec('analyze');
}

/** The customers the measurements follow: one with a few orders and the one with the most, both among the first `n`. */
export async function pickCustomers(exec: Exec, n: number): Promise<{ typical: Customer; heavy: Customer }> {
  const one = async (q: string) => {
    const row = (await exec(q)).rows[0]!;
    return {
      id: Number(row.id),
      email: `scale-${row.id}@example.com`,
      orders: Number(row.orders),
      orderId: Number(row.order_id),
      messages: Number(row.messages),
    };
  };
  const customer = (where: string, order: string) => `
    with c as (select u.id, ${ordersOf('u.id')} as orders from users u where u.id <= ${n})
    select c.id, c.orders, o.id as order_id, (select count(*) from chat_messages m where m.order_id = o.id) as messages
    from c cross join lateral (
      select o.id from orders o where o.user_id = c.id
      order by (select count(*) from chat_messages m where m.order_id = o.id) desc, o.id desc limit 1) o
    where ${where} order by ${order} limit 1`;
  return {
    typical: await one(customer('c.orders = 3', 'c.id')),
    heavy: await one(customer('true', 'c.orders desc, c.id')),
  };
}

export interface Customer {
  id: number;
  email: string;
  orders: number;
  /** The customer's order with the most chat messages (the chat page and post measured on it). */
  orderId: number;
  messages: number;
}

const COUNTED = ['users', 'orders', 'chat_messages', 'payments', 'page_views'] as const;

/** Rows per table (exact counts). */
export async function countRows(exec: Exec): Promise<Record<(typeof COUNTED)[number], number>> {
  const out = {} as Record<(typeof COUNTED)[number], number>;
  for (const t of COUNTED) out[t] = Number((await exec(`select count(*)::bigint as n from ${t}`)).rows[0]!.n);
  return out;
}
