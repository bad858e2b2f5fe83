import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './orders';

// Where customers and orders came from (docs/analytics.md): the origin cookies the server read
// (contract/origin-cookies.ts), checked and split into what the reports group by. '' is "none" (a direct visit).
const touchColumns = () => ({
  referrer: text('referrer').notNull().default(''),
  landing: text('landing').notNull().default(''),
  /** utm_source, else the referrer's host; '' for a direct visit. */
  source: text('source').notNull().default(''),
  utmMedium: text('utm_medium').notNull().default(''),
  campaign: text('campaign').notNull().default(''),
  utmTerm: text('utm_term').notNull().default(''),
  utmContent: text('utm_content').notNull().default(''),
  partner: text('partner').notNull().default(''),
  /** When the server read the cookies (they do not carry the time they were written). */
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull(),
});

/** The first touch of a customer: written once, at registration; sign-in and refresh never change it. */
export const customerOrigins = pgTable(
  'customer_origins',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...touchColumns(),
  },
  (t) => [index('customer_origins_touched_idx').on(t.touchedAt)],
);

/** The last touch before an order was created (the cookies then, or the customer's first touch within its lifetime). */
export const orderOrigins = pgTable(
  'order_origins',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...touchColumns(),
  },
  (t) => [index('order_origins_touched_idx').on(t.touchedAt)],
);

/**
 * Raw page views and goals as the SPA sends them (kind 'view': name is the route name; kind 'goal': the goal's
 * name). Only the customer's id identifies anyone; it is unset when the account goes. Kept RAW_RETENTION_DAYS,
 * then only the daily roll-up remains.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'view' | 'goal'>().notNull(),
    name: text('name').notNull(),
    path: text('path').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('page_views_at_idx').on(t.at),
    index('page_views_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/** Page views and goals per UTC day, name and referrer: what the roll-up job keeps of the raw rows. */
export const pageViewDays = pgTable(
  'page_view_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'view' | 'goal'>().notNull(),
    name: text('name').notNull(),
    referrer: text('referrer').notNull().default(''),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.name, t.referrer] })],
);

/**
 * How far the roll-up has counted the raw page views: page_view_days holds every raw row with `at` before `through`
 * (its last day partly; null before the first pass). The report adds the raw rows from `through` on.
 */
export const pageViewsRolled = pgTable('page_views_rolled', {
  id: boolean('id').primaryKey().default(true),
  through: timestamp('through', { withTimezone: true }),
});

/**
 * Each customer's first order (the lowest id) and first paid payment (the earliest completion, then the lowest id),
 * kept as they happen: triggers on orders and payments (migration 0022) write them in the writing transaction, and
 * only an earlier one replaces a row's. The staff funnel reads these instead of finding the firsts among all orders.
 */
export const customerFirsts = pgTable(
  'customer_firsts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstOrderId: integer('first_order_id'),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    firstPaymentId: integer('first_payment_id'),
    firstPaymentAt: timestamp('first_payment_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_firsts_order_at_idx')
      .on(t.firstOrderAt)
      .where(sql`${t.firstOrderAt} is not null`),
    index('customer_firsts_payment_at_idx')
      .on(t.firstPaymentAt)
      .where(sql`${t.firstPaymentAt} is not null`),
  ],
);

/**
 * The staff funnel per UTC day, touch model and source, campaign and partner: what the roll-up job keeps of the whole
 * days before today (server/domain/funnel-days.ts). A first order's later price change moves its day's sum (trigger).
 */
export const funnelDays = pgTable(
  'funnel_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    touch: text('touch').$type<'first' | 'last'>().notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    partner: text('partner').notNull(),
    signups: integer('signups').notNull(),
    firstOrders: integer('first_orders').notNull(),
    firstOrdersSum: bigint('first_orders_sum', { mode: 'number' }).notNull(),
    firstPayments: integer('first_payments').notNull(),
    firstPaymentsSum: bigint('first_payments_sum', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.touch, t.source, t.campaign, t.partner] }),
    // One source's drill-down reads its days in one range of this index, the counts in it (an index-only scan): the
    // primary key would read every source's rows of the range and fetch each of its own from the table.
    index('funnel_days_source_idx').on(
      t.touch,
      t.source,
      t.day,
      t.campaign,
      t.partner,
      t.signups,
      t.firstOrders,
      t.firstOrdersSum,
      t.firstPayments,
      t.firstPaymentsSum,
    ),
  ],
);

/**
 * funnel_days summed per source: what the staff funnel answers first (docs/scaling.md "The staff funnel flat at
 * size"). Its rows per day are bounded by the sources, not by the campaigns and partners, so a report over them costs
 * the same at any size. Kept equal to funnel_days' sums by a trigger on funnel_days (migration 0023).
 */
export const funnelSourceDays = pgTable(
  'funnel_source_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    touch: text('touch').$type<'first' | 'last'>().notNull(),
    source: text('source').notNull(),
    signups: integer('signups').notNull(),
    firstOrders: integer('first_orders').notNull(),
    firstOrdersSum: bigint('first_orders_sum', { mode: 'number' }).notNull(),
    firstPayments: integer('first_payments').notNull(),
    firstPaymentsSum: bigint('first_payments_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.touch, t.source] })],
);

/**
 * The UTC days funnel_days holds, since … through (one row; nulls before the first roll-up), and of the day after
 * them, the firsts before `until` (null: none).
 */
export const funnelRolled = pgTable('funnel_rolled', {
  id: boolean('id').primaryKey().default(true),
  since: date('since', { mode: 'string' }),
  through: date('through', { mode: 'string' }),
  until: timestamp('until', { withTimezone: true }),
});
