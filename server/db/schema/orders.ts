import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An order. Money is in whole roubles everywhere (integers). `statusId` is one of ORDER_STATUSES
 * (src/api/contract/order-status.ts); `isTrash` is the customer's archive (shown as status 16).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').notNull().default(1),
    isTrash: boolean('is_trash').notNull().default(false),
    workType: text('work_type').notNull(),
    subject: text('subject').notNull().default(''),
    topic: text('topic').notNull(),
    pages: integer('pages').notNull().default(1),
    originality: integer('originality').notNull().default(60),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    requirements: text('requirements').notNull().default(''),
    link: text('link').notNull().default(''),
    /** Full price and what has been paid so far (money + bonus); the order waits for payment while paid < price. */
    price: integer('price').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    guaranteeUntil: timestamp('guarantee_until', { withTimezone: true }),
    filesWithoutQc: boolean('files_without_qc').notNull().default(false),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_status_idx').on(t.userId, t.isTrash, t.statusId, t.id)],
);
