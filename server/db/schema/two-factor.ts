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
 * What staff did to a customer's account that the customer did not ask for themselves (a two-factor reset, …):
 * who (`actor`), what (`action`), whom, why and when. Rows outlive the customer (`user_id` set null on erasure).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.at)],
);
