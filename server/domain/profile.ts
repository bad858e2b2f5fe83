import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../env';
import { profiles, socialAccounts, users } from '../db/tables';
import { fieldErrors, notFound } from '../errors';
import {
  EDUCATION_LEVELS,
  TRAINING_FORMS,
  UNISENDER_STATUSES,
  type Profile,
  type ProfileChoice,
  type ProfilePopup,
  type SubscribeStatus,
} from '../../contract/profile';
import { SOCIAL_NETWORKS } from '../../contract/auth';
import { normalizePhone } from '../../contract/auth';
import { resetVerifications } from './verification';
import type { DbOrTx } from './outbox';

/** Every text of the profile form a customer may read. */
export const PROFILE_MESSAGES = {
  bodyNotObject: 'Тело запроса должно быть JSON-объектом.',
  notString: 'Ожидается строка.',
  notBoolean: 'Ожидается значение да или нет.',
  fioLength: 'ФИО должно содержать от 2 до 150 символов.',
  birthdayFormat: 'Введите дату в формате ГГГГ-ММ-ДД.',
  birthdayFuture: 'Дата рождения не может быть в будущем.',
  birthdayTooYoung: 'Пользоваться сервисом можно с 14 лет.',
  birthdayTooOld: 'Проверьте дату рождения: возраст не может быть больше 100 лет.',
  sex: 'Выберите пол: male или female.',
  phoneInvalid: 'Введите номер телефона в международном формате, например +79991234567.',
  phoneTaken: 'Этот номер телефона уже используется другим пользователем.',
  notInList: 'Выберите значение из списка.',
  universityLength: 'Название вуза должно быть не длиннее 200 символов.',
  groupLength: 'Поле должно быть не длиннее 100 символов.',
  course: 'Курс — целое число от 1 до 6.',
  telegram:
    'Ник в Telegram: от 5 до 32 латинских букв, цифр или «_», начинается с буквы (например, @ivan_petrov).',
} as const;
const M = PROFILE_MESSAGES;

/** Placeholders the old back office stored for "no birthday". */
const UNSET_BIRTHDAYS = new Set(['1970-01-01', '1996-01-01']);
export const normalizeBirthday = (value: string | null | undefined): string | null =>
  !value || UNSET_BIRTHDAYS.has(value) ? null : value;

/** The phone as the spec shows it: a leading + is added when missing. */
export const displayPhone = (phone: string | null): string | null =>
  phone ? (phone.startsWith('+') ? phone : `+${phone}`) : null;

/** '@handle', 'handle', 't.me/handle' or 'https://t.me/handle' → '@handle'; null when it breaks Telegram's rules. */
export function normalizeTelegram(raw: string): string | null {
  const handle = raw
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(handle) ? `@${handle}` : null;
}

/** Whole years between a YYYY-MM-DD birthday and `today` (YYYY-MM-DD). */
function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const text = (max: number, message: string) => z.string({ error: M.notString }).trim().max(max, message);
const bool = () => z.boolean({ error: M.notBoolean });
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** A choice list field: the selected id, null, or the list itself with one item selected. */
const choice = (list: readonly { id: number }[]) =>
  z.preprocess(
    (v) => {
      if (Array.isArray(v)) {
        const picked = v.find(
          (x) => x && typeof x === 'object' && (x as { selected?: unknown }).selected === true,
        );
        return picked ? (picked as { id?: unknown }).id : null;
      }
      return emptyToNull(v);
    },
    z
      .number({ error: M.notInList })
      .int(M.notInList)
      .refine((id) => list.some((x) => x.id === id), M.notInList)
      .nullable(),
  );

/** PATCH /profile/ body; the clock decides what "future" and "age" mean. Unknown and read-only keys are dropped. */
export function profilePatchSchema(now: Date) {
  const today = now.toISOString().slice(0, 10);
  return z
    .object(
      {
        fio: z
          .string({ error: M.notString })
          .transform((s) => s.trim().replace(/\s+/g, ' '))
          .pipe(z.string().min(2, M.fioLength).max(150, M.fioLength)),
        birthday: z.preprocess(
          emptyToNull,
          z
            .string({ error: M.birthdayFormat })
            .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDate(s), M.birthdayFormat)
            .transform(normalizeBirthday)
            .superRefine((s, ctx) => {
              if (s === null) return;
              if (s > today) ctx.addIssue({ code: 'custom', message: M.birthdayFuture });
              else if (ageOn(s, today) < 14) ctx.addIssue({ code: 'custom', message: M.birthdayTooYoung });
              else if (ageOn(s, today) > 100) ctx.addIssue({ code: 'custom', message: M.birthdayTooOld });
            })
            .nullable(),
        ),
        sex: z.preprocess(emptyToNull, z.enum(['male', 'female'], { error: M.sex }).nullable()),
        phone: z.preprocess(
          emptyToNull,
          z
            .string({ error: M.phoneInvalid })
            .transform((raw, ctx) => {
              const phone = normalizePhone(raw);
              if (!phone) ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
              return phone ?? '';
            })
            .nullable(),
        ),
        education: choice(EDUCATION_LEVELS),
        university: text(200, M.universityLength),
        course: z.preprocess(
          (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : emptyToNull(v)),
          z.number({ error: M.course }).int(M.course).min(1, M.course).max(6, M.course).nullable(),
        ),
        group_header: text(100, M.groupLength),
        training_form: choice(TRAINING_FORMS),
        is_telegram_contact: bool(),
        is_viber_contact: bool(),
        is_whatsapp_contact: bool(),
        telegram: z.preprocess(
          (v) => (v === null ? '' : v),
          z.string({ error: M.telegram }).transform((raw, ctx) => {
            if (!raw.trim()) return '';
            const handle = normalizeTelegram(raw);
            if (!handle) ctx.addIssue({ code: 'custom', message: M.telegram });
            return handle ?? '';
          }),
        ),
        diplom_hp_popup: bool(),
        sms_delivery: bool(),
        email_delivery: bool(),
      },
      { error: M.bodyNotObject },
    )
    .partial();
}
export type ProfilePatchInput = z.infer<ReturnType<typeof profilePatchSchema>>;

type D = Pick<Deps, 'db' | 'now'>;
export type ProfileRow = typeof profiles.$inferSelect;

/** The customer's profile row, created on first use. */
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

export async function readProfile(deps: { db: DbOrTx }, userId: number): Promise<Profile> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, phone: users.phone, fio: users.fio })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Пользователь не найден.');
  const p = await ensureProfile(deps, userId);
  const linked = await deps.db
    .select({ network: socialAccounts.network })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
  return {
    id: user.id,
    fio: user.fio,
    birthday: normalizeBirthday(p.birthday),
    email: user.email,
    sex: p.sex ?? null,
    phone: displayPhone(user.phone),
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
    socials: SOCIAL_NETWORKS.map((network_name) => ({
      network_name,
      linked: linked.some((l) => l.network === network_name),
    })),
  };
}

/** A unique-constraint violation (23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
}

/** Applies a validated partial update; a phone of another customer is a field error (also when two race). */
export async function updateProfile(deps: D, userId: number, patch: ProfilePatchInput): Promise<Profile> {
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
        // A new phone voids the SMS verification of withdrawals (README, money rules).
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
  return (await ensureProfile(deps, userId)).sessionData;
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
