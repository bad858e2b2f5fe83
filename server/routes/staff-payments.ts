import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../env';
import { users } from '../db/tables';
import { badRequest, notFound } from '../domain/errors';
import { valid } from '../validate';
import { inAuditedTx, requireStaff } from '../middleware/staff';
import { moveMoney, publishFinances, type Tx } from '../domain/ledger';
import {
  CreditRequest,
  Decision,
  StaffClaimsQuery,
  StaffIdParams,
  StaffVerificationParams,
  StaffVerificationRequest,
  StaffWithdrawalsQuery,
  type Finances,
  type MoneyRequest,
  type Withdrawal,
} from '../../contract/payments.api';
import { decideWithdrawal, listWithdrawals } from '../domain/withdrawal';
import { decideClaim, decideStorno, listClaims } from '../domain/money-requests';
import { setVerification } from '../domain/verification';
import { knownVerificationKind, limitOffset, pageOf, verificationKind } from './payments';

const DoneOrRejected = Decision(['done', 'rejected']);

/** A rejected withdrawal or storno puts its amount back on the money balance: the audit row's before and after. */
const balanceMove = (finances: Finances | undefined, amount: number) =>
  finances ? { amountBefore: finances.money - amount, amountAfter: finances.money } : {};
const ApprovedOrRejected = Decision(['approved', 'rejected']);

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
  app.post('/payments/credit/', valid('json', CreditRequest), async (c) => {
    const body = c.req.valid('json');
    if (!body.money && !body.bonus) throw badRequest('Укажите money или bonus.');
    const userId = await userByEmail(body.email);
    const fin = await deps.db.transaction(async (tx: Tx) => {
      const d = { db: tx, now: deps.now };
      let f: Finances | undefined;
      if (body.money)
        f = await moveMoney(d, userId, 'money', body.money, 'topup', { note: 'Зачисление от сервиса' });
      if (body.bonus) f = await moveMoney(d, userId, 'bonus', body.bonus, 'bonus_grant');
      // Money before and after (the bonus, when only it moved); the other balance goes in the details.
      const moneyMoved = !!body.money;
      const after = moneyMoved ? f!.money : f!.bonus;
      await c.var.auditIn(tx, {
        customerId: userId,
        amountBefore: after - (moneyMoved ? body.money! : body.bonus!),
        amountAfter: after,
        details: { balance: moneyMoved ? 'money' : 'bonus', money: body.money ?? 0, bonus: body.bonus ?? 0 },
      });
      return f!;
    });
    await publishFinances(deps, userId, fin);
    return c.json(fin);
  });

  app.get('/withdrawals/', valid('query', StaffWithdrawalsQuery), async (c) => {
    const q = c.req.valid('query');
    const { count, results } = await listWithdrawals(deps.db, { status: q.status }, limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.patch('/withdrawals/:id/', valid('param', StaffIdParams), valid('json', DoneOrRejected), async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const r = await inAuditedTx(
      c,
      deps,
      (tx) => decideWithdrawal({ db: tx, now: deps.now }, id, status),
      (r) => ({
        customerId: r.userId,
        ...balanceMove(r.finances, r.withdrawal.amount),
        details: { withdrawal_id: id, status, amount: r.withdrawal.amount },
      }),
    );
    if (r.finances) await publishFinances(deps, r.userId, r.finances);
    return c.json(r.withdrawal satisfies Withdrawal);
  });

  // A storno refund: done, or rejected with the money back on the balance (one transaction with its ledger row).
  app.patch('/storno/:id/', valid('param', StaffIdParams), valid('json', DoneOrRejected), async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const r = await inAuditedTx(
      c,
      deps,
      (tx) => decideStorno({ db: tx, now: deps.now }, id, status),
      (r) => ({
        customerId: r.userId,
        ...balanceMove(r.finances, r.refund.amount),
        details: { storno_id: id, status, amount: r.refund.amount },
      }),
    );
    if (r.finances) await publishFinances(deps, r.userId, r.finances);
    return c.json(r.refund satisfies MoneyRequest);
  });

  app.get('/refund-claims/', valid('query', StaffClaimsQuery), async (c) => {
    const q = c.req.valid('query');
    const { count, results } = await listClaims(deps.db, { status: q.status }, limitOffset(q));
    return c.json(pageOf(c, q, count, results));
  });

  app.patch(
    '/refund-claims/:id/',
    valid('param', StaffIdParams),
    valid('json', ApprovedOrRejected),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      // The decision, its notice and its audit row in one transaction.
      const { claim } = await inAuditedTx(
        c,
        deps,
        (tx) => decideClaim(tx, id, status, deps.now),
        ({ claim, userId }) => ({
          customerId: userId,
          orderId: claim.order_id,
          details: { claim_id: id, status, amount: claim.amount },
        }),
      );
      return c.json(claim);
    },
  );

  app.patch(
    '/verification/:email/:type/',
    valid('param', StaffVerificationParams),
    knownVerificationKind,
    valid('json', StaffVerificationRequest),
    async (c) => {
      const params = c.req.valid('param');
      const kind = verificationKind(params.type);
      const body = c.req.valid('json');
      const userId = await userByEmail(decodeURIComponent(params.email));
      // Whether the customer may take money out: the change and its audit row in one transaction.
      await inAuditedTx(
        c,
        deps,
        (tx) => setVerification({ db: tx, now: deps.now }, userId, kind, body.status),
        () => ({ customerId: userId, details: { kind, status: body.status } }),
      );
      return c.json({ status: body.status });
    },
  );

  return app;
}
