// The API's Profile ↔ the form values of the profile machine, and the IO the machines are given.
import type { Profile, ProfileChoice, ProfilePatch, EmailChangeStatus } from '../../../contract/profile.api';
import type {
  LoadedProfile,
  ProfileFormValues,
  SaveProfileInput,
} from '../../../machines/profile-form/profile-form.types';
import type { EmailChangeState } from '../../../machines/email-change/email-change.types';
import { fetchProfile, patchProfile, setSubscribed } from './api';
import { NOTIFICATION_SWITCHES, type NotificationSwitch } from '../../../contract/notifications';
import type { NotificationsPatch } from '../../../contract/profile.api';

/** Placeholders the old back office stored for "no birthday" (spec point 3). */
const UNSET_BIRTHDAYS = new Set(['1970-01-01', '1996-01-01']);

export const birthdayValue = (birthday: string | null | undefined) =>
  !birthday || UNSET_BIRTHDAYS.has(birthday) ? '' : birthday;

/** Spec point 3: a leading + is added when missing. */
export const phoneValue = (phone: string | null | undefined) =>
  !phone ? '' : phone.startsWith('+') ? phone : `+${phone}`;

const selectedId = (list: ProfileChoice[]) => {
  const picked = list.find((c) => c.selected);
  return picked ? String(picked.id) : '';
};

export function toLoaded(p: Profile): LoadedProfile {
  return {
    values: {
      fio: p.fio ?? '',
      birthday: birthdayValue(p.birthday),
      sex: p.sex ?? '',
      phone: phoneValue(p.phone),
      education: selectedId(p.education),
      university: p.university ?? '',
      course: p.course == null ? '' : String(p.course),
      group_header: p.group_header ?? '',
      training_form: selectedId(p.training_form),
      telegram: p.telegram ?? '',
      is_telegram_contact: p.is_telegram_contact,
      is_viber_contact: p.is_viber_contact,
      is_whatsapp_contact: p.is_whatsapp_contact,
      sms_delivery: p.sms_delivery,
      email_delivery: p.email_delivery,
      ...(Object.fromEntries(
        NOTIFICATION_SWITCHES.map((s) => [s.key, p.notifications?.[s.kind]?.[s.channel] === true]),
      ) as Record<NotificationSwitch, boolean>),
    },
    info: {
      email: p.email,
      mailingStatus: p.unisender_status?.title ?? '',
      phoneConfirmed: p.phone_confirmed === true,
      socials: (p.socials ?? []).map((s) => ({ network: s.network_name, linked: s.linked })),
    },
  };
}

const idOrNull = (v: string) => (v === '' ? null : Number(v));
const textOrNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The PATCH body of the fields given (only those). */
export function toPatch(values: Partial<ProfileFormValues>): ProfilePatch {
  const patch: ProfilePatch = {};
  const v = values;
  if (v.fio !== undefined) patch.fio = v.fio;
  if (v.birthday !== undefined) patch.birthday = textOrNull(v.birthday);
  if (v.sex !== undefined) patch.sex = v.sex === '' ? null : v.sex;
  if (v.phone !== undefined)
    patch.phone = v.phone.trim() === '' ? null : phoneValue(v.phone.trim().replace(/[\s()-]/g, ''));
  if (v.education !== undefined) patch.education = idOrNull(v.education);
  if (v.university !== undefined) patch.university = v.university;
  if (v.course !== undefined) patch.course = idOrNull(v.course);
  if (v.group_header !== undefined) patch.group_header = v.group_header;
  if (v.training_form !== undefined) patch.training_form = idOrNull(v.training_form);
  if (v.telegram !== undefined) patch.telegram = v.telegram;
  if (v.is_telegram_contact !== undefined) patch.is_telegram_contact = v.is_telegram_contact;
  if (v.is_viber_contact !== undefined) patch.is_viber_contact = v.is_viber_contact;
  if (v.is_whatsapp_contact !== undefined) patch.is_whatsapp_contact = v.is_whatsapp_contact;
  if (v.sms_delivery !== undefined) patch.sms_delivery = v.sms_delivery;
  const notifications: Record<string, Record<string, boolean>> = {};
  for (const s of NOTIFICATION_SWITCHES) {
    const on = v[s.key];
    if (on !== undefined) (notifications[s.kind] ??= {})[s.channel] = on;
  }
  if (Object.keys(notifications).length) patch.notifications = notifications as NotificationsPatch;
  return patch;
}

export const loadProfile = async () => toLoaded(await fetchProfile());

/**
 * Saves one group. The mailing switch goes through the subscription call (POST/DELETE subscribe/), the rest
 * through PATCH; the answer is the profile after both.
 */
export async function saveProfile({ group, values, previous }: SaveProfileInput): Promise<LoadedProfile> {
  if (
    group === 'notifications' &&
    values.email_delivery !== undefined &&
    values.email_delivery !== previous.email_delivery
  )
    await setSubscribed(values.email_delivery);
  const patch = toPatch(values);
  const profile = Object.keys(patch).length ? await patchProfile(patch) : await fetchProfile();
  return toLoaded(profile);
}

export const toEmailChangeState = (s: EmailChangeStatus): EmailChangeState => ({
  email: s.email,
  pending: s.pending ? { newEmail: s.pending.new_email, expiresAt: s.pending.expires_at } : null,
});
