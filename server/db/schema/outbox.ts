import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * pending: waiting for its (next) try; sending: a try has begun and not been recorded; sent; failed (after the
 * last try, or at once on an answer no retry can change). docs/deliveries.md tells the whole cycle.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Every e-mail and SMS the service sends: a transactional outbox. A message is written in the transaction of what
 * caused it, with its `outbox.deliver` job (server/jobs/), and delivered after commit by that job through the
 * configured channel (server/delivery/worker.ts); the sandbox channel's delivery is this row itself. Staff read it through GET /api/staff/outbox/.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms' | 'push'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** What the message is: login_code, password_reset, welcome, … */
    kind: text('kind').notNull(),
    /** Machine-readable parts of the message (link, code) so tests and staff need not parse the body. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Tries begun so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The reason of the last failed try (the channel's own words and code). */
    lastError: text('last_error'),
    /** The channel's id of the delivered message (SMTP Message-ID, the gateway's id). */
    providerId: text('provider_id'),
    /** One message per key: a notification job that runs again after its instance died writes nothing twice. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.id),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
  ],
);
