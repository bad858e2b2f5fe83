import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail and SMS the service sends. The sandbox sender is this table itself: staff (and tests) read it
 * through GET /api/staff/outbox/; a real sender would deliver rows and mark them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** What the message is: login_code, password_reset, welcome, … */
    kind: text('kind').notNull(),
    /** Machine-readable parts of the message (link, code) so tests and staff need not parse the body. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.id)],
);
