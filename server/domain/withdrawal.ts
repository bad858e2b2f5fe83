import { queueNotification } from './notifications/events';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, withdrawals } from '../db/tables';
import { conflict, notFound } from './errors';
import { moveMoney, type Tx } from './ledger';
import { assertVerified } from './verification';
import type * as z from 'zod/mini';
import type { Finances, Withdrawal, WithdrawalRequest } from '../../contract/payments.api';

type Row = typeof withdrawals.$inferSelect;

export const withdrawalView = (w: Row): Withdrawal => ({
  id: w.id,
  amount: w.amount,
  method: w.method,
  status: w.status,
  created_at: w.createdAt.toISOString(),
});

/**
 * POST repayment/: a withdrawal request (status processing) and its debit, in the caller's transaction. The debit
 * is one conditional UPDATE (money + (−amount) ≥ 0): of 50 concurrent requests on 1000 ₽, exactly 10 × 100 pass.
 * Bonus is never withdrawable: only the money balance is touched.
 */
export async function createWithdrawal(
  deps: { db: Tx; now: () => Date },
  userId: number,
  input: z.output<typeof WithdrawalRequest>,
): Promise<{ withdrawal: Withdrawal; finances: Finances }> {
  await assertVerified(deps, userId, 'repayment');
  const now = deps.now();
  const requisites = Object.fromEntries(
    Object.entries(input.requisites).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const [row] = await deps.db
    .insert(withdrawals)
    .values({
      userId,
      amount: input.amount,
      method: input.method,
      requisites,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  const finances = await moveMoney(deps, userId, 'money', -input.amount, 'withdrawal', {
    withdrawalId: row.id,
  });
  return { withdrawal: withdrawalView(row), finances };
}

/** Staff list, newest first. */
export async function listWithdrawals(
  db: Db,
  filter: { status?: Row['status'] | undefined },
  page: { limit: number; offset: number },
) {
  const cond = filter.status ? eq(withdrawals.status, filter.status) : undefined;
  const [total] = await db.select({ n: count() }).from(withdrawals).where(cond);
  const rows = await db
    .select({ w: withdrawals, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(cond)
    .orderBy(desc(withdrawals.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ w, email }) => ({
      ...withdrawalView(w),
      email,
      user_id: w.userId,
      requisites: w.requisites,
    })),
  };
}

/** Staff decision, once: processing → done, or → rejected with the money returned (a ledger row of kind refund). */
export async function decideWithdrawal(
  deps: { db: Tx; now: () => Date },
  id: number,
  status: 'done' | 'rejected',
): Promise<{ withdrawal: Withdrawal; userId: number; finances?: Finances }> {
  const [row] = await deps.db
    .update(withdrawals)
    .set({ status, updatedAt: deps.now() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'processing')))
    .returning();
  if (!row) {
    const [exists] = await deps.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    throw exists ? conflict('Заявка уже обработана.') : notFound('Заявка не найдена.');
  }
  await queueNotification(
    deps,
    {
      kind: 'money_decided',
      userId: row.userId,
      data: { request: 'withdrawal', status, amount: row.amount },
    },
    `withdrawal:${row.id}`,
  );
  if (status === 'done') return { withdrawal: withdrawalView(row), userId: row.userId };
  const finances = await moveMoney(deps, row.userId, 'money', row.amount, 'refund', {
    withdrawalId: row.id,
    note: 'Вывод средств отклонён',
  });
  return { withdrawal: withdrawalView(row), userId: row.userId, finances };
}
