import type { SocialNetwork } from '../../contract/auth';
import { NOTIFICATION_SWITCHES, type NotificationSwitch } from '../../contract/notifications';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/**
 * The profile as the form edits it: text inputs hold strings ('' = unset), choices hold the selected id as text,
 * switches hold booleans. The feature maps the API's Profile to these values and back.
 */
export interface ProfileFormValues extends Record<NotificationSwitch, boolean> {
  fio: string;
  /** YYYY-MM-DD or '' */
  birthday: string;
  sex: '' | 'male' | 'female';
  phone: string;
  /** The selected education id, or '' */
  education: string;
  university: string;
  /** '1'…'6' or '' */
  course: string;
  group_header: string;
  /** The selected training form id, or '' */
  training_form: string;
  telegram: string;
  is_telegram_contact: boolean;
  is_viber_contact: boolean;
  is_whatsapp_contact: boolean;
  /** SMS notifications at all; each kind's SMS switch counts only while this is on. */
  sms_delivery: boolean;
  /** The newsletter consent («Рассылка на e-mail»), not the service letters. */
  email_delivery: boolean;
}
export type ProfileField = keyof ProfileFormValues;

/** The groups of the page; each is saved on its own (a PATCH with only its fields). */
export const PROFILE_GROUPS = {
  personal: ['fio', 'birthday', 'sex', 'phone'],
  study: ['education', 'university', 'course', 'group_header', 'training_form'],
  contacts: ['telegram', 'is_telegram_contact', 'is_viber_contact', 'is_whatsapp_contact'],
  /** The channel switches, then each service notification's per kind and channel (contract/notifications.ts). */
  notifications: ['sms_delivery', 'email_delivery', ...NOTIFICATION_SWITCHES.map((s) => s.key)],
} as const satisfies Record<string, readonly ProfileField[]>;
export type ProfileGroup = keyof typeof PROFILE_GROUPS;

/** The group a field belongs to. */
export const groupOf = (field: ProfileField): ProfileGroup =>
  (Object.keys(PROFILE_GROUPS) as ProfileGroup[]).find((g) =>
    (PROFILE_GROUPS[g] as readonly ProfileField[]).includes(field),
  )!;

/** What the page shows but does not edit in this form. */
export interface ProfileInfo {
  email: string;
  /** The mailing status title ('Подписан' / 'Отписан'). */
  mailingStatus: string;
  /** SMS notifications go only to a confirmed phone. */
  phoneConfirmed: boolean;
  socials: { network: SocialNetwork; linked: boolean }[];
}

/** What loading or saving answers: the form values and the read-only part. */
export interface LoadedProfile {
  values: ProfileFormValues;
  info: ProfileInfo;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ProfileFormContext {
  /** The values the server has (after the last load or save). */
  saved: ProfileFormValues | null;
  /** The values on screen. */
  draft: ProfileFormValues | null;
  info: ProfileInfo | null;
  /** The group being saved, or the one the last save was for (its "saved" is shown there). */
  group: ProfileGroup | null;
  /** Why the profile did not load. */
  error: ApiErrorInfo | null;
  /** Why the last save of a group was refused; kept per group until that group is edited, reset or saved. */
  groupErrors: Partial<Record<ProfileGroup, ApiErrorInfo>>;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ProfileFormEvent =
  | { type: 'profile.change'; field: ProfileField; value: string | boolean }
  | { type: 'profile.save'; group: ProfileGroup }
  /** Drops the unsaved edits of one group. */
  | { type: 'profile.reset'; group: ProfileGroup }
  | { type: 'profile.retry' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface SaveProfileInput {
  group: ProfileGroup;
  /** The group's values on screen. */
  values: Partial<ProfileFormValues>;
  /** The group's values the server has (e.g. to tell a subscription change). */
  previous: Partial<ProfileFormValues>;
}
