import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Deps } from '../env';
import { accounts, ledgerEntries } from '../db/tables';
import { badRequest } from './errors';
import type { LedgerKind, MoneyAccount } from '../../contract/payments';
import type { Finances } from '../../contract/payments.api';

/** An open transaction (or the database itself for single statements). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const INSUFFICIENT_FUNDS = 'Недостаточно средств.';

export interface LedgerRefs {
  paymentId?: number | null;
  orderId?: number | null;
  packetId?: number | null;
  withdrawalId?: number | null;
  refundId?: number | null;
  note?: string;
}

/** Creates the customer's account row (both balances 0) when it is missing. */
export async function ensureAccount(tx: DbOrTx, userId: number): Promise<void> {
  await tx.insert(accounts).values({ userId }).onConflictDoNothing();
}

/**
 * Locks the account row for the rest of the transaction (SELECT … FOR UPDATE) and returns the balances.
 * Multi-step money moves lock the account FIRST, then orders: one lock order everywhere, so no deadlocks.
 */
export async function lockAccount(tx: Tx, userId: number): Promise<Finances> {
  await ensureAccount(tx, userId);
  const [row] = await tx
    .select({ money: accounts.money, bonus: accounts.bonus })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .for('update');
  if (!row) throw new Error('account row missing after insert');
  return row;
}

/**
 * Moves `amount` (signed) on one balance and writes its ledger row, in the caller's transaction. The balance
 * changes through ONE conditional UPDATE (… WHERE balance + amount >= 0 RETURNING), which PostgreSQL re-checks
 * on the latest row version after waiting for a concurrent writer; so two debits can never both pass on the
 * same money, with or without an earlier lock. Throws 400 'Недостаточно средств.' when the balance is short.
 */
export async function moveMoney(
  deps: { db: Tx; now: () => Date },
  userId: number,
  account: MoneyAccount,
  amount: number,
  kind: LedgerKind,
  refs: LedgerRefs = {},
): Promise<Finances> {
  if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`bad ledger amount ${amount}`);
  if (amount > 0) await ensureAccount(deps.db, userId);
  const column = account === 'money' ? accounts.money : accounts.bonus;
  const [row] = await deps.db
    .update(accounts)
    .set(
      account === 'money'
        ? { money: sql`${accounts.money} + ${amount}` }
        : { bonus: sql`${accounts.bonus} + ${amount}` },
    )
    .where(and(eq(accounts.userId, userId), sql`${column} + ${amount} >= 0`))
    .returning({ money: accounts.money, bonus: accounts.bonus });
  if (!row) throw badRequest(INSUFFICIENT_FUNDS);
  await deps.db.insert(ledgerEntries).values({
    userId,
    account,
    amount,
    kind,
    paymentId: refs.paymentId ?? null,
    orderId: refs.orderId ?? null,
    packetId: refs.packetId ?? null,
    withdrawalId: refs.withdrawalId ?? null,
    refundId: refs.refundId ?? null,
    note: refs.note ?? '',
    createdAt: deps.now(),
  });
  return row;
}

export async function getFinances(db: DbOrTx, userId: number): Promise<Finances> {
  const [row] = await db
    .select({ money: accounts.money, bonus: accounts.bonus })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row ?? { money: 0, bonus: 0 };
}

/** Sums of the ledger per balance: equal to the account row at every commit (tests assert it). */
export async function ledgerSums(db: DbOrTx, userId: number): Promise<Finances> {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.account);
  const out = { money: 0, bonus: 0 };
  for (const r of rows) out[r.account] = Number(r.total);
  return out;
}

/** Tells the customer's open tabs the new balances; call AFTER the transaction has committed. */
export async function publishFinances(
  deps: Pick<Deps, 'realtime'>,
  userId: number,
  f: Finances,
): Promise<void> {
  await deps.realtime.publish(userId, { type: 'finances', money: f.money, bonus: f.bonus });
}
