import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A customer's authenticator (TOTP, RFC 6238). The row appears when setup starts (`enabled_at` null: the QR code is
 * shown, no code confirmed yet) and is deleted when two-factor is turned off or reset by staff. `secret`: base32, as
 * the app got it — stored as is, the server has no key for secrets at rest (docs/security.md "Two-factor
 * sign-in"). `last_step`: the 30-second step of the last accepted code; a code is accepted only for a later
 * step, and the conditional update that raises it is the one point where two uses of one code race (only one
 * wins).
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** The one-time recovery codes of a customer with two-factor on: only their sha256; a used code's row is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The append-only log of staff actions (docs/staff.md "The audit log"): every staff write and every staff read of
 * customers' personal data appends one row. `actor_kind`/`actor_id`/`actor`: the person ('person', their id and
 * login), the API key ('key', its id and name) or the bootstrap STAFF_TOKEN ('bootstrap'). `action`: the endpoint
 * row's key (older rows: 'two_factor.reset'). `user_id`/`order_id`: the target customer and order, plain numbers
 * with no foreign key, so the row outlives the customer's erasure and no cascade ever updates it. A trigger
 * (migration 0019) refuses UPDATE and DELETE; TRUNCATE (tests only) is not refused.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').$type<'person' | 'key' | 'bootstrap'>(),
    actorId: integer('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id'),
    orderId: integer('order_id'),
    amountBefore: bigint('amount_before', { mode: 'number' }),
    amountAfter: bigint('amount_after', { mode: 'number' }),
    requestId: text('request_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.at),
  ],
);
