import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { notFound } from '../errors';
import { jsonBody } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { getFinances } from '../domain/ledger';
import { checkCode, requestCode, verificationDetails, VERIFICATION_KINDS } from '../domain/verification';
import { createWithdrawal } from '../domain/withdrawal';
import { createClaim, createStorno, listStorno, REFUND_COUNTRIES, REFUND_EXTRA } from '../domain/refunds';
import { listMoneyRequests } from '../domain/money-requests';
import { amountSchema, idSchema, idempotent } from './payments';
import { WITHDRAWAL_MIN_SUM, type VerificationKind } from '../../contract/payments';
import type { Finances } from '../../contract/profile.api';

/**
 * Mounted at /api/client: the finances of spec point 3 (PATCH profile/status/) and the payments calls that
 * verify the customer or send money out (verification, repayment, refunds). The pay-in side is in payments.ts.
 */

const kindParam = (raw: string): VerificationKind => {
  const kind = VERIFICATION_KINDS.find((k) => k === raw);
  if (!kind) throw notFound();
  return kind;
};

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);

const withdrawalSchema = z.object({
  amount: amountSchema.min(WITHDRAWAL_MIN_SUM, `Минимальная сумма вывода — ${WITHDRAWAL_MIN_SUM} ₽.`),
  method: z.enum(['card', 'sbp'], { error: 'Выберите способ вывода.' }),
  requisites: z
    .object({
      card_number: z
        .string()
        .regex(/^\d{16,19}$/, 'Номер карты: от 16 до 19 цифр.')
        .optional(),
      phone: z
        .string()
        .regex(/^\+?\d{10,15}$/, 'Телефон: от 10 до 15 цифр.')
        .optional(),
      bank: z.string().trim().max(100).optional(),
      fio: z.string().trim().max(200).optional(),
    })
    .refine((r) => r.card_number || r.phone, { message: 'Укажите номер карты или телефон.' }),
});

export function financesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  // Spec 7 names PATCH; it answers the current finances (the body, if any, is ignored). GET does the same.
  app.on(['GET', 'PATCH'], '/profile/status/', auth, async (c) =>
    c.json((await getFinances(deps.db, c.get('userId'))) satisfies Finances),
  );

  app.get('/payments/verification-status/:type/', auth, async (c) => {
    const kind = kindParam(c.req.param('type'));
    return c.json(await verificationDetails(deps, c.get('userId'), kind));
  });

  app.post('/payments/verificate-code/:type/', auth, async (c) => {
    const kind = kindParam(c.req.param('type'));
    return c.json({ status: await requestCode(deps, c.get('userId'), kind) });
  });

  app.patch('/payments/verificate-code/:type/', auth, async (c) => {
    const kind = kindParam(c.req.param('type'));
    const { code } = await jsonBody(
      c,
      z.object({ code: z.string({ error: 'Введите код.' }).regex(/^\d{6}$/, 'Код — 6 цифр.') }),
    );
    return c.json({ status: await checkCode(deps, c.get('userId'), kind, code) });
  });

  app.post('/payments/repayment/', auth, async (c) => {
    const body = await jsonBody(c, withdrawalSchema);
    return idempotent(c, deps, body, async (tx) => {
      const userId = c.get('userId');
      const r = await createWithdrawal({ db: tx, now: deps.now }, userId, body);
      return {
        status: 201,
        body: { ...r.withdrawal, ...r.finances },
        effects: { userId, finances: r.finances, events: [] },
      };
    });
  });

  app.get('/payments/requests/', auth, async (c) =>
    c.json({ results: await listMoneyRequests(deps.db, c.get('userId')) }),
  );

  app.get('/payments/refund-storno/', auth, async (c) => {
    const results = await listStorno(deps.db, c.get('userId'));
    return c.json({ next: null, previous: null, count: results.length, results });
  });

  app.post('/payments/refund-storno/', auth, async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        refund_sum: amountSchema,
        pay_ids: z.array(idSchema).min(1).max(100).optional(),
      }),
    );
    return idempotent(c, deps, body, async (tx) => {
      const userId = c.get('userId');
      const r = await createStorno({ db: tx, now: deps.now }, userId, body);
      return {
        status: 201,
        body: { refunds: r.refunds, ...r.finances },
        effects: { userId, finances: r.finances, events: [] },
      };
    });
  });

  app.post('/payments/refund-claim/', auth, async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        order_id: idSchema,
        reason: text(2000, 'Опишите причину возврата.'),
        amount: amountSchema,
        recipient: z.object({
          fio: text(200, 'Укажите ФИО получателя.'),
          country: z.string({ error: 'Выберите страну.' }).length(2, 'Выберите страну.'),
          account: text(64, 'Укажите номер карты или счёта.'),
          bank: z.string().trim().max(200).optional(),
        }),
      }),
    );
    return idempotent(c, deps, body, async (tx) => ({
      status: 201,
      body: await createClaim({ db: tx, now: deps.now }, c.get('userId'), body),
    }));
  });

  app.get('/payments/refund-recipient-countries/', auth, (c) => c.json(REFUND_COUNTRIES));
  app.get('/payments/refund-extra/', auth, (c) => c.json(REFUND_EXTRA));

  return app;
}
