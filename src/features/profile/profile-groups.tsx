// The four editable groups of the profile; each is a form of its own with its own save.
import { useEffect, useId, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import {
  selectGroupMessage,
  selectInfo,
  selectIsDirty,
  selectIsSaved,
  selectIsSaving,
} from '../../../machines/profile-form/profile-form.selectors';
import type { ProfileGroup } from '../../../machines/profile-form/profile-form.types';
import { EDUCATION_LEVELS, TRAINING_FORMS, UNISENDER_STATUSES } from '../../../contract/profile';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFICATION_SWITCHES,
} from '../../../contract/notifications';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Badge } from '../../ui/primitives';
import { ProfileCheck, ProfileSelect, ProfileText, useProfileForm } from './profile-form-fields';
import * as s from './profile.css';
import { stack, text } from '../../ui/layout.css';
import { t } from './strings';
import { phoneValue } from './values';
import { useIsOffline } from '../../actors/connectivity';
import { ProfileCard } from './profile-card';
import { PushSubscribe } from './push-subscribe';

function GroupCard({
  group,
  lead,
  children,
}: {
  group: ProfileGroup;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const actor = useProfileForm();
  const selectors = useMemo(
    () => ({
      saving: selectIsSaving(group),
      saved: selectIsSaved(group),
      dirty: selectIsDirty(group),
      message: selectGroupMessage(group),
    }),
    [group],
  );
  const saving = useSelector(actor, selectors.saving);
  // Needs the server: disabled while "Нет соединения" shows (docs/features.md "Offline").
  const offline = useIsOffline();
  const saved = useSelector(actor, selectors.saved);
  const dirty = useSelector(actor, selectors.dirty);
  const message = useSelector(actor, selectors.message);
  const failed = useSelector(actor, (x) => x.matches({ ready: 'failed' }) && x.context.group === group);
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);

  // After a refused save, focus goes to the first field to fix (or the message above the group).
  useEffect(() => {
    if (!failed || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [failed]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!saving) actor.send({ type: 'profile.save', group });
  };

  return (
    <ProfileCard titleId={titleId} title={t.groups[group]} lead={lead}>
      <form ref={form} className={stack[4]} onSubmit={onSubmit} noValidate aria-busy={saving || undefined}>
        <FormErrorSummary detail={message} focusOnShow={false} />
        <fieldset className={s.fieldset} disabled={saving}>
          {children}
        </fieldset>
        <div className={s.footer}>
          <Button type="submit" loading={saving} disabled={offline}>
            {t.profile.save}
          </Button>
          {dirty && !saving && (
            <button
              type="button"
              className={s.linkButton}
              onClick={() => actor.send({ type: 'profile.reset', group })}
            >
              {t.profile.reset}
            </button>
          )}
          <span role="status" className={s.status}>
            {saved && (
              <>
                <Icon name="check" size={16} />
                {t.profile.saved}
              </>
            )}
          </span>
        </div>
      </form>
    </ProfileCard>
  );
}

const choices = (list: readonly { id: number; title: string }[]) => [
  { value: '', label: t.fields.notChosen },
  ...list.map((c) => ({ value: String(c.id), label: c.title })),
];
const EDUCATION = choices(EDUCATION_LEVELS);
const TRAINING = choices(TRAINING_FORMS);
const COURSES = [
  { value: '', label: t.fields.notChosen },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: String(n) })),
];
const SEXES = [
  { value: '', label: t.fields.sexUnset },
  { value: 'female', label: t.fields.female },
  { value: 'male', label: t.fields.male },
];

/** Today's date minus 14 years: the latest birthday the server accepts (the picker's max). */
function latestBirthday(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 14);
  return d.toISOString().slice(0, 10);
}

export function PersonalGroup() {
  const max = useMemo(() => latestBirthday(), []);
  return (
    <GroupCard group="personal">
      <ProfileText field="fio" label={t.fields.fio} autoComplete="name" />
      <div className={s.twoFields}>
        <ProfileText field="birthday" label={t.fields.birthday} type="date" autoComplete="bday" max={max} />
        <ProfileSelect field="sex" label={t.fields.sex} options={SEXES} />
      </div>
      <ProfileText
        field="phone"
        label={t.fields.phone}
        hint={t.fields.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        normalize={(v) => phoneValue(v.trim())}
      />
    </GroupCard>
  );
}

export function StudyGroup() {
  return (
    <GroupCard group="study">
      <ProfileSelect field="education" label={t.fields.education} options={EDUCATION} />
      <ProfileText field="university" label={t.fields.university} autoComplete="organization" />
      <div className={s.twoFields}>
        <ProfileSelect field="course" label={t.fields.course} options={COURSES} />
        <ProfileSelect field="training_form" label={t.fields.trainingForm} options={TRAINING} />
      </div>
      <ProfileText field="group_header" label={t.fields.groupHeader} />
    </GroupCard>
  );
}

export function ContactsGroup() {
  return (
    <GroupCard group="contacts">
      <ProfileText
        field="telegram"
        label={t.fields.telegram}
        hint={t.fields.telegramHint}
        autoCapitalize="none"
        spellCheck={false}
      />
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t.fields.contactsLegend}</legend>
        <div className={stack[3]}>
          <ProfileCheck field="is_telegram_contact" label={t.fields.isTelegram} />
          <ProfileCheck field="is_viber_contact" label={t.fields.isViber} />
          <ProfileCheck field="is_whatsapp_contact" label={t.fields.isWhatsapp} />
        </div>
      </fieldset>
    </GroupCard>
  );
}

export function NotificationsGroup() {
  const actor = useProfileForm();
  const info = useSelector(actor, selectInfo);
  return (
    <GroupCard group="notifications">
      <div className={stack[3]}>
        <ProfileCheck field="sms_delivery" label={t.fields.sms} hint={t.fields.smsHint} />
        <ProfileCheck
          field="email_delivery"
          label={t.fields.emailDelivery}
          hint={t.fields.emailDeliveryHint}
        />
      </div>
      <div className={stack[3]}>
        <p className={text.muted}>{t.notifications.lead}</p>
        {info && !info.phoneConfirmed && <p className={text.muted}>{t.notifications.phoneUnconfirmed}</p>}
        {NOTIFICATION_KIND_NAMES.map((kind) => (
          <fieldset key={kind} className={s.fieldset}>
            <legend className={s.legend}>{NOTIFICATION_KINDS[kind].title}</legend>
            <div className={s.switchRow}>
              {NOTIFICATION_SWITCHES.filter((sw) => sw.kind === kind).map((sw) => (
                <ProfileCheck key={sw.key} field={sw.key} label={t.notifications.channels[sw.channel]} />
              ))}
            </div>
          </fieldset>
        ))}
        <PushSubscribe />
      </div>
      {info?.mailingStatus && (
        <p className={text.muted}>
          {t.fields.mailingStatus}:{' '}
          <Badge tone={info.mailingStatus === UNISENDER_STATUSES.subscribed.title ? 'success' : 'neutral'}>
            {info.mailingStatus}
          </Badge>
        </p>
      )}
    </GroupCard>
  );
}
