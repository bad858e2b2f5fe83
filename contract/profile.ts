// The profile issue's API contract (spec points 3 and 7 "Profile"), shared by the server and the SPA.
// Types and small constants only.

/** One entry of a choice list in the profile; exactly one (or none) is `selected`. */
export interface ProfileChoice {
  id: number;
  title: string;
  selected: boolean;
}

export const EDUCATION_LEVELS = [
  { id: 1, title: 'Школа' },
  { id: 2, title: 'Колледж / техникум' },
  { id: 3, title: 'Бакалавриат' },
  { id: 4, title: 'Специалитет' },
  { id: 5, title: 'Магистратура' },
  { id: 6, title: 'Аспирантура' },
] as const;

export const TRAINING_FORMS = [
  { id: 1, title: 'Очная' },
  { id: 2, title: 'Заочная' },
  { id: 3, title: 'Очно-заочная' },
  { id: 4, title: 'Дистанционная' },
] as const;

/** The mailing status; derived from `email_delivery` (POST/DELETE /profile/subscribe/). */
export const UNISENDER_STATUSES = {
  subscribed: { id: 1, title: 'Подписан' },
  unsubscribed: { id: 2, title: 'Отписан' },
} as const;

export type Sex = 'male' | 'female';

/** A linked (or linkable) social account of the customer. */
export interface ProfileSocial {
  network_name: string;
  linked: boolean;
}

/** GET /api/client/profile/ */
export interface Profile {
  id: number;
  fio: string;
  /** YYYY-MM-DD; null when unset (1970-01-01 and 1996-01-01 count as unset). */
  birthday: string | null;
  email: string;
  sex: Sex | null;
  /** Always with a leading +; null when unset. */
  phone: string | null;
  education: ProfileChoice[];
  university: string;
  /** 1..6 */
  course: number | null;
  group_header: string;
  training_form: ProfileChoice[];
  is_telegram_contact: boolean;
  is_viber_contact: boolean;
  is_whatsapp_contact: boolean;
  /** '@handle' or '' */
  telegram: string;
  diplom_hp_popup: boolean;
  sms_delivery: boolean;
  email_delivery: boolean;
  unisender_status: { id: number; title: string };
  socials: ProfileSocial[];
}

/**
 * PATCH /api/client/profile/ — every field optional. `education` / `training_form` take the selected id (or
 * null), or the list itself with one item `selected` (so the SPA may send back what it got). `email` is changed
 * only through /client/api/change-email/…; read-only fields sent back are ignored.
 */
export interface ProfilePatch {
  fio?: string;
  birthday?: string | null;
  sex?: Sex | null;
  phone?: string | null;
  education?: number | null | { id: number; selected: boolean }[];
  university?: string;
  course?: number | null;
  group_header?: string;
  training_form?: number | null | { id: number; selected: boolean }[];
  is_telegram_contact?: boolean;
  is_viber_contact?: boolean;
  is_whatsapp_contact?: boolean;
  telegram?: string | null;
  diplom_hp_popup?: boolean;
  sms_delivery?: boolean;
  email_delivery?: boolean;
}

/** Square avatar sizes in pixels. */
export const AVATAR_SIZES = { small: 64, medium: 160, large: 400 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

/** GET/POST/DELETE /api/client/profile/avatar/ — `avatars` is empty when there is no avatar. */
export interface Avatars {
  avatars: Partial<Record<AvatarSize, string>>;
}

/** GET/POST /api/client/profile/session/ — a free-form object of the SPA, at most this many bytes as JSON. */
export type SessionData = Record<string, unknown>;
export const SESSION_DATA_MAX_BYTES = 16 * 1024;

/** POST/DELETE /api/client/profile/subscribe/ */
export interface SubscribeStatus {
  email_delivery: boolean;
  unisender_status: { id: number; title: string };
}

/** POST /api/client/callbacks/ */
export interface CallbackRequestBody {
  phone: string;
  name?: string;
  comment?: string;
  /** When to call, free text ("после 18:00"). */
  time?: string;
}
export interface CallbackRequest {
  id: number;
  phone: string;
  name: string;
  comment: string;
  time: string;
  created_at: string;
}
/** At most this many call-back requests per customer per hour. */
export const CALLBACKS_PER_HOUR = 3;

/** GET /client/api/profile/profile-popup/ and PATCH /api/client/profile/popup/ */
export interface ProfilePopup {
  is_need_show: boolean;
}

/** POST /client/api/socials/profile/ `{ network_name }` */
export interface SocialProfileLink {
  network_name: string;
  /** Where the browser goes to finish the link (the sandbox provider page). */
  link: string;
}

/** POST /client/api/change-email/request-change/ `{ email }` */
export interface EmailChangeRequestBody {
  email: string;
}
/** A change waiting for confirmation through the link sent to the new address. */
export interface EmailChangePending {
  new_email: string;
  created_at: string;
  expires_at: string;
}
/** GET /client/api/change-email/status/ (also the answer of request-change) */
export interface EmailChangeStatus {
  email: string;
  pending: EmailChangePending | null;
}
/** GET ?token= or POST `{ token }` /client/api/change-email/confirm/ */
export interface EmailChangeConfirmed {
  email: string;
}
/** The confirmation link lives this long. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
