import { defaultNotificationSettings, mergeNotificationSettings } from '../../contract/notifications';
import { changeNotificationSettings } from './notifications/settings';
import { and, eq, ne, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Deps } from '../env';
import { profiles, users } from '../db/tables';
import { fieldErrors, notFound } from './errors';
import {
  EDUCATION_LEVELS,
  normalizeBirthday,
  PROFILE_MESSAGES as M,
  TRAINING_FORMS,
  UNISENDER_STATUSES,
} from '../../contract/profile';
import type {
  Profile,
  ProfileChoice,
  ProfilePatch,
  ProfilePopup,
  SubscribeStatus,
} from '../../contract/profile.api';
import { SOCIAL_NETWORKS } from '../../contract/auth';
import { resetVerifications } from './verification';
import { fromJsonRow } from '../db/json-rows';
import type { DbOrTx } from './outbox';

/** The phone as the spec shows it: a leading + is added when missing. */
export const displayPhone = (phone: string | null): string | null =>
  phone ? (phone.startsWith('+') ? phone : `+${phone}`) : null;

/** Whole years between a YYYY-MM-DD birthday and `today` (YYYY-MM-DD). */
function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** What the clock decides about a parsed birthday: not in the future, an age of 14 to 100 today. */
function checkBirthday(birthday: string | null | undefined, now: Date) {
  if (!birthday) return;
  const today = now.toISOString().slice(0, 10);
  const refusal =
    birthday > today
      ? M.birthdayFuture
      : ageOn(birthday, today) < 14
        ? M.birthdayTooYoung
        : ageOn(birthday, today) > 100
          ? M.birthdayTooOld
          : null;
  if (refusal) throw fieldErrors({ birthday: [refusal] });
}

/** A PATCH /profile/ body as the contract's schema parsed it. */
export type ProfilePatchInput = z.output<typeof ProfilePatch>;

type D = Pick<Deps, 'db' | 'now'>;
export type ProfileRow = typeof profiles.$inferSelect;

/** The customer's profile row, created on first write. */
export async function ensureProfile(deps: { db: DbOrTx }, userId: number): Promise<ProfileRow> {
  await deps.db.insert(profiles).values({ userId }).onConflictDoNothing();
  const [row] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw notFound('Пользователь не найден.');
  return row;
}

const choices = (list: readonly { id: number; title: string }[], selected: number | null): ProfileChoice[] =>
  list.map((x) => ({ id: x.id, title: x.title, selected: x.id === selected }));

export const unisenderStatus = (emailDelivery: boolean) =>
  emailDelivery ? { ...UNISENDER_STATUSES.subscribed } : { ...UNISENDER_STATUSES.unsubscribed };

/**
 * A customer who has never saved a profile has no row: reads use these values (the columns' defaults) and write
 * nothing — the row is created by the first write (ensureProfile).
 */
export function emptyProfile(userId: number): ProfileRow {
  return {
    userId,
    birthday: null,
    sex: null,
    educationId: null,
    university: '',
    course: null,
    groupHeader: '',
    trainingFormId: null,
    isTelegramContact: false,
    isViberContact: false,
    isWhatsappContact: false,
    telegram: '',
    diplomHpPopup: false,
    smsDelivery: true,
    emailDelivery: true,
    popupDismissedAt: null,
    sessionData: {},
    avatarName: null,
    updatedAt: new Date(0),
  };
}

/** The customer's profile row for reading, or its defaults when none was saved yet. */
export async function findProfile(deps: { db: DbOrTx }, userId: number): Promise<ProfileRow> {
  const [row] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? emptyProfile(userId);
}

/** GET /profile/: the customer, the profile and the linked networks in one prepared statement (one round trip). */
export async function readProfile(deps: Pick<Deps, 'database'>, userId: number): Promise<Profile> {
  const [found] = await deps.database.prepared(
    'profile_read',
    `select u.id::text, u.email, u.phone, u.fio, row_to_json(p)::text,
       (select coalesce(json_agg(s.network), '[]')::text from social_accounts s where s.user_id = u.id),
       n.switches::text, n.confirmed_phone
     from users u left join profiles p on p.user_id = u.id left join notification_settings n on n.user_id = u.id
     where u.id = $1`,
  )([String(userId)]);
  if (!found) throw notFound('Пользователь не найден.');
  const [id, email, phone, fio, profile, networks, switches, confirmedPhone] = found as [
    string,
    string,
    string | null,
    string,
    string,
    string,
    string | null,
    string | null,
  ];
  const p =
    profile === null
      ? emptyProfile(userId)
      : fromJsonRow(profiles, JSON.parse(profile) as Record<string, unknown>);
  const linked = JSON.parse(networks) as string[];
  return {
    id: Number(id),
    fio,
    birthday: normalizeBirthday(p.birthday),
    email,
    sex: p.sex ?? null,
    phone: displayPhone(phone),
    education: choices(EDUCATION_LEVELS, p.educationId),
    university: p.university,
    course: p.course,
    group_header: p.groupHeader,
    training_form: choices(TRAINING_FORMS, p.trainingFormId),
    is_telegram_contact: p.isTelegramContact,
    is_viber_contact: p.isViberContact,
    is_whatsapp_contact: p.isWhatsappContact,
    telegram: p.telegram,
    diplom_hp_popup: p.diplomHpPopup,
    sms_delivery: p.smsDelivery,
    email_delivery: p.emailDelivery,
    unisender_status: unisenderStatus(p.emailDelivery),
    socials: SOCIAL_NETWORKS.map((network_name) => ({ network_name, linked: linked.includes(network_name) })),
    notifications: mergeNotificationSettings(
      defaultNotificationSettings(),
      switches ? (JSON.parse(switches) as Record<string, Record<string, unknown>>) : null,
    ),
    phone_confirmed: Boolean(phone) && phone === confirmedPhone,
  };
}

/** A unique-constraint violation (23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
}

/** Applies a validated partial update; a phone of another customer is a field error (also when two race). */
export async function updateProfile(
  deps: D & Pick<Deps, 'database'>,
  userId: number,
  patch: ProfilePatchInput,
): Promise<Profile> {
  checkBirthday(patch.birthday, deps.now());
  if (patch.phone) {
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, patch.phone), ne(users.id, userId)))
      .limit(1);
    if (other) throw fieldErrors({ phone: [M.phoneTaken] });
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (patch.phone !== undefined) {
        // A new phone voids the SMS verification of withdrawals (docs/features.md, Money).
        const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
        if (before?.phone !== patch.phone) await resetVerifications(tx, userId);
      }
      const userSet: Partial<typeof users.$inferInsert> = {};
      if (patch.fio !== undefined) userSet.fio = patch.fio;
      if (patch.phone !== undefined) userSet.phone = patch.phone;
      if (Object.keys(userSet).length) await tx.update(users).set(userSet).where(eq(users.id, userId));
      await ensureProfile({ db: tx }, userId);
      await tx
        .update(profiles)
        .set({
          birthday: patch.birthday,
          sex: patch.sex,
          educationId: patch.education,
          university: patch.university,
          course: patch.course,
          groupHeader: patch.group_header,
          trainingFormId: patch.training_form,
          isTelegramContact: patch.is_telegram_contact,
          isViberContact: patch.is_viber_contact,
          isWhatsappContact: patch.is_whatsapp_contact,
          telegram: patch.telegram,
          diplomHpPopup: patch.diplom_hp_popup,
          smsDelivery: patch.sms_delivery,
          emailDelivery: patch.email_delivery,
          updatedAt: deps.now(),
        })
        .where(eq(profiles.userId, userId));
      if (patch.notifications) await changeNotificationSettings(tx, userId, patch.notifications, deps.now());
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldErrors({ phone: [M.phoneTaken] });
    throw err;
  }
  return readProfile(deps, userId);
}

// ----- the "complete your profile" popup -----

/** Shown until dismissed, and only while the profile lacks what the manager needs (phone or university). */
export async function profilePopup(deps: D, userId: number): Promise<ProfilePopup> {
  const [row] = await deps.db
    .select({ phone: users.phone, university: profiles.university, dismissedAt: profiles.popupDismissedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('Пользователь не найден.');
  return { is_need_show: !row.dismissedAt && (!row.phone || !row.university) };
}

export async function dismissProfilePopup(deps: D, userId: number): Promise<ProfilePopup> {
  await ensureProfile(deps, userId);
  await deps.db
    .update(profiles)
    .set({ popupDismissedAt: sql`coalesce(${profiles.popupDismissedAt}, ${deps.now().toISOString()})` })
    .where(eq(profiles.userId, userId));
  return { is_need_show: false };
}

// ----- mailing subscription -----

export async function setSubscription(
  deps: D,
  userId: number,
  subscribed: boolean,
): Promise<SubscribeStatus> {
  await ensureProfile(deps, userId);
  await deps.db
    .update(profiles)
    .set({ emailDelivery: subscribed, updatedAt: deps.now() })
    .where(eq(profiles.userId, userId));
  return { email_delivery: subscribed, unisender_status: unisenderStatus(subscribed) };
}

// ----- session data -----

export async function readSessionData(deps: D, userId: number): Promise<Record<string, unknown>> {
  return (await findProfile(deps, userId)).sessionData;
}

/** Replaces the stored object (the SPA owns its shape); the size limit is checked at the edge. */
export async function writeSessionData(
  deps: D,
  userId: number,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  await ensureProfile(deps, userId);
  await deps.db.update(profiles).set({ sessionData: data }).where(eq(profiles.userId, userId));
  return data;
}
