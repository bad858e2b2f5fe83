import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A customer account. Profile details beyond sign-in live in the profile issue's tables. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** E.164 with a leading +; optional, unique when set. */
    phone: text('phone'),
    fio: text('fio').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);
