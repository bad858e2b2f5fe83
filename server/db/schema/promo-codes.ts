import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A promo code staff add (POST /api/staff/promo-codes/). `code` is stored upper case and is unique whatever its
 * case; it takes a percent or a fixed amount off the cost, from `validFrom` until (not including) `validUntil`
 * (null: no end), at most `usageLimit` times (null: unlimited). `usedCount` is the number of orders that hold the
 * code: taken by a conditional update in the order's own transaction (server/domain/promo-codes.ts), so two
 * orders racing for the last use cannot both win, and given back when an order's edit drops the code.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** What the customer reads beside the discount: 'Скидка студента 10 %'. */
    title: text('title').notNull(),
    percent: integer('percent'),
    amount: integer('amount'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** false: switched off by staff before its end (the rows stay: orders keep the codes they were priced with). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(sql`upper(${t.code})`),
    check('promo_codes_one_discount', sql`(${t.percent} is null) <> (${t.amount} is null)`),
    check('promo_codes_percent_range', sql`${t.percent} is null or ${t.percent} between 1 and 100`),
    check('promo_codes_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check('promo_codes_dates', sql`${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`),
    check(
      'promo_codes_usage',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);
