import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Profile details beyond sign-in, one row per customer, created lazily on first read or write.
 * `users` keeps what sign-in needs (email, phone, fio).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null = unset (1970-01-01 and 1996-01-01 are normalised to null on write and on read). */
    birthday: date('birthday', { mode: 'string' }),
    sex: text('sex').$type<'male' | 'female'>(),
    /** Ids of EDUCATION_LEVELS / TRAINING_FORMS in contract/profile.ts. */
    educationId: integer('education_id'),
    university: text('university').notNull().default(''),
    course: integer('course'),
    groupHeader: text('group_header').notNull().default(''),
    trainingFormId: integer('training_form_id'),
    isTelegramContact: boolean('is_telegram_contact').notNull().default(false),
    isViberContact: boolean('is_viber_contact').notNull().default(false),
    isWhatsappContact: boolean('is_whatsapp_contact').notNull().default(false),
    /** '@handle' or ''. */
    telegram: text('telegram').notNull().default(''),
    diplomHpPopup: boolean('diplom_hp_popup').notNull().default(false),
    smsDelivery: boolean('sms_delivery').notNull().default(true),
    /** The mailing subscription; unisender_status is derived from it. */
    emailDelivery: boolean('email_delivery').notNull().default(true),
    /** When the "complete your profile" popup was dismissed; null = not yet. */
    popupDismissedAt: timestamp('popup_dismissed_at', { withTimezone: true }),
    /** Free-form object of the SPA (GET/POST /profile/session/), ≤ 16 KB serialised. */
    sessionData: jsonb('session_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Random base name of the avatar files `<name>-<px>.webp` under DATA_DIR/avatars; null = no avatar. */
    avatarName: text('avatar_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('profiles_course_range', sql`${t.course} is null or ${t.course} between 1 and 6`)],
);

/** "Call me back" requests of customers, for the manager (a notice goes to the outbox). */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** When to call, as the customer wrote it ("после 18:00"). */
    time: text('time').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('callback_requests_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A pending change of a customer's e-mail: the new address is confirmed through a single-use link sent to it
 * (24 h). Only a sha256 of the token is kept. A newer request cancels the older ones.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('email_change_requests_token_idx').on(t.tokenHash),
    index('email_change_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
