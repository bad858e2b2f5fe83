import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** signed_out: logout; reuse: a rotated refresh token came back; password: a password reset; ended: the customer. */
export type SessionEndReason = 'signed_out' | 'reuse' | 'password' | 'ended';

/**
 * A sign-in session: the family of refresh tokens born from one sign-in. Access tokens carry its id (`sid`);
 * revoking the row signs out every token of the family at once (logout, refresh-token reuse, password reset, or the
 * customer ending it from another device). The devices list shows its browser (`user_agent`, as sent, at most 512
 * characters), its network (`ip`: the address with its host part cut off, never the whole address), when it began
 * and when it was last used (sign-in, then every token refresh: at least every 4 minutes while a tab is open).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was revoked: the refresh that finds it revoked answers 'ended from another device' for 'ended'. */
    revokedReason: text('revoked_reason').$type<SessionEndReason>(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_sessions_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** Opaque refresh tokens, stored only as sha256; `usedAt` is set when rotated (a second use is a theft signal). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Single-use secrets sent to a customer: sign-in codes, password-restore links, auto-login (`al`) tokens and the
 * token that carries a social sign-in without e-mail to the e-mail form, and the ticket between a sign-in's first
 * factor and its second (two-factor). Only a sha256 of the secret is kept.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind')
      .$type<'login_code' | 'password_reset' | 'auto_login' | 'social' | 'second_factor'>()
      .notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the secret was issued for: the normalised login of a code, the network of a social token. */
    subject: text('subject').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_tokens_secret_idx').on(t.kind, t.secretHash),
    index('one_time_tokens_subject_idx').on(t.kind, t.subject),
  ],
);

/**
 * Failed sign-in attempts and sent codes, per bucket (`login:…`, `ip:…`, `send:…`): a sliding-window rate limit
 * that holds across server instances and is reset with the database in tests.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_events_bucket_at_idx').on(t.bucket, t.at)],
);

/** A customer's identity at a social network / identity provider. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    externalId: text('external_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('social_accounts_network_external_key').on(t.network, t.externalId)],
);
