import { queueNotification } from './notifications/events';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refundClaims, stornoRefunds, users, withdrawals } from '../db/tables';
import { conflict, notFound } from './errors';
import { moveMoney, type Tx } from './ledger';
import type { MoneyRequestStatus } from '../../contract/payments';
import type { Finances, MoneyRequest } from '../../contract/payments.api';

/** How many requests GET requests/ answers (newest first). */
export const MONEY_REQUESTS_LIMIT = 50;

const claimStatus = (s: 'new' | 'approved' | 'rejected'): MoneyRequestStatus =>
  s === 'new' ? 'processing' : s === 'approved' ? 'done' : 'rejected';

/** GET requests/: withdrawals, storno refunds and refund claims of the customer with their state, newest first. */
export async function listMoneyRequests(db: Db, userId: number): Promise<MoneyRequest[]> {
  const [w, st, cl] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(MONEY_REQUESTS_LIMIT),
    db
      .select()
      .from(stornoRefunds)
      .where(eq(stornoRefunds.userId, userId))
      .orderBy(desc(stornoRefunds.id))
      .limit(MONEY_REQUESTS_LIMIT),
    db
      .select()
      .from(refundClaims)
      .where(eq(refundClaims.userId, userId))
      .orderBy(desc(refundClaims.id))
      .limit(MONEY_REQUESTS_LIMIT),
  ]);
  const all: MoneyRequest[] = [
    ...w.map((r) => ({
      type: 'withdrawal' as const,
      id: r.id,
      amount: r.amount,
      status: r.status,
      order_id: null,
      created_at: r.createdAt.toISOString(),
    })),
    ...st.map((r) => ({
      type: 'storno' as const,
      id: r.id,
      amount: r.amount,
      status: r.status,
      order_id: null,
      created_at: r.createdAt.toISOString(),
    })),
    ...cl.map((r) => ({
      type: 'claim' as const,
      id: r.id,
      amount: r.amount,
      status: claimStatus(r.status),
      order_id: r.orderId,
      created_at: r.createdAt.toISOString(),
    })),
  ];
  return all
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .slice(0, MONEY_REQUESTS_LIMIT);
}

/**
 * Staff decision on a storno refund, once: processing → done, or → rejected with the money returned to the balance
 * (a ledger row of kind refund) in the caller's transaction.
 */
export async function decideStorno(
  deps: { db: Tx; now: () => Date },
  id: number,
  status: 'done' | 'rejected',
): Promise<{ refund: MoneyRequest; userId: number; finances?: Finances }> {
  const [row] = await deps.db
    .update(stornoRefunds)
    .set({ status })
    .where(and(eq(stornoRefunds.id, id), eq(stornoRefunds.status, 'processing')))
    .returning();
  if (!row) {
    const [exists] = await deps.db
      .select({ id: stornoRefunds.id })
      .from(stornoRefunds)
      .where(eq(stornoRefunds.id, id));
    throw exists ? conflict('Возврат уже обработан.') : notFound('Возврат не найден.');
  }
  const refund: MoneyRequest = {
    type: 'storno',
    id: row.id,
    amount: row.amount,
    status: row.status,
    order_id: null,
    created_at: row.createdAt.toISOString(),
  };
  await queueNotification(
    deps,
    { kind: 'money_decided', userId: row.userId, data: { request: 'storno', status, amount: row.amount } },
    `storno:${row.id}`,
  );
  if (status === 'done') return { refund, userId: row.userId };
  const finances = await moveMoney(deps, row.userId, 'money', row.amount, 'refund', {
    refundId: row.id,
    paymentId: row.paymentId,
    note: 'Возврат на карту отклонён',
  });
  return { refund, userId: row.userId, finances };
}

/** Staff list of refund claims, newest first. */
export async function listClaims(
  db: Db,
  filter: { status?: 'new' | 'approved' | 'rejected' | undefined },
  page: { limit: number; offset: number },
) {
  const cond = filter.status ? eq(refundClaims.status, filter.status) : undefined;
  const [total] = await db.select({ n: count() }).from(refundClaims).where(cond);
  const rows = await db
    .select({ c: refundClaims, email: users.email })
    .from(refundClaims)
    .innerJoin(users, eq(users.id, refundClaims.userId))
    .where(cond)
    .orderBy(desc(refundClaims.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ c, email }) => ({
      id: c.id,
      user_id: c.userId,
      email,
      order_id: c.orderId,
      amount: c.amount,
      reason: c.reason,
      recipient: c.recipient,
      status: c.status,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

/** Staff decision on a refund claim, once: new → approved or rejected. The claim took no money, so none moves. */
export async function decideClaim(
  db: Db | Tx,
  id: number,
  status: 'approved' | 'rejected',
  now: () => Date = () => new Date(),
) {
  const [row] = await db
    .update(refundClaims)
    .set({ status })
    .where(and(eq(refundClaims.id, id), eq(refundClaims.status, 'new')))
    .returning();
  if (!row) {
    const [exists] = await db
      .select({ id: refundClaims.id })
      .from(refundClaims)
      .where(eq(refundClaims.id, id));
    throw exists ? conflict('Заявка уже обработана.') : notFound('Заявка не найдена.');
  }
  // Not in one transaction with the decision when the caller gives none: a lost notice, never a double one.
  await queueNotification(
    { db, now },
    {
      kind: 'money_decided',
      userId: row.userId,
      orderId: row.orderId ?? undefined,
      data: { request: 'claim', status, amount: row.amount },
    },
    `claim:${row.id}`,
  );
  const claim = {
    id: row.id,
    order_id: row.orderId,
    amount: row.amount,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
  return { claim, userId: row.userId };
}
