import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * pending: waiting for its next try; sending: claimed by one instance until lease_until; sent; failed (after the
 * last try, or at once on an answer that no retry can change). README "Deliveries" tells the whole cycle.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Every e-mail and SMS the service sends: a transactional outbox. A message is written in the transaction of what
 * caused it and delivered after commit by the outbox worker (server/delivery/worker.ts) through the configured
 * channel; the sandbox channel delivers into this table itself. Staff read it through GET /api/staff/outbox/.
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
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Tries begun so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending message may be tried next (backoff after a temporary failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending: until when the claiming instance holds it; past it, the try's outcome is unknown. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The reason of the last failed try (the channel's own words and code). */
    lastError: text('last_error'),
    /** The channel's id of the delivered message (SMTP Message-ID, the gateway's id). */
    providerId: text('provider_id'),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.id),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
