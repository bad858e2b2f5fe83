import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../env';
import { payments } from '../db/tables';
import { notFound } from '../domain/errors';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { requireIdempotencyKey, requestFingerprint, withIdempotency } from '../domain/idempotency';
import type { Tx } from '../domain/ledger';
import {
  askProvider,
  createPay,
  paymentSettings,
  providerOf,
  publishEffects,
  type MoneyEffects,
} from '../domain/payments';
import { createPacket, listHistory, listWaiting, packetView } from '../domain/payment-lists';
import { sandboxPage } from '../domain/sandbox-page';
import { yookassaRoutes } from './yookassa';
import { INSTALLMENT_MIN_SUM, VERIFICATION_KINDS, type VerificationKind } from '../../contract/payments';
import { THEME_COOKIE, themeFromCookie } from '../../contract/theme';
import {
  HistoryQuery,
  MethodsQuery,
  PacketRequest,
  PageQuery,
  PayRequest,
  SandboxPaymentId,
  SandboxParams,
  PacketParams,
  type PacketResponse,
  type PayResponse,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '../../contract/payments.api';

// ---- Shared edge helpers of the money routes (finances.ts and staff-payments.ts use them too) ----

type PageOptions = { page: number; page_size: number };

/** `:type` of a verification call: repayment or bonus; another kind is a 404 (not a bad request). */
export function verificationKind(raw: string | undefined): VerificationKind {
  const kind = VERIFICATION_KINDS.find((k) => k === raw);
  if (!kind) throw notFound();
  return kind;
}
/** Answers 404 for an unknown `:type` before a body is read, so a bad body of an unknown kind is still a 404. */
export const knownVerificationKind: MiddlewareHandler<AppEnv> = async (c, next) => {
  verificationKind(c.req.param('type'));
  await next();
};

/** `{ next, previous, count, results }` with relative links that keep the other query parameters. */
export function pageOf<T>(c: Context, q: PageOptions, count: number, results: T[]) {
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
export const limitOffset = (q: PageOptions) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size });

/**
 * Runs a money-moving handler under the caller's Idempotency-Key; side effects (realtime) run only after commit
 * and only when the effect happened now, not for a replayed answer.
 */
export async function idempotent<T>(
  c: Context<AppEnv>,
  deps: Deps,
  body: unknown,
  run: (tx: Tx, key: string) => Promise<{ status: 200 | 201; body: T; effects?: MoneyEffects }>,
  /** Outside work on the committed (or replayed) answer, with no transaction open; its result is the answer. */
  after?: (body: T, key: string) => Promise<T>,
) {
  const key = requireIdempotencyKey(c.req.header('idempotency-key'));
  const userId = c.get('userId');
  let effects: MoneyEffects | undefined;
  const res = await withIdempotency(
    deps,
    { userId, key, fingerprint: requestFingerprint(c.req.method, c.req.path, body) },
    async (tx) => {
      const r = await run(tx, key);
      effects = r.effects;
      return { status: r.status, body: r.body };
    },
  );
  if (res.fresh && effects) await publishEffects(deps, effects);
  const answer = after ? await after(res.body, key) : res.body;
  return c.json(answer as object, res.status);
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

const DAY = 24 * 60 * 60_000;

export function paymentsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/methods/', auth, valid('query', MethodsQuery), (c) =>
    c.json(paymentMethods(c.req.valid('query').sum)),
  );

  app.get('/waiting/', auth, valid('query', PageQuery), async (c) => {
    const q = c.req.valid('query');
    const { count, results } = await listWaiting(deps.db, c.get('userId'), limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.get('/history/', auth, valid('query', HistoryQuery), async (c) => {
    const q = c.req.valid('query');
    const { count, results } = await listHistory(
      deps.db,
      c.get('userId'),
      {
        kind: q.kind,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY) : undefined,
      },
      limitOffset(q),
    );
    return c.json(pageOf(c, q, count, results));
  });

  app.post('/pay/', auth, valid('json', PayRequest), async (c) => {
    const body = c.req.valid('json');
    // The provider is asked after the request's transaction has committed (askProvider, in `after`).
    return idempotent(
      c,
      deps,
      body,
      async (tx) => {
        const r = await createPay(deps, tx, c.get('userId'), body);
        return { status: 200, body: r.body satisfies PayResponse, effects: r.effects };
      },
      (answer, key) => askProvider(deps, c.get('userId'), key, answer),
    );
  });

  app.post('/packets/', auth, valid('json', PacketRequest), async (c) => {
    const body = c.req.valid('json');
    return idempotent(c, deps, body, async (tx) => {
      const id = await createPacket(tx, c.get('userId'), body.order_ids, deps.now());
      const view = await packetView(tx, c.get('userId'), id);
      return { status: 201, body: view satisfies PacketResponse | null };
    });
  });

  app.get('/orders-packet-waiting/:id/', auth, valid('param', PacketParams), async (c) => {
    const { id } = c.req.valid('param');
    const view = await packetView(deps.db, c.get('userId'), id);
    if (!view) throw notFound('Пакет не найден.');
    return c.json(view satisfies PacketResponse);
  });

  // The sandbox acquirer's own pages: no customer auth (the random payment id is the handle), plain HTML forms.
  const sandboxPayment = async (pid: string) => {
    if (!SandboxPaymentId.safeParse(pid).success) return undefined;
    const [row] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, pid));
    return row;
  };
  const resultUrl = (row: { status: string; back: string }) =>
    `/payment?status=${row.status === 'paid' ? 'success' : 'fail'}&back=${encodeURIComponent(row.back)}`;

  app.get('/sandbox/:pid/', valid('param', SandboxParams), async (c) => {
    // In the visitor's theme (the cookie the SPA writes), so a dark cabinet does not flash a white page.
    const theme = themeFromCookie(getCookie(c, THEME_COOKIE));
    const row = await sandboxPayment(c.req.valid('param').pid);
    if (!row) return c.html(sandboxPage({ kind: 'missing' }, theme), 404);
    c.header('Cache-Control', 'no-store');
    return c.html(
      row.status === 'pending'
        ? sandboxPage(
            { kind: 'pay', amount: row.amount, description: row.description, method: row.method },
            theme,
          )
        : sandboxPage({ kind: 'done', paid: row.status === 'paid', resultUrl: resultUrl(row) }, theme),
    );
  });

  for (const [action, outcome] of [
    ['pay', 'success'],
    ['decline', 'fail'],
  ] as const) {
    app.post(`/sandbox/:pid/${action}/`, valid('param', SandboxParams), async (c) => {
      const { pid } = c.req.valid('param');
      if (!(await sandboxPayment(pid))) throw notFound('Платёж не найден.');
      await providerOf(deps).complete(pid, outcome);
      const row = await sandboxPayment(pid);
      return c.redirect(resultUrl(row!), 302);
    });
  }

  app.route('/yookassa', yookassaRoutes(deps));

  return app;
}
