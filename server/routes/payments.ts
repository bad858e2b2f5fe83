import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { payments } from '../db/tables';
import { notFound } from '../errors';
import { jsonBody, parse, queryParams } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { requireIdempotencyKey, requestFingerprint, withIdempotency } from '../domain/idempotency';
import type { Tx } from '../domain/ledger';
import {
  createPay,
  paymentSettings,
  providerOf,
  publishEffects,
  type MoneyEffects,
} from '../domain/payments';
import {
  createPacket,
  listHistory,
  listWaiting,
  packetView,
  PACKET_MAX_ORDERS,
} from '../domain/payment-lists';
import { sandboxPage } from '../domain/sandbox-page';
import {
  INSTALLMENT_MIN_SUM,
  MAX_AMOUNT,
  type LedgerKind,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '../../contract/payments';

// ---- Shared edge helpers of the money routes (finances.ts and staff-payments.ts use them too) ----

const INT4_MAX = 2_147_483_647;
export const idSchema = z.coerce
  .number({ error: 'Неверный идентификатор.' })
  .int('Неверный идентификатор.')
  .positive('Неверный идентификатор.')
  .max(INT4_MAX, 'Неверный идентификатор.');
/** A sum of money: whole roubles, > 0, at most MAX_AMOUNT. Strings, fractions, 1e30 and NaN are refused. */
export const amountSchema = z
  .number({ error: 'Сумма должна быть числом.' })
  .int('Сумма должна быть целым числом рублей.')
  .positive('Сумма должна быть больше нуля.')
  .max(MAX_AMOUNT, `Сумма не больше ${MAX_AMOUNT} ₽.`);

const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageSchema>;
export const pageQuery = (c: Context) =>
  parse(pageSchema, { page: c.req.query('page'), page_size: c.req.query('page_size') });

/** `{ next, previous, count, results }` with relative links that keep the other query parameters. */
export function pageOf<T>(c: Context, q: PageQuery, count: number, results: T[]) {
  const link = (page: number) => {
    const url = new URL(c.req.url);
    url.searchParams.set('page', String(page));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    count,
    results,
  };
}
export const limitOffset = (q: PageQuery) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size });

/**
 * Runs a money-moving handler under the caller's Idempotency-Key; side effects (realtime) run only after commit
 * and only when the effect happened now, not for a replayed answer.
 */
export async function idempotent<T>(
  c: Context<AppEnv>,
  deps: Deps,
  body: unknown,
  run: (tx: Tx) => Promise<{ status: 200 | 201; body: T; effects?: MoneyEffects }>,
) {
  const key = requireIdempotencyKey(c.req.header('idempotency-key'));
  const userId = c.get('userId');
  let effects: MoneyEffects | undefined;
  const res = await withIdempotency(
    deps,
    { userId, key, fingerprint: requestFingerprint(c.req.method, c.req.path, body) },
    async (tx) => {
      const r = await run(tx);
      effects = r.effects;
      return { status: r.status, body: r.body };
    },
  );
  if (res.fresh && effects) await publishEffects(deps, effects);
  return c.json(res.body as object, res.status);
}

// ---- The payments router (/api/client/payments) ----

const METHODS: PaymentMethod[] = [
  { id: 'card', title: 'Банковская карта', fee_percent: 0 },
  { id: 'sbp', title: 'СБП', fee_percent: 0 },
  {
    id: 'installments',
    title: 'Оплата частями',
    fee_percent: 0,
    min_sum: INSTALLMENT_MIN_SUM,
    installments: { months: [3, 6] },
  },
  { id: 'balance', title: 'С баланса', fee_percent: 0 },
];

/** Spec 5: installments only with the flag on, and (when a sum is given) only for sums ≥ 3000. */
export function paymentMethods(sum?: number): PaymentMethodsResponse {
  return {
    payment_methods: METHODS.filter(
      (m) =>
        m.id !== 'installments' ||
        (paymentSettings.installmentsEnabled && (sum === undefined || sum >= INSTALLMENT_MIN_SUM)),
    ),
  };
}

const inAppPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Путь возврата должен быть путём внутри кабинета.');

const paySchema = z.object({
  purpose: z.enum(['order', 'packet', 'topup'], { error: 'Неизвестное назначение платежа.' }),
  order_id: idSchema.optional(),
  packet_id: idSchema.optional(),
  amount: amountSchema.optional(),
  method: z.enum(['card', 'sbp', 'installments', 'balance'], { error: 'Неизвестный способ оплаты.' }),
  use_money: z.boolean().optional(),
  use_bonus: z.boolean().optional(),
  back: inAppPath.optional(),
});

const LEDGER_KINDS = [
  'topup',
  'order_payment',
  'packet_payment',
  'withdrawal',
  'refund',
  'bonus_grant',
  'bonus_spend',
  'storno',
] as const satisfies readonly LedgerKind[];

const historySchema = z.object({
  kind: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.enum(LEDGER_KINDS, { error: 'Неизвестный вид операции.' })).optional()),
  from: z.iso.date('Дата в формате ГГГГ-ММ-ДД.').optional(),
  to: z.iso.date('Дата в формате ГГГГ-ММ-ДД.').optional(),
});

const DAY = 24 * 60 * 60_000;
const SANDBOX_ID = z.uuid();

export function paymentsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/methods/', auth, (c) => {
    const { sum } = queryParams(
      c,
      z.object({ sum: z.coerce.number().int().min(0).max(MAX_AMOUNT).optional() }),
    );
    return c.json(paymentMethods(sum));
  });

  app.get('/waiting/', auth, async (c) => {
    const q = pageQuery(c);
    const { count, results } = await listWaiting(deps.db, c.get('userId'), limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.get('/history/', auth, async (c) => {
    const q = pageQuery(c);
    const f = queryParams(c, historySchema);
    const { count, results } = await listHistory(
      deps.db,
      c.get('userId'),
      {
        kind: f.kind,
        from: f.from ? new Date(`${f.from}T00:00:00Z`) : undefined,
        to: f.to ? new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY) : undefined,
      },
      limitOffset(q),
    );
    return c.json(pageOf(c, q, count, results));
  });

  app.post('/pay/', auth, async (c) => {
    const body = await jsonBody(c, paySchema);
    return idempotent(c, deps, body, async (tx) => {
      const r = await createPay(deps, tx, c.get('userId'), body);
      return { status: 200, body: r.body, effects: r.effects };
    });
  });

  app.post('/packets/', auth, async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        order_ids: z
          .array(idSchema)
          .min(1, 'Выберите заказы.')
          .max(PACKET_MAX_ORDERS, `Не больше ${PACKET_MAX_ORDERS} заказов.`),
      }),
    );
    return idempotent(c, deps, body, async (tx) => {
      const id = await createPacket(tx, c.get('userId'), body.order_ids, deps.now());
      const view = await packetView(tx, c.get('userId'), id);
      return { status: 201, body: view };
    });
  });

  app.get('/orders-packet-waiting/:id/', auth, async (c) => {
    const id = parse(idSchema, c.req.param('id'));
    const view = await packetView(deps.db, c.get('userId'), id);
    if (!view) throw notFound('Пакет не найден.');
    return c.json(view);
  });

  // The sandbox acquirer's own pages: no customer auth (the random payment id is the handle), plain HTML forms.
  const sandboxPayment = async (pid: string) => {
    if (!SANDBOX_ID.safeParse(pid).success) return undefined;
    const [row] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, pid));
    return row;
  };
  const resultUrl = (row: { status: string; back: string }) =>
    `/payment?status=${row.status === 'paid' ? 'success' : 'fail'}&back=${encodeURIComponent(row.back)}`;

  app.get('/sandbox/:pid/', async (c) => {
    const row = await sandboxPayment(c.req.param('pid'));
    if (!row) return c.html(sandboxPage({ kind: 'missing' }), 404);
    c.header('Cache-Control', 'no-store');
    return c.html(
      row.status === 'pending'
        ? sandboxPage({ kind: 'pay', amount: row.amount, description: row.description, method: row.method })
        : sandboxPage({ kind: 'done', paid: row.status === 'paid', resultUrl: resultUrl(row) }),
    );
  });

  for (const [action, outcome] of [
    ['pay', 'success'],
    ['decline', 'fail'],
  ] as const) {
    app.post(`/sandbox/:pid/${action}/`, async (c) => {
      const pid = c.req.param('pid');
      if (!(await sandboxPayment(pid))) throw notFound('Платёж не найден.');
      await providerOf(deps).complete(pid, outcome);
      const row = await sandboxPayment(pid);
      return c.redirect(resultUrl(row!), 302);
    });
  }

  return app;
}
