import { and, eq, gt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../env';
import { orders, payments, withdrawals } from '../tables';
import { moveMoney, type Tx } from '../../domain/ledger';
import type { PaymentMethodId } from '../../../contract/payments';

const DAY = 24 * 60 * 60_000;

/**
 * Demo money of the demo customer: money 2 450 ₽, bonus 700 ₽, a few months of top-ups, payments, bonuses and one
 * finished withdrawal; the repayment verification is left unverified (the withdraw guard shows its flow).
 * Every balance is built through the ledger, so balance = ledger sum holds for the demo too.
 */
export async function seedPayments(deps: Deps, userId: number): Promise<void> {
  const base = deps.now().getTime();
  const at = (daysAgo: number) => new Date(base - daysAgo * DAY);
  await deps.db.transaction(async (tx) => {
    const on = (daysAgo: number) => ({ db: tx, now: () => at(daysAgo) });
    const topup = async (daysAgo: number, amount: number, method: PaymentMethodId) => {
      const paymentId = await paidPayment(tx, userId, { amount, method, at: at(daysAgo), purpose: 'topup' });
      await moveMoney(on(daysAgo), userId, 'money', amount, 'topup', { paymentId });
    };
    await moveMoney(on(120), userId, 'bonus', 500, 'bonus_grant', { note: 'Бонус за регистрацию' });
    await topup(100, 5000, 'card');
    await moveMoney(on(99), userId, 'money', -4000, 'order_payment', {
      note: 'Оплата заказа (дипломная работа)',
    });
    await topup(70, 2000, 'sbp');
    await moveMoney(on(69), userId, 'bonus', -100, 'bonus_spend', { note: 'Оплата бонусами (реферат)' });
    await moveMoney(on(69), userId, 'money', -1500, 'order_payment', { note: 'Оплата заказа (реферат)' });
    await moveMoney(on(45), userId, 'bonus', 300, 'bonus_grant', { note: 'Бонус за отзыв' });
    await topup(30, 1450, 'card');
    const [w] = await tx
      .insert(withdrawals)
      .values({
        userId,
        amount: 500,
        method: 'card',
        requisites: { card_number: '4111111111111111' },
        status: 'done',
        createdAt: at(20),
        updatedAt: at(18),
      })
      .returning({ id: withdrawals.id });
    await moveMoney(on(20), userId, 'money', -500, 'withdrawal', { withdrawalId: w!.id });
  });
}

async function paidPayment(
  tx: Tx,
  userId: number,
  p: { amount: number; method: PaymentMethodId; at: Date; purpose: 'topup' | 'order'; orderId?: number },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      userId,
      purpose: p.purpose,
      method: p.method,
      amount: p.amount,
      status: 'paid',
      providerPaymentId: randomUUID(),
      orderId: p.orderId ?? null,
      description: p.orderId ? `Оплата заказа №${p.orderId}` : 'Пополнение баланса',
      back: p.orderId ? `/order/${p.orderId}/pay` : '/payments/replenish',
      createdAt: p.at,
      completedAt: p.at,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/**
 * Call AFTER seedOrders: the demo orders that are (partly) paid get the card payment behind their `paid` sum in the
 * history (through the wallet: +paid then −paid, so the balances do not change).
 */
export async function seedOrderPayments(deps: Deps, userId: number): Promise<void> {
  const paid = await deps.db
    .select({ id: orders.id, paid: orders.paid, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.paid, 0)))
    .orderBy(orders.id);
  if (paid.length === 0) return;
  await deps.db.transaction(async (tx) => {
    for (const o of paid) {
      const when = new Date(Math.min(o.createdAt.getTime() + 60 * 60_000, deps.now().getTime()));
      const on = { db: tx, now: () => when };
      const paymentId = await paidPayment(tx, userId, {
        amount: o.paid,
        method: 'card',
        at: when,
        purpose: 'order',
        orderId: o.id,
      });
      await moveMoney(on, userId, 'money', o.paid, 'topup', { paymentId });
      await moveMoney(on, userId, 'money', -o.paid, 'order_payment', { paymentId, orderId: o.id });
    }
  });
}
