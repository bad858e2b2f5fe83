import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './orders';
import type {
  LedgerKind,
  MoneyAccount,
  PaymentMethodId,
  PaymentPurpose,
  VerificationKind,
} from '../../../contract/payments';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The two balances of a customer. Changed only together with a ledger row (server/domain/ledger.ts). */
export const accounts = pgTable(
  'accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    money: integer('money').notNull().default(0),
    bonus: integer('bonus').notNull().default(0),
  },
  (t) => [
    check('accounts_money_nonneg', sql`${t.money} >= 0`),
    check('accounts_bonus_nonneg', sql`${t.bonus} >= 0`),
  ],
);

/** Every balance move, signed. The sum per (user, account) equals the balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    account: text('account').$type<MoneyAccount>().notNull(),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    paymentId: integer('payment_id'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    packetId: integer('packet_id'),
    withdrawalId: integer('withdrawal_id'),
    refundId: integer('refund_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('ledger_account_known', sql`${t.account} in ('money', 'bonus')`),
    check('ledger_amount_nonzero', sql`${t.amount} <> 0`),
    index('ledger_user_idx').on(t.userId, t.createdAt, t.id),
    index('ledger_order_idx').on(t.orderId),
  ],
);

/** What a payment will do on success: per order, the bonus and money shares (money includes the card part). */
export interface PaymentPlan {
  orders: { orderId: number; bonus: number; money: number }[];
}

/** A payment through the provider (card, SBP, installments). `amount` is what the provider charges. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    method: text('method').$type<PaymentMethodId>().notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    provider: text('provider').notNull().default('sandbox'),
    /** The provider's id (the sandbox makes a random UUID): the only handle the unauthenticated pay page gets. */
    providerPaymentId: text('provider_payment_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    packetId: integer('packet_id'),
    plan: jsonb('plan').$type<PaymentPlan>().notNull().default({ orders: [] }),
    description: text('description').notNull().default(''),
    /** In-app path the customer returns to after the provider. */
    back: text('back').notNull().default('/payments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payments_provider_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.id),
    // The staff funnel reads the paid payments of its days, and each payer's earlier ones.
    index('payments_paid_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'paid'`),
    index('payments_user_paid_idx')
      .on(t.userId, t.completedAt, t.id)
      .where(sql`${t.status} = 'paid'`),
  ],
);

/** Several orders of one customer paid as one (spec: /pay-packet/{id}). */
export const packets = pgTable('packets', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const packetOrders = pgTable(
  'packet_orders',
  {
    packetId: integer('packet_id')
      .notNull()
      .references(() => packets.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.packetId, t.orderId] })],
);

/** SMS verification per kind (repayment, bonus). Only a hash of the live code is kept. */
export const verifications = pgTable(
  'verifications',
  {
    userId: userRef(),
    kind: text('kind').$type<VerificationKind>().notNull(),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    amount: integer('amount').notNull(),
    method: text('method').$type<'card' | 'sbp'>().notNull(),
    requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'processing' | 'done' | 'rejected'>().notNull().default('processing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    index('withdrawals_user_idx').on(t.userId),
  ],
);

/** Money returned from the balance to the card of an earlier payment (refund_mode storno). */
export const stornoRefunds = pgTable(
  'storno_refunds',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** processing → done, or rejected (the money went back to the balance). */
    status: text('status').$type<'processing' | 'done' | 'rejected'>().notNull().default('processing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('storno_amount_positive', sql`${t.amount} > 0`), index('storno_payment_idx').on(t.paymentId)],
);

/** A customer's claim to get money back for an order; a manager decides. */
export const refundClaims = pgTable('refund_claims', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  amount: integer('amount').notNull(),
  recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
  status: text('status').$type<'new' | 'approved' | 'rejected'>().notNull().default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Answers of money-moving calls by (customer, Idempotency-Key); written in the same transaction as the effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull().default(0),
    /** The answer as sent (text, not jsonb: a replay repeats it byte for byte, key order included). */
    responseBody: text('response_body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The clean-up's oldest keys first (idempotency.prune, server/domain/idempotency.ts); guarded for CONCURRENTLY.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
