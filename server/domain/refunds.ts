import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, payments, refundClaims, stornoRefunds } from '../db/tables';
import { badRequest, fieldErrors, notFound } from './errors';
import { lockAccount, moveMoney, type Tx } from './ledger';
import { assertVerified } from './verification';
import { enqueue } from '../jobs/runner';
import { REFUND_JOB } from '../delivery/yookassa-provider';
import type * as z from 'zod/mini';
import { WITHDRAWAL_MIN_SUM, type PaymentMethodId } from '../../contract/payments';
import type {
  Finances,
  RefundClaim,
  RefundClaimRequest,
  RefundCountry,
  RefundExtra,
  RefundStornoRow,
  StornoRequest,
  StornoResponse,
} from '../../contract/payments.api';

/** Card and SBP payments can be returned to where they came from; installments (a loan) cannot. */
const STORNO_METHODS: PaymentMethodId[] = ['card', 'sbp'];

export const REFUND_COUNTRIES: RefundCountry[] = [
  { code: 'RU', title: 'Россия' },
  { code: 'BY', title: 'Беларусь' },
  { code: 'KZ', title: 'Казахстан' },
  { code: 'AM', title: 'Армения' },
  { code: 'KG', title: 'Киргизия' },
  { code: 'UZ', title: 'Узбекистан' },
  { code: 'TJ', title: 'Таджикистан' },
  { code: 'AZ', title: 'Азербайджан' },
  { code: 'GE', title: 'Грузия' },
  { code: 'MD', title: 'Молдова' },
];

export const REFUND_EXTRA: RefundExtra = {
  processing_text: 'Возврат на карту занимает от 3 до 10 рабочих дней, в зависимости от банка.',
  min_refund_sum: 1,
  min_withdrawal_sum: WITHDRAWAL_MIN_SUM,
  fee_percent: 0,
};

async function candidates(db: Db | Tx, userId: number, payIds?: number[], lock = false) {
  const where = and(
    eq(payments.userId, userId),
    eq(payments.status, 'paid'),
    inArray(payments.method, STORNO_METHODS),
    payIds ? inArray(payments.id, payIds) : undefined,
  );
  const q = db
    .select({
      id: payments.id,
      method: payments.method,
      amount: payments.amount,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(where)
    .orderBy(desc(payments.id));
  const rows = lock ? await q.for('update') : await q;
  if (rows.length === 0) return [];
  // Summed after locking (an aggregate cannot be selected FOR UPDATE).
  const sums = await db
    .select({ paymentId: stornoRefunds.paymentId, total: sql<string>`sum(${stornoRefunds.amount})` })
    .from(stornoRefunds)
    .where(
      and(
        inArray(
          stornoRefunds.paymentId,
          rows.map((r) => r.id),
        ),
        // A rejected return gave the money back to the balance: the payment can be returned again.
        ne(stornoRefunds.status, 'rejected'),
      ),
    )
    .groupBy(stornoRefunds.paymentId);
  const back = new Map(sums.map((s) => [s.paymentId, Number(s.total)]));
  return rows.map((r) => ({ ...r, left: r.amount - (back.get(r.id) ?? 0) })).filter((r) => r.left > 0);
}

/** GET refund-storno/: the customer's card payments that still have something to return. */
export async function listStorno(db: Db, userId: number): Promise<RefundStornoRow[]> {
  const rows = await candidates(db, userId);
  return rows.map((r) => ({
    pay_id: r.id,
    checked: false,
    refund_mode: 'storno',
    payment_method: r.method,
    amount: r.left,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * POST refund-storno/: returns `refundSum` from the money balance to the cards of the chosen payments (newest
 * first). Locks the account, then the payments, so two concurrent requests cannot return the same payment twice.
 */
export async function createStorno(
  deps: { db: Tx; now: () => Date },
  userId: number,
  input: z.output<typeof StornoRequest>,
): Promise<{ refunds: StornoResponse['refunds']; finances: Finances }> {
  await assertVerified(deps, userId, 'repayment');
  const fin = await lockAccount(deps.db, userId);
  if (input.refund_sum > fin.money) throw badRequest('Недостаточно средств.');
  const rows = await candidates(deps.db, userId, input.pay_ids, true);
  if (input.pay_ids && rows.length !== new Set(input.pay_ids).size)
    throw fieldErrors({ pay_ids: ['Эти платежи нельзя вернуть на карту.'] });
  const available = rows.reduce((s, r) => s + r.left, 0);
  if (input.refund_sum > available)
    throw fieldErrors({ refund_sum: [`На карту можно вернуть не больше ${available} ₽.`] });
  let left = input.refund_sum;
  let finances = fin;
  const refunds = [];
  for (const r of rows) {
    if (left === 0) break;
    const amount = Math.min(left, r.left);
    left -= amount;
    const [refund] = await deps.db
      .insert(stornoRefunds)
      .values({ userId, paymentId: r.id, amount, createdAt: deps.now() })
      .returning();
    if (!refund) throw new Error('storno insert returned nothing');
    // Sent to the acquirer after commit by its job (a YooKassa refund; the sandbox leaves it to staff).
    await enqueue(deps, { name: REFUND_JOB, key: `storno:${refund.id}`, payload: { id: refund.id } });
    finances = await moveMoney(deps, userId, 'money', -amount, 'storno', {
      paymentId: r.id,
      refundId: refund.id,
    });
    refunds.push({ id: refund.id, pay_id: r.id, amount, status: refund.status });
  }
  return { refunds, finances };
}

/** POST refund-claim/: a claim for an order's money (status new); a manager decides, nothing moves now. */
export async function createClaim(
  deps: { db: Tx; now: () => Date },
  userId: number,
  input: z.output<typeof RefundClaimRequest>,
): Promise<RefundClaim> {
  await assertVerified(deps, userId, 'repayment');
  const [order] = await deps.db
    .select({ id: orders.id, paid: orders.paid })
    .from(orders)
    .where(and(eq(orders.id, input.order_id), eq(orders.userId, userId)));
  if (!order) throw notFound('Заказ не найден.');
  if (input.amount > order.paid) throw fieldErrors({ amount: [`По заказу оплачено ${order.paid} ₽.`] });
  if (!REFUND_COUNTRIES.some((c) => c.code === input.recipient.country))
    throw fieldErrors({ 'recipient.country': ['Выберите страну из списка.'] });
  const recipient = Object.fromEntries(
    Object.entries(input.recipient).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const [claim] = await deps.db
    .insert(refundClaims)
    .values({
      userId,
      orderId: order.id,
      reason: input.reason,
      amount: input.amount,
      recipient,
      createdAt: deps.now(),
    })
    .returning();
  if (!claim) throw new Error('claim insert returned nothing');
  return {
    id: claim.id,
    order_id: claim.orderId,
    amount: claim.amount,
    reason: claim.reason,
    status: claim.status,
    created_at: claim.createdAt.toISOString(),
  };
}
