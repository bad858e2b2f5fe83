import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * "Мои данные": a customer's copy of their data (server/domain/data-export.ts). `queued` until the job
 * `account.export` builds it (`building`, with `progress` 0–100), then `ready` with the ZIP in the file store under
 * `storageKey` until `expiresAt` (24 h), when the job `account.export-expire` deletes it (`expired`).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'building' | 'ready' | 'failed' | 'expired'>().notNull(),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: integer('size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A closed account (server/domain/account-closing.ts): signed out and refused sign-in from `closedAt`; its personal
 * data are erased by the job `account.erase` at `eraseAt` (14 days on) unless the customer reopens it before. The
 * row outlives the erasure (`erasedAt`) so the refusal can say the account is gone.
 */
export const accountClosures = pgTable('account_closures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  eraseAt: timestamp('erase_at', { withTimezone: true }).notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});
