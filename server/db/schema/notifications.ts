import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './orders';

/**
 * A customer's service-notification settings (docs/notifications.md), created on the first change. `switches`
 * holds only what the customer changed over the defaults of contract/notifications.ts, so a default changed in
 * code reaches everyone who never touched that switch.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `{ kind: { channel: boolean } }` over the defaults. */
  switches: jsonb('switches').$type<Record<string, Record<string, boolean>>>().notNull().default({}),
  /** The phone the customer proved theirs (a code sent to it was entered); SMS go only while it is the phone. */
  confirmedPhone: text('confirmed_phone'),
  /** The IANA zone of the SMS night silence. */
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per order: the last chat message a letter has carried (or passed over). A batch letter holds the writer's and
 * the manager's messages after it that are still unread.
 */
export const notificationChatMarks = pgTable('notification_chat_marks', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  mailedUpTo: integer('mailed_up_to').notNull(),
});

/**
 * A browser that gets the customer's pushes (Web Push): its push service endpoint and the keys the payload is
 * encrypted for. Dropped when the customer unsubscribes it, or when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the browser said it is, for the list of devices that get pushes. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
