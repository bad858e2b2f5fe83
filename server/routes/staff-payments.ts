import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { users } from '../db/tables';
import { badRequest, notFound } from '../errors';
import { jsonBody, parse, queryParams } from '../validate';
import { requireStaff } from '../middleware/staff';
import { moveMoney, publishFinances, type Tx } from '../domain/ledger';
import type { Finances } from '../../contract/payments';
import { decideWithdrawal, listWithdrawals } from '../domain/withdrawal';
import { decideClaim, decideStorno, listClaims } from '../domain/money-requests';
import { setVerification, VERIFICATION_KINDS } from '../domain/verification';
import { amountSchema, idSchema, limitOffset, pageOf, pageQuery } from './payments';

/** Mounted at /api/staff: money of the back office, demos, benchmarks and tests. */
export function staffPaymentsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/payments/*', requireStaff(deps));
  app.use('/withdrawals/*', requireStaff(deps));
  app.use('/verification/*', requireStaff(deps));
  app.use('/storno/*', requireStaff(deps));
  app.use('/refund-claims/*', requireStaff(deps));

  const userByEmail = async (email: string) => {
    const [user] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw notFound('Клиент не найден.');
    return user.id;
  };

  // Credits money and/or bonus (kinds topup / bonus_grant). No Idempotency-Key: it is a staff tool, not a payment.
  app.post('/payments/credit/', async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        email: z.string().email('Неверный e-mail.'),
        money: amountSchema.optional(),
        bonus: amountSchema.optional(),
      }),
    );
    if (!body.money && !body.bonus) throw badRequest('Укажите money или bonus.');
    const userId = await userByEmail(body.email);
    const fin = await deps.db.transaction(async (tx: Tx) => {
      const d = { db: tx, now: deps.now };
      let f: Finances | undefined;
      if (body.money)
        f = await moveMoney(d, userId, 'money', body.money, 'topup', { note: 'Зачисление от сервиса' });
      if (body.bonus) f = await moveMoney(d, userId, 'bonus', body.bonus, 'bonus_grant');
      return f!;
    });
    await publishFinances(deps, userId, fin);
    return c.json(fin);
  });

  app.get('/withdrawals/', async (c) => {
    const q = pageQuery(c);
    const { status } = queryParams(
      c,
      z.object({ status: z.enum(['processing', 'done', 'rejected']).optional() }),
    );
    const { count, results } = await listWithdrawals(deps.db, { status }, limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.patch('/withdrawals/:id/', async (c) => {
    const id = parse(idSchema, c.req.param('id'));
    const { status } = await jsonBody(c, z.object({ status: z.enum(['done', 'rejected']) }));
    const r = await deps.db.transaction((tx) => decideWithdrawal({ db: tx, now: deps.now }, id, status));
    if (r.finances) await publishFinances(deps, r.userId, r.finances);
    return c.json(r.withdrawal);
  });

  // A storno refund: done, or rejected with the money back on the balance (one transaction with its ledger row).
  app.patch('/storno/:id/', async (c) => {
    const id = parse(idSchema, c.req.param('id'));
    const { status } = await jsonBody(c, z.object({ status: z.enum(['done', 'rejected']) }));
    const r = await deps.db.transaction((tx) => decideStorno({ db: tx, now: deps.now }, id, status));
    if (r.finances) await publishFinances(deps, r.userId, r.finances);
    return c.json(r.refund);
  });

  app.get('/refund-claims/', async (c) => {
    const q = pageQuery(c);
    const { status } = queryParams(
      c,
      z.object({ status: z.enum(['new', 'approved', 'rejected']).optional() }),
    );
    const { count, results } = await listClaims(deps.db, { status }, limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.patch('/refund-claims/:id/', async (c) => {
    const id = parse(idSchema, c.req.param('id'));
    const { status } = await jsonBody(c, z.object({ status: z.enum(['approved', 'rejected']) }));
    return c.json(await decideClaim(deps.db, id, status));
  });

  app.patch('/verification/:email/:type/', async (c) => {
    const kind = VERIFICATION_KINDS.find((k) => k === c.req.param('type'));
    if (!kind) throw notFound();
    const body = await jsonBody(
      c,
      z.object({ status: z.enum(['unverified', 'verified']).default('unverified') }),
    );
    const userId = await userByEmail(decodeURIComponent(c.req.param('email')));
    await setVerification(deps, userId, kind, body.status);
    return c.json({ status: body.status });
  });

  return app;
}
