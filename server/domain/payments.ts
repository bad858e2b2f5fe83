import { queueNotification } from './notifications/events';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import {
  idempotencyKeys,
  ledgerEntries,
  orders,
  packetOrders,
  packets,
  payments,
  users,
  type PaymentPlan,
} from '../db/tables';
import { yookassaProvider } from '../delivery/yookassa-provider';
import { badRequest, fieldErrors, notFound, upstreamFailed } from './errors';
import { lockAccount, moveMoney, publishFinances, type Tx } from './ledger';
import { applyOrderPayment } from './orders/commands';
import { publishEvents, type PendingEvent } from '../realtime/order-events';
import { sandboxProvider, type PaymentOutcome, type PaymentProvider } from './payment-provider';
import { ORDER_STATUSES } from '../../contract/order-status';
import type * as z from 'zod/mini';
import { BONUS_SHARE_LIMIT, INSTALLMENT_MIN_SUM } from '../../contract/payments';
import type { Finances, PayRequest, PayResponse } from '../../contract/payments.api';

/** Feature flag of the installments method (spec 5); INSTALLMENTS_ENABLED=0 switches it off. Tests may flip it. */
export const paymentSettings = { installmentsEnabled: process.env.INSTALLMENTS_ENABLED !== '0' };

export const PAY_MESSAGES = {
  orderNotFound: 'Заказ не найден.',
  packetNotFound: 'Пакет не найден.',
  notAwaiting: 'Заказ не ожидает оплаты.',
  packetEmpty: 'В пакете нет заказов, ожидающих оплаты.',
  balanceShort: 'Недостаточно средств на балансе.',
  installments: `Рассрочка доступна для суммы от ${INSTALLMENT_MIN_SUM} ₽.`,
  installmentsOff: 'Рассрочка сейчас недоступна.',
  topupMethod: 'Пополнить баланс можно картой или через СБП.',
} as const;

export interface PayableOrder {
  id: number;
  price: number;
  paid: number;
  /** Bonus already spent on this order (net of returns). */
  bonusUsed: number;
}
export interface Share {
  orderId: number;
  due: number;
  bonus: number;
  money: number;
  /** Charged by the provider; lands on the money balance first, then goes to the order. */
  external: number;
}

export const bonusCap = (price: number) => Math.floor(price * BONUS_SHARE_LIMIT);

/**
 * Splits what the orders still owe between bonus (≤ 30 % of each price over all its payments), the money balance
 * and the provider. Pure: the caller has locked the account and the orders, so the figures hold until commit.
 */
export function planShares(
  list: PayableOrder[],
  balance: Finances,
  opts: { useMoney: boolean; useBonus: boolean },
): { shares: Share[]; external: number; total: number } {
  let bonusLeft = opts.useBonus ? balance.bonus : 0;
  let moneyLeft = opts.useMoney ? balance.money : 0;
  const shares = list.map((o) => {
    const due = Math.max(0, o.price - o.paid);
    const bonus = Math.min(due, Math.max(0, bonusCap(o.price) - o.bonusUsed), bonusLeft);
    bonusLeft -= bonus;
    const money = Math.min(due - bonus, moneyLeft);
    moneyLeft -= money;
    return { orderId: o.id, due, bonus, money, external: due - bonus - money };
  });
  return {
    shares,
    external: shares.reduce((s, x) => s + x.external, 0),
    total: shares.reduce((s, x) => s + x.due, 0),
  };
}

type OrderRow = {
  id: number;
  userId: number;
  price: number;
  paid: number;
  statusId: number;
  isTrash: boolean;
};
const isPayable = (o: OrderRow) =>
  o.statusId === ORDER_STATUSES.awaitingPayment.id && !o.isTrash && o.price > o.paid;

/** Locks the customer's orders (ascending id, after the account: the one lock order) and adds bonus already used. */
async function lockOrders(
  tx: Tx,
  userId: number,
  ids: number[],
): Promise<(OrderRow & { bonusUsed: number })[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      price: orders.price,
      paid: orders.paid,
      statusId: orders.statusId,
      isTrash: orders.isTrash,
    })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.userId, userId)))
    .orderBy(orders.id)
    .for('update');
  const used = await tx
    .select({ orderId: ledgerEntries.orderId, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.orderId, ids), eq(ledgerEntries.account, 'bonus')))
    .groupBy(ledgerEntries.orderId);
  const usedBy = new Map(used.map((u) => [u.orderId, -Number(u.total)]));
  return rows.map((r) => ({ ...r, bonusUsed: usedBy.get(r.id) ?? 0 }));
}

export interface MoneyEffects {
  userId: number;
  finances?: Finances;
  /** order.changed events of the orders this payment paid (published after commit). */
  events: PendingEvent[];
}

/**
 * Debits the planned shares from the locked account into the locked orders. Limits are taken again from the rows
 * as they are now (an order paid or cancelled meanwhile takes nothing; what is not used stays on the balance).
 */
async function applyShares(
  deps: { db: Tx; now: () => Date },
  userId: number,
  plan: PaymentPlan,
  refs: { packetId: number | null; paymentId: number | null },
  fin: Finances,
): Promise<MoneyEffects> {
  const locked = await lockOrders(
    deps.db,
    userId,
    plan.orders.map((s) => s.orderId),
  );
  const byId = new Map(locked.map((o) => [o.id, o]));
  const kind = refs.packetId ? 'packet_payment' : 'order_payment';
  const events: PendingEvent[] = [];
  for (const share of plan.orders) {
    const o = byId.get(share.orderId);
    if (!o || !isPayable(o)) continue;
    const due = o.price - o.paid;
    const bonus = Math.min(share.bonus, fin.bonus, due, Math.max(0, bonusCap(o.price) - o.bonusUsed));
    const money = Math.min(share.money, fin.money, due - bonus);
    const ledgerRefs = { ...refs, orderId: o.id };
    if (bonus > 0) fin = await moveMoney(deps, userId, 'bonus', -bonus, 'bonus_spend', ledgerRefs);
    if (money > 0) fin = await moveMoney(deps, userId, 'money', -money, kind, ledgerRefs);
    if (bonus + money > 0) {
      const applied = await applyOrderPayment(deps.db, o.id, bonus + money, deps.now());
      events.push(applied.event);
    }
  }
  return { userId, finances: fin, events };
}

/** POST pay/ as the contract's schema has parsed it. */
export type PayInput = z.output<typeof PayRequest>;

/** The acquirer the settings choose (docs/deliveries.md). */
export function providerOf(deps: Deps): PaymentProvider {
  const settle = (id: string, outcome: PaymentOutcome) => settlePayment(deps, id, outcome);
  const settings = deps.config.delivery.payments;
  return settings.driver === 'yookassa' ? yookassaProvider(deps, settings, settle) : sandboxProvider(settle);
}

/** POST pay/: pays at once from the balances, or creates a provider payment for what they do not cover. */
export async function createPay(
  deps: Deps,
  tx: Tx,
  userId: number,
  input: PayInput,
): Promise<{ body: PayResponse; effects: MoneyEffects }> {
  const txDeps = { db: tx, now: deps.now };
  const fin = await lockAccount(tx, userId);
  let plan: ReturnType<typeof planShares>;
  let packetId: number | null = null;
  let description: string;
  let back: string;
  if (input.purpose === 'topup') {
    if (input.amount === undefined) throw fieldErrors({ amount: ['Укажите сумму пополнения.'] });
    if (input.method !== 'card' && input.method !== 'sbp') throw badRequest(PAY_MESSAGES.topupMethod);
    plan = { shares: [], external: input.amount, total: input.amount };
    description = 'Пополнение баланса';
    back = '/payments/replenish';
  } else {
    let ids: number[];
    if (input.purpose === 'order') {
      if (input.order_id === undefined) throw fieldErrors({ order_id: ['Укажите заказ.'] });
      ids = [input.order_id];
      description = `Оплата заказа №${input.order_id}`;
      back = `/order/${input.order_id}/pay`;
    } else {
      if (input.packet_id === undefined) throw fieldErrors({ packet_id: ['Укажите пакет.'] });
      const [packet] = await tx
        .select({ id: packets.id })
        .from(packets)
        .where(and(eq(packets.id, input.packet_id), eq(packets.userId, userId)));
      if (!packet) throw notFound(PAY_MESSAGES.packetNotFound);
      packetId = packet.id;
      const members = await tx
        .select({ orderId: packetOrders.orderId })
        .from(packetOrders)
        .where(eq(packetOrders.packetId, packet.id));
      ids = members.map((m) => m.orderId).sort((a, b) => a - b);
      description = `Оплата пакета заказов №${packet.id}`;
      back = `/pay-packet/${packet.id}`;
    }
    const locked = await lockOrders(tx, userId, ids);
    if (input.purpose === 'order' && locked.length === 0) throw notFound(PAY_MESSAGES.orderNotFound);
    const payable = locked.filter(isPayable);
    if (payable.length === 0)
      throw badRequest(input.purpose === 'order' ? PAY_MESSAGES.notAwaiting : PAY_MESSAGES.packetEmpty);
    plan = planShares(payable, fin, {
      useMoney: input.method === 'balance' || input.use_money === true,
      useBonus: input.use_bonus === true,
    });
  }
  back = input.back ?? back;

  if (input.method === 'balance' && plan.external > 0) throw badRequest(PAY_MESSAGES.balanceShort);
  if (input.method === 'installments' && plan.external > 0) {
    if (input.purpose === 'topup') throw badRequest(PAY_MESSAGES.topupMethod);
    if (!paymentSettings.installmentsEnabled) throw badRequest(PAY_MESSAGES.installmentsOff);
    if (plan.external < INSTALLMENT_MIN_SUM) throw badRequest(PAY_MESSAGES.installments);
  }

  const stored: PaymentPlan = {
    orders: plan.shares.map((s) => ({ orderId: s.orderId, bonus: s.bonus, money: s.money + s.external })),
  };
  if (plan.external === 0) {
    const effects = await applyShares(txDeps, userId, stored, { packetId, paymentId: null }, fin);
    const f = effects.finances ?? fin;
    return { body: { status: 'paid', payment_id: null, money: f.money, bonus: f.bonus }, effects };
  }

  const provider = providerOf(deps);
  // Only the row here, in the request's transaction: the provider is asked after commit (askProvider), so no
  // outside call ever holds this transaction's locks. Its own id replaces the placeholder then.
  const [payment] = await tx
    .insert(payments)
    .values({
      userId,
      purpose: input.purpose,
      method: input.method,
      amount: plan.external,
      provider: provider.name,
      providerPaymentId: `${NOT_YET_CREATED}${randomUUID()}`,
      orderId: input.purpose === 'order' ? (input.order_id ?? null) : null,
      packetId,
      plan: stored,
      description,
      back,
      createdAt: deps.now(),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned nothing');
  return {
    // No redirect_url yet: the stored answer says "the provider is still to be asked" (askProvider fills it in).
    body: { status: 'redirect', payment_id: payment.id, redirect_url: '', amount: plan.external },
    effects: { userId, events: [] },
  };
}

/** The placeholder provider id of a payment the provider has not been asked about yet. */
export const NOT_YET_CREATED = 'creating:';

export const PROVIDER_DOWN = 'Платёжный сервис не ответил. Попробуйте ещё раз через минуту.';

/**
 * Second half of POST pay/, after the request's transaction has committed: registers the pending payment with the
 * provider (outside any transaction; YooKassa may take seconds) and records its id and the redirect in a short
 * transaction of its own, in the payment row and in the stored answer of the customer's Idempotency-Key. A retry
 * with that key replays the stored answer and, if the provider is still to be asked, asks it again with the same
 * provider idempotency key (made of our payment's id), so every retry converges on the one payment.
 * When the provider fails, nothing was charged: the payment is marked failed, the key forgotten (a retry starts
 * afresh) and the customer gets 502 with a plain message.
 */
export async function askProvider(
  deps: Deps,
  userId: number,
  key: string,
  body: PayResponse,
): Promise<PayResponse> {
  if (body.status !== 'redirect' || body.redirect_url) return body;
  const paymentId = body.payment_id;
  const [row] = await deps.db
    .select({ payment: payments, email: users.email, phone: users.phone })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  const still = and(
    eq(payments.id, paymentId),
    eq(payments.status, 'pending'),
    like(payments.providerPaymentId, `${NOT_YET_CREATED}%`),
  );
  const forgetKey = (tx: Tx) =>
    tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.payment.status !== 'pending') {
    await deps.db.transaction(forgetKey);
    throw upstreamFailed(PROVIDER_DOWN);
  }
  const p = row.payment;
  let created: { id: string; redirectUrl: string };
  try {
    created = await providerOf(deps).createPayment({
      amount: p.amount,
      description: p.description,
      returnUrl: `/payment?back=${encodeURIComponent(p.back)}`,
      paymentId: p.id,
      key: `${userId}:${key}:${p.id}`,
      method: p.method,
      customer: { email: row.email, phone: row.phone },
    });
  } catch (err) {
    await deps.db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed', completedAt: deps.now() }).where(still);
      await forgetKey(tx);
    });
    throw upstreamFailed(PROVIDER_DOWN, err);
  }
  const done: PayResponse = { ...body, redirect_url: created.redirectUrl };
  const recorded = await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({ providerPaymentId: created.id })
      .where(still)
      .returning({ id: payments.id });
    if (!moved) return false;
    await tx
      .update(idempotencyKeys)
      .set({ responseBody: JSON.stringify(done) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return true;
  });
  if (recorded) return done;
  // A concurrent retry of the same request recorded it first: its answer is the one.
  const [stored] = await deps.db
    .select({ body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  const answer = stored?.body ? (JSON.parse(stored.body) as PayResponse) : undefined;
  if (answer?.status === 'redirect' && answer.redirect_url) return answer;
  throw upstreamFailed(PROVIDER_DOWN);
}

/**
 * The provider's outcome, applied once: the status flips pending → paid|failed through a conditional UPDATE, so a
 * second completion (a retried webhook, a double click) finds nothing to flip and does nothing. On success, in the
 * same transaction, the charged sum tops the money balance up and the planned shares go to the orders.
 */
export async function settlePayment(deps: Deps, providerPaymentId: string, outcome: PaymentOutcome) {
  const effects = await deps.db.transaction(async (tx): Promise<MoneyEffects | null> => {
    const [payment] = await tx
      .update(payments)
      .set({ status: outcome === 'success' ? 'paid' : 'failed', completedAt: deps.now() })
      .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.status, 'pending')))
      .returning();
    if (!payment || outcome === 'fail') return null;
    const txDeps = { db: tx, now: deps.now };
    const paidOrders = payment.plan.orders;
    await queueNotification(
      txDeps,
      {
        kind: 'payment_received',
        userId: payment.userId,
        orderId: paidOrders.length === 1 ? paidOrders[0]!.orderId : undefined,
        data: { amount: payment.amount },
      },
      String(payment.id),
    );
    await lockAccount(tx, payment.userId);
    const fin = await moveMoney(txDeps, payment.userId, 'money', payment.amount, 'topup', {
      paymentId: payment.id,
      packetId: payment.packetId,
    });
    if (payment.plan.orders.length === 0) return { userId: payment.userId, finances: fin, events: [] };
    return applyShares(
      txDeps,
      payment.userId,
      payment.plan,
      { packetId: payment.packetId, paymentId: payment.id },
      fin,
    );
  });
  if (effects) await publishEffects(deps, effects);
}

export async function publishEffects(deps: Pick<Deps, 'realtime'>, effects: MoneyEffects): Promise<void> {
  if (effects.finances) await publishFinances(deps, effects.userId, effects.finances);
  await publishEvents(deps, effects.events);
}
