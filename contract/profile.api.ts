// The profile group (spec point 7 "Profile", the e-mail change, linking a social network, call-backs, the finances
// status): what goes in and comes out of each call, as zod/mini schemas with the Russian messages the customer
// reads, and the endpoint rows. The constants, rules and texts are in profile.ts.
import * as z from 'zod/mini';
import { endpoint, SMALL_BODY_LIMIT } from './http';
import { Finances } from './payments.api';
import { PUBLIC_WRITES, SOCIAL_NETWORKS } from './auth';
import { body, Email, Phone } from './auth.api';
import {
  EDUCATION_LEVELS,
  EMAIL_CHANGE_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  isCalendarDate,
  normalizeBirthday,
  normalizeTelegram,
  PROFILE_MESSAGES as M,
  SESSION_DATA_MAX_BYTES,
  SEXES,
  SOCIAL_LINK_MESSAGES,
  TRAINING_FORMS,
  type Sex,
} from './profile';
import {
  channelsOf,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_MESSAGES as NM,
  type NotificationChannel,
  type NotificationKind,
} from './notifications';

// ---- Answers ---------------------------------------------------------------------------------------------------
/** One entry of a choice list in the profile; exactly one (or none) is `selected`. */
export const ProfileChoice = z.object({ id: z.number(), title: z.string(), selected: z.boolean() });
export type ProfileChoice = z.infer<typeof ProfileChoice>;

const UnisenderStatus = z.object({ id: z.number(), title: z.string() });

/** A linked (or linkable) social account of the customer. */
export const ProfileSocial = z.object({ network_name: z.enum(SOCIAL_NETWORKS), linked: z.boolean() });
export type ProfileSocial = z.infer<typeof ProfileSocial>;

/** One kind's switches: only the channels the kind may use (contract/notifications.ts). */
const KindSwitches = z.object({
  email: z.optional(z.boolean()),
  sms: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});
const kindShape = <T extends z.core.$ZodType>(of: (kind: NotificationKind) => T) =>
  Object.fromEntries(NOTIFICATION_KIND_NAMES.map((k) => [k, of(k)])) as Record<NotificationKind, T>;

/** The service notifications' switches, per kind and channel (docs/notifications.md). */
export const NotificationSettingsSchema = z.object(kindShape(() => KindSwitches));

/** GET /api/client/profile/ */
export const Profile = z.object({
  id: z.number(),
  fio: z.string(),
  /** YYYY-MM-DD; null when unset (1970-01-01 and 1996-01-01 count as unset). */
  birthday: z.nullable(z.string()),
  email: z.string(),
  sex: z.nullable(z.enum(SEXES)),
  /** Always with a leading +; null when unset. */
  phone: z.nullable(z.string()),
  education: z.array(ProfileChoice),
  university: z.string(),
  /** 1..6 */
  course: z.nullable(z.number()),
  group_header: z.string(),
  training_form: z.array(ProfileChoice),
  is_telegram_contact: z.boolean(),
  is_viber_contact: z.boolean(),
  is_whatsapp_contact: z.boolean(),
  /** '@handle' or '' */
  telegram: z.string(),
  diplom_hp_popup: z.boolean(),
  /** SMS notifications at all (the channel's own switch); each kind's SMS switch counts only while it is on. */
  sms_delivery: z.boolean(),
  /** The newsletter consent («Рассылка на e-mail»); service letters do not depend on it. */
  email_delivery: z.boolean(),
  unisender_status: UnisenderStatus,
  socials: z.array(ProfileSocial),
  /** Service notifications per kind and channel. */
  notifications: NotificationSettingsSchema,
  /** SMS go only to a confirmed phone (signed in with a code sent to it, or verified for a withdrawal). */
  phone_confirmed: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/** GET/POST/DELETE /api/client/profile/avatar/ — `avatars` is empty when there is no avatar. */
export const Avatars = z.object({
  avatars: z.partialRecord(z.enum(['small', 'medium', 'large']), z.string()),
});
export type Avatars = z.infer<typeof Avatars>;

/** POST/DELETE /api/client/profile/subscribe/ */
export const SubscribeStatus = z.object({ email_delivery: z.boolean(), unisender_status: UnisenderStatus });
export type SubscribeStatus = z.infer<typeof SubscribeStatus>;

/** A stored call-back request (POST /api/client/callbacks/). */
export const CallbackRequest = z.object({
  id: z.number(),
  phone: z.string(),
  name: z.string(),
  comment: z.string(),
  time: z.string(),
  created_at: z.string(),
});
export type CallbackRequest = z.infer<typeof CallbackRequest>;

/** GET /client/api/profile/profile-popup/ and PATCH /api/client/profile/popup/ */
export const ProfilePopup = z.object({ is_need_show: z.boolean() });
export type ProfilePopup = z.infer<typeof ProfilePopup>;

/** POST /client/api/socials/profile/ */
export const SocialProfileLink = z.object({
  network_name: z.enum(SOCIAL_NETWORKS),
  /** Where the browser goes to finish the link (the sandbox provider page). */
  link: z.string(),
});
export type SocialProfileLink = z.infer<typeof SocialProfileLink>;

/** A change waiting for confirmation through the link sent to the new address. */
export const EmailChangePending = z.object({
  new_email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type EmailChangePending = z.infer<typeof EmailChangePending>;

/** GET /client/api/change-email/status/ (also the answer of request-change and its cancel) */
export const EmailChangeStatus = z.object({ email: z.string(), pending: z.nullable(EmailChangePending) });
export type EmailChangeStatus = z.infer<typeof EmailChangeStatus>;

/**
 * POST `{ token }` /client/api/change-email/confirm/: the address in force. GET ?token= only checks the link (a read
 * never writes): the address it would put in force, or why it is dead.
 */
export const EmailChangeConfirmed = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmed>;

// ---- Requests --------------------------------------------------------------------------------------------------
/** A free-form object of the SPA (GET/POST /api/client/profile/session/); its size is checked by the server. */
export const SessionData = z.record(z.string(), z.unknown(), { error: M.sessionNotObject });
export type SessionData = z.infer<typeof SessionData>;

const text = (max: number, message: string) =>
  z.string({ error: M.notString }).check(z.trim(), z.maxLength(max, message));
const bool = () => z.boolean({ error: M.notBoolean });

/** '' (an emptied field) means null; `T` is what the field takes besides. */
const blankAsNull = <T>() => z.transform((v: T | '' | null) => (v === '' ? null : v));

/** A choice list field: the selected id, null, or the list itself with one item selected. */
const choice = (list: readonly { id: number }[]) =>
  z.pipe(
    z.transform((v: number | '' | null | { id: number; selected: boolean }[]): unknown => {
      if (Array.isArray(v)) {
        const picked = (v as unknown[]).find(
          (x) => x && typeof x === 'object' && (x as { selected?: unknown }).selected === true,
        );
        return picked ? (picked as { id?: unknown }).id : null;
      }
      return v === '' ? null : v;
    }),
    z.nullable(
      z.number({ error: M.notInList }).check(
        z.int(M.notInList),
        z.refine((id) => list.some((x) => x.id === id), M.notInList),
      ),
    ),
  );

/** A channel the kind may use: true or false. A channel it may not use is a field error of its own. */
const switchOf = (kind: NotificationKind, channel: NotificationChannel) =>
  channelsOf(kind).includes(channel)
    ? z.optional(z.boolean({ error: NM.badSetting }))
    : z.optional(z.never({ error: NM.notAllowed }));

/** PATCH's `notifications`: `{ kind: { channel: boolean } }`, only known kinds. */
const NotificationsPatch = z.strictObject(
  kindShape((kind) =>
    z.optional(
      z.strictObject(
        { email: switchOf(kind, 'email'), sms: switchOf(kind, 'sms'), push: switchOf(kind, 'push') },
        { error: (i) => (i.code === 'unrecognized_keys' ? NM.notAllowed : NM.badSetting) },
      ),
    ),
  ),
  { error: (i) => (i.code === 'unrecognized_keys' ? NM.unknownKind : NM.badSetting) },
);
export type NotificationsPatch = z.input<typeof NotificationsPatch>;

/**
 * PATCH /api/client/profile/ — every field optional; unknown and read-only keys (`email`, `id`…) are dropped.
 * `education` / `training_form` take the selected id (or null), or the list itself with one item `selected` (so the
 * SPA may send back what it got). `email` is changed only through /client/api/change-email/…. Whether a birthday
 * lies in the future or makes the customer younger than 14 or older than 100 depends on the clock: the server
 * checks that after parsing and answers the same kind of field error.
 */
export const ProfilePatch = z.partial(
  body({
    /** Spaces trimmed and collapsed. */
    fio: z.pipe(
      z.string({ error: M.notString }),
      z.string().check(
        z.overwrite((s) => s.trim().replace(/\s+/g, ' ')),
        z.minLength(2, M.fioLength),
        z.maxLength(150, M.fioLength),
      ),
    ),
    /** YYYY-MM-DD; '' or null unsets it (as do the placeholders 1970-01-01 and 1996-01-01). */
    birthday: z.pipe(
      blankAsNull<string>(),
      z.nullable(
        z.pipe(
          z.string({ error: M.birthdayFormat }).check(z.refine(isCalendarDate, M.birthdayFormat)),
          z.transform((s: string) => normalizeBirthday(s)),
        ),
      ),
    ),
    sex: z.pipe(blankAsNull<Sex>(), z.nullable(z.enum(SEXES, { error: M.sex }))),
    /** Any usual spelling; stored as '+79991234567'. */
    phone: z.pipe(blankAsNull<string>(), z.nullable(Phone)),
    education: choice(EDUCATION_LEVELS),
    university: text(200, M.universityLength),
    /** 1..6; a string of digits is taken too. */
    course: z.pipe(
      z.transform((v: number | string | null) =>
        typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v === '' ? null : v,
      ),
      z.nullable(
        z.number({ error: M.course }).check(z.int(M.course), z.gte(1, M.course), z.lte(6, M.course)),
      ),
    ),
    group_header: text(100, M.groupLength),
    training_form: choice(TRAINING_FORMS),
    is_telegram_contact: bool(),
    is_viber_contact: bool(),
    is_whatsapp_contact: bool(),
    /** '@handle', 'handle' or a t.me link, stored as '@handle'; '' or null clears it. */
    telegram: z.pipe(
      z.transform((v: string | null) => (v === null ? '' : v)),
      z.pipe(
        z.string({ error: M.telegram }),
        z.transform((raw: string, ctx) => {
          if (!raw.trim()) return '';
          const handle = normalizeTelegram(raw);
          if (!handle) ctx.issues.push({ code: 'custom', message: M.telegram, input: raw });
          return handle ?? '';
        }),
      ),
    ),
    diplom_hp_popup: bool(),
    sms_delivery: bool(),
    email_delivery: bool(),
    /** Some kinds' switches; a kind left out, or a channel left out of a kind, stays as it is. */
    notifications: NotificationsPatch,
  }),
);
export type ProfilePatch = z.input<typeof ProfilePatch>;

/** The avatar upload (multipart/form-data): the picture in the field `file` (of several, the last one counts). */
export const AvatarUpload = z.object({
  file: z.pipe(
    z.transform((v: File | File[]): unknown => (Array.isArray(v) ? v.at(-1) : v)),
    z.file({ error: AVATAR_MESSAGES.noFile }),
  ),
});

/** An optional text of the call-back request, trimmed; '' when absent. */
const optionalText = (max: number, message: string) =>
  z._default(z.string({ error: M.notString }).check(z.trim(), z.maxLength(max, message)), '');

/** POST /api/client/callbacks/ */
export const CallbackRequestBody = body({
  phone: z.pipe(
    z
      .string({ error: (i) => (i.input === undefined ? M.phoneRequired : M.phoneInvalid) })
      .check(z.refine((p) => p.trim() !== '', M.phoneRequired)),
    Phone,
  ),
  name: optionalText(100, M.nameLength),
  comment: optionalText(1000, M.commentLength),
  /** When to call, free text ("после 18:00"). */
  time: optionalText(100, M.timeLength),
});
export type CallbackRequestBody = z.input<typeof CallbackRequestBody>;

/** POST /client/api/socials/profile/ */
export const SocialProfileLinkRequest = body({
  network_name: z.enum(SOCIAL_NETWORKS, { error: SOCIAL_LINK_MESSAGES.unknownNetwork }),
});
export type SocialProfileLinkRequest = z.input<typeof SocialProfileLinkRequest>;

/** POST /client/api/change-email/request-change/ */
export const EmailChangeRequestBody = body({ email: Email });
export type EmailChangeRequestBody = z.input<typeof EmailChangeRequestBody>;

/** The confirmation link's token: `{ token }` in the body (POST) or `?token=` (GET). */
export const EmailChangeConfirmRequest = body({
  token: z
    .string({ error: EMAIL_CHANGE_MESSAGES.tokenRequired })
    .check(z.trim(), z.minLength(1, EMAIL_CHANGE_MESSAGES.tokenRequired)),
});
export type EmailChangeConfirmRequest = z.input<typeof EmailChangeConfirmRequest>;

/** An avatar file: /client/api/profile/avatar/<px>/<name>.webp (an unknown size or name is a 404). */
export const AvatarFileParams = z.object({ px: z.string(), file: z.string() });

/** The sandbox consent page's network (an unknown one is a 400 `{ detail }` of the page) and its `?state=`. */
export const SandboxLinkParams = z.object({ network: z.string() });
export const SandboxLinkQuery = z.object({ state: z._default(z.string(), '') });

/** A browser that gets the customer's pushes. */
export const PushSubscriptionView = z.object({
  id: z.number(),
  user_agent: z.string(),
  created_at: z.string(),
});
export type PushSubscriptionView = z.infer<typeof PushSubscriptionView>;

/** GET/POST/DELETE /api/client/notifications/push/…: the key browsers subscribe with, and the browsers subscribed. */
export const PushSubscriptions = z.object({ public_key: z.string(), results: z.array(PushSubscriptionView) });
export type PushSubscriptions = z.infer<typeof PushSubscriptions>;

const pushKey = z
  .string({ error: 'Ключ подписки — строка.' })
  .check(z.regex(/^[A-Za-z0-9_-]{16,200}=*$/, 'Неверный ключ подписки.'));
/** POST /api/client/notifications/push/ — what PushSubscription.toJSON() gives in the browser. */
export const PushSubscribeRequest = body({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'Адрес подписки — ссылка http(s).' })
    .check(z.maxLength(1000)),
  keys: z.object({ p256dh: pushKey, auth: pushKey }, { error: 'Нет ключей подписки.' }),
});
export type PushSubscribeRequest = z.input<typeof PushSubscribeRequest>;
export const PushSubscriptionParams = z.object({ id: z.string() });

/** The letter's unsubscribe link: `?token=` (signed; names the customer, the kind and the channel). */
export const UnsubscribeQuery = z.object({ token: z._default(z.string(), '') });

// ---- Endpoints -------------------------------------------------------------------------------------------------
export const profileApi = {
  'GET /api/client/profile/': endpoint({ answer: Profile, errors: [401, 404], auth: 'customer' }),
  'PATCH /api/client/profile/': endpoint({
    body: ProfilePatch,
    answer: Profile,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'GET /api/client/profile/avatar/': endpoint({ answer: Avatars, errors: [401], auth: 'customer' }),
  /** Multipart: the picture in `file` (JPEG, PNG, WebP or GIF, at most 5 MB); 413 when larger. */
  'POST /api/client/profile/avatar/': endpoint({
    form: true,
    // The multipart envelope may add a little to the image itself.
    bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
    tooLarge: AVATAR_MESSAGES.tooLarge,
    answer: Avatars,
    status: 201,
    errors: [400, 401, 413],
    auth: 'customer',
  }),
  'DELETE /api/client/profile/avatar/': endpoint({ answer: Avatars, errors: [401], auth: 'customer' }),
  /** The avatar picture itself (webp): public, immutable, an unguessable name; an <img> loads it. */
  'GET /client/api/profile/avatar/:px/:file': endpoint({
    params: AvatarFileParams,
    answers: 'file',
    errors: [404],
    auth: 'public',
  }),
  'GET /api/client/profile/session/': endpoint({ answer: SessionData, errors: [401], auth: 'customer' }),
  /** Replaces the stored object; more than 16 KB of JSON is a 413. */
  'POST /api/client/profile/session/': endpoint({
    body: SessionData,
    // The raw JSON's size first (the stored copy is measured again after parsing).
    bodyLimit: SESSION_DATA_MAX_BYTES,
    tooLarge: M.sessionTooLarge,
    answer: SessionData,
    errors: [400, 401, 413],
    auth: 'customer',
  }),
  'POST /api/client/profile/subscribe/': endpoint({
    answer: SubscribeStatus,
    errors: [401],
    auth: 'customer',
  }),
  'DELETE /api/client/profile/subscribe/': endpoint({
    answer: SubscribeStatus,
    errors: [401],
    auth: 'customer',
  }),
  /** The finances (spec 7 names PATCH; a body, if any, is ignored). */
  'PATCH /api/client/profile/status/': endpoint({ answer: Finances, errors: [401], auth: 'customer' }),
  'GET /api/client/profile/status/': endpoint({ answer: Finances, errors: [401], auth: 'customer' }),
  /** Dismisses the "complete your profile" popup for good (a body, if any, is ignored). */
  'PATCH /api/client/profile/popup/': endpoint({ answer: ProfilePopup, errors: [401], auth: 'customer' }),
  'GET /client/api/profile/profile-popup/': endpoint({
    answer: ProfilePopup,
    errors: [401, 404],
    auth: 'customer',
  }),
  /** At most 3 an hour per customer: then 429 with Retry-After and a message of its own. */
  'POST /api/client/callbacks/': endpoint({
    body: CallbackRequestBody,
    answer: CallbackRequest,
    status: 201,
    errors: [400, 401, 429],
    auth: 'customer',
  }),
  /** Answers the provider page to go to (a full navigation); the browser comes back to /profile?msg=…. */
  'POST /client/api/socials/profile/': endpoint({
    body: SocialProfileLinkRequest,
    answer: SocialProfileLink,
    errors: [400, 401, 413],
    bodyLimit: SMALL_BODY_LIMIT,
    auth: 'customer',
  }),
  /** The sandbox provider's consent page (HTML; `?state=` names the customer and the network). */
  'GET /client/api/socials/profile/sandbox/:network/': endpoint({
    params: SandboxLinkParams,
    query: SandboxLinkQuery,
    answers: 'html',
    errors: [400],
    auth: 'public',
  }),
  /** The consent page's HTML form: 303 to /profile (cancelled) or /profile?msg=… (linked). */
  'POST /client/api/socials/profile/sandbox/:network/': endpoint({
    params: SandboxLinkParams,
    form: true,
    answers: 'redirect',
    status: 303,
    errors: [400, 413],
    auth: 'public',
  }),
  'GET /api/client/notifications/push/': endpoint({
    answer: PushSubscriptions,
    errors: [401],
    auth: 'customer',
  }),
  /** Subscribes this browser to the customer's pushes; answers the browsers subscribed. */
  'POST /api/client/notifications/push/': endpoint({
    body: PushSubscribeRequest,
    answer: PushSubscriptions,
    status: 201,
    errors: [400, 401, 413],
    bodyLimit: SMALL_BODY_LIMIT,
    auth: 'customer',
  }),
  'DELETE /api/client/notifications/push/:id/': endpoint({
    params: PushSubscriptionParams,
    answer: PushSubscriptions,
    errors: [401, 404],
    auth: 'customer',
  }),
  /** The letter's unsubscribe link opened in a browser: a page that asks to confirm (a read never writes). */
  'GET /api/client/notifications/unsubscribe/': endpoint({
    query: UnsubscribeQuery,
    answers: 'html',
    errors: [400],
    auth: 'public',
  }),
  /**
   * One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the link, or the
   * confirmation page's form posts here. Turns the link's kind and channel off; answers a page saying so.
   */
  'POST /api/client/notifications/unsubscribe/': endpoint({
    query: UnsubscribeQuery,
    form: true,
    answers: 'html',
    errors: [400, 413, 429],
    bodyLimit: SMALL_BODY_LIMIT,
    perCaller: PUBLIC_WRITES.UNSUBSCRIBES,
    auth: 'public',
  }),
  'GET /client/api/change-email/status/': endpoint({
    answer: EmailChangeStatus,
    errors: [401, 404],
    auth: 'customer',
  }),
  /** Mails a single-use link (24 h) to the new address; the address changes only when it is used. */
  'POST /client/api/change-email/request-change/': endpoint({
    body: EmailChangeRequestBody,
    answer: EmailChangeStatus,
    errors: [400, 401, 413, 429],
    bodyLimit: SMALL_BODY_LIMIT,
    auth: 'customer',
  }),
  'DELETE /client/api/change-email/request-change/': endpoint({
    answer: EmailChangeStatus,
    errors: [401, 404],
    auth: 'customer',
  }),
  /** The link from the e-mail, opened on any device: no sign-in needed. */
  'GET /client/api/change-email/confirm/': endpoint({
    query: EmailChangeConfirmRequest,
    answer: EmailChangeConfirmed,
    errors: [400],
    auth: 'public',
  }),
  'POST /client/api/change-email/confirm/': endpoint({
    body: EmailChangeConfirmRequest,
    answer: EmailChangeConfirmed,
    errors: [400, 413, 429],
    bodyLimit: SMALL_BODY_LIMIT,
    perCaller: PUBLIC_WRITES.EMAIL_CONFIRMATIONS,
    auth: 'public',
  }),
} as const;
