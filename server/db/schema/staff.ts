import { bigint, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../contract/http';

/**
 * A person of the staff (docs/staff.md). Made by `npm run staff -- add` with a one-time setup code
 * (`setup_code_hash`, its sha256); the first sign-in with that code sets the password and enrols the TOTP second
 * factor (`totp_secret` pending until `totp_enabled_at`). `last_step`: the 30-second step of the last accepted code,
 * raised by one conditional update (the replay guard, as for customers). `disabled_at` or a role change ends every
 * session: the staff door reads this row on every call.
 */
export const staffMembers = pgTable('staff_members', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  role: text('role').$type<StaffRole>().notNull(),
  passwordHash: text('password_hash'),
  setupCodeHash: text('setup_code_hash'),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * A staff sign-in session: the access JWT (audience 'staff') names it, the staff door reads it on every call.
 * `role` is the member's role when it began: a changed role no longer matches, and the session is refused.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_member_idx').on(t.memberId)],
);

/** A session's refresh tokens (sha256 only); each is used once, a used one presented again ends the session. */
export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * An API key of an integration (the back office, a script): its roles, an optional expiry, only the sha256 of the
 * key (shown once when made), the last use (written at most once a minute) and the revocation.
 */
export const staffApiKeys = pgTable('staff_api_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  roles: text('roles').array().$type<StaffRole[]>().notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
