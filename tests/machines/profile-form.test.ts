import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { profileFormMachine } from '../../machines/profile-form/profile-form.machine';
import {
  selectError,
  selectFieldError,
  selectGroupMessage,
  selectHasFailed,
  selectInfo,
  selectIsDirty,
  selectIsLoading,
  selectIsSaved,
  selectIsSaving,
  selectLoadFailed,
  selectValue,
} from '../../machines/profile-form/profile-form.selectors';
import type {
  LoadedProfile,
  ProfileFormValues,
  SaveProfileInput,
} from '../../machines/profile-form/profile-form.types';
import { describeModel } from './coverage';
import { never } from './never';

const values: ProfileFormValues = {
  fio: 'Смирнова Анна',
  birthday: '2004-05-17',
  sex: 'female',
  phone: '+79990000001',
  education: '3',
  university: 'МГУ',
  course: '3',
  group_header: 'Э-301',
  training_form: '1',
  telegram: '@anna_smirnova',
  is_telegram_contact: true,
  is_viber_contact: false,
  is_whatsapp_contact: true,
  sms_delivery: true,
  email_delivery: true,
  notify_chat_message_email: true,
  notify_payment_needed_email: true,
  notify_payment_needed_sms: true,
  notify_work_ready_email: true,
  notify_work_ready_sms: true,
  notify_rework_answered_email: true,
  notify_guarantee_ending_email: true,
  notify_payment_received_email: true,
  notify_money_decided_email: true,
  notify_chat_message_push: true,
  notify_payment_needed_push: true,
  notify_work_ready_push: true,
  notify_rework_answered_push: true,
  notify_guarantee_ending_push: true,
  notify_payment_received_push: true,
  notify_money_decided_push: true,
};
const info: LoadedProfile['info'] = {
  email: 'anna@example.com',
  mailingStatus: 'Подписан',
  phoneConfirmed: true,
  socials: [{ network: 'vk', linked: false }],
};
const loaded: LoadedProfile = { values, info };
const afterSave: LoadedProfile = { values: { ...values, phone: '+79990000002' }, info };
const phoneTaken = { status: 400, message: 'Номер занят.', fields: { phone: ['Номер занят.'] } };
const noAnswer = { message: 'Сервер не отвечает' };

const model = profileFormMachine.provide({ actors: { loadProfile: never(), saveProfile: never() } });
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'profile.change', field: 'phone', value: '+79990000002' },
  { type: 'profile.change', field: 'sms_delivery', value: false },
  { type: 'profile.change', field: 'notify_work_ready_sms', value: false },
  { type: 'profile.save', group: 'personal' },
  { type: 'profile.save', group: 'notifications' },
  { type: 'profile.reset', group: 'personal' },
  { type: 'profile.retry' },
  { type: 'xstate.done.actor.loadProfile', output: loaded },
  { type: 'xstate.error.actor.loadProfile', error: noAnswer },
  { type: 'xstate.done.actor.saveProfile', output: afterSave },
  { type: 'xstate.error.actor.saveProfile', error: phoneTaken },
  { type: 'xstate.error.actor.saveProfile', error: noAnswer },
];

function assertInvariants(s: Snap) {
  expect(selectIsLoading(s)).toBe(s.matches('loading'));
  expect(selectLoadFailed(s)).toBe(s.matches('loadFailed'));
  if (s.matches('loadFailed')) expect(selectError(s)).toEqual(noAnswer);
  if (s.matches('ready')) {
    expect(s.context.draft).not.toBeNull();
    expect(selectInfo(s)).toEqual(info);
  }
  if (s.matches({ ready: 'saved' })) {
    expect(s.context.groupErrors[s.context.group!]).toBeUndefined();
    expect(selectIsSaved(s.context.group!)(s)).toBe(true);
    // The saved group shows what the server has.
    expect(selectIsDirty(s.context.group!)(s)).toBe(false);
  }
  if (s.matches({ ready: 'saving' })) expect(selectIsSaving(s.context.group!)(s)).toBe(true);
  if (s.matches({ ready: 'failed' })) expect(selectHasFailed(s.context.group!)(s)).toBe(true);
  if (s.matches({ ready: 'saving' })) expect(selectHasFailed(s.context.group!)(s)).toBe(false);
}

describeModel(model, {
  name: 'profile form machine (model-based)',
  events,
  pathCount: { moreThan: 20 },
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('profile form machine (scenarios)', () => {
  function start(save: (input: SaveProfileInput) => Promise<LoadedProfile>) {
    const saves: SaveProfileInput[] = [];
    const actor = createActor(
      profileFormMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => loaded),
          saveProfile: fromPromise(async ({ input }: { input: SaveProfileInput }) => {
            saves.push(input);
            return save(input);
          }),
        },
      }),
    ).start();
    return { actor, saves };
  }

  it('saves only the group asked for and keeps unsaved edits of the other groups', async () => {
    const { actor, saves } = start(async () => afterSave);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.change', field: 'phone', value: '+79990000002' });
    actor.send({ type: 'profile.change', field: 'university', value: 'СПбГУ' });
    expect(selectIsDirty('study')(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'profile.save', group: 'personal' });
    const s = await waitFor(actor, (x) => x.matches({ ready: 'saved' }));
    expect(saves).toEqual([
      {
        group: 'personal',
        values: { fio: values.fio, birthday: values.birthday, sex: 'female', phone: '+79990000002' },
        previous: { fio: values.fio, birthday: values.birthday, sex: 'female', phone: values.phone },
      },
    ]);
    expect(selectValue('phone')(s)).toBe('+79990000002');
    expect(selectValue('university')(s)).toBe('СПбГУ');
    expect(selectIsDirty('personal')(s)).toBe(false);
    expect(selectIsDirty('study')(s)).toBe(true);
  });

  it('puts field errors at their fields and drops one when that field is edited', async () => {
    const { actor } = start(async () => {
      throw { status: 400, message: 'x', fields: { phone: ['Номер занят.'], telegram: ['Неверный ник.'] } };
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.save', group: 'personal' });
    let s = await waitFor(actor, (x) => x.matches({ ready: 'failed' }));
    expect(selectFieldError('phone')(s)).toEqual(['Номер занят.']);
    // A message for a field the group does not show is shown above the group.
    expect(selectGroupMessage('personal')(s)).toBe('Неверный ник.');
    expect(selectGroupMessage('study')(s)).toBeNull();
    actor.send({ type: 'profile.change', field: 'phone', value: '+7999' });
    s = actor.getSnapshot();
    expect(selectFieldError('phone')(s)).toBeUndefined();
    expect(s.matches({ ready: 'failed' })).toBe(true);
  });

  it('shows a failure without field errors above the group', async () => {
    const { actor } = start(async () => {
      throw noAnswer;
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.save', group: 'contacts' });
    const s = await waitFor(actor, (x) => x.matches({ ready: 'failed' }));
    expect(selectGroupMessage('contacts')(s)).toBe('Сервер не отвечает');
  });

  it('keeps the refusal of one group while another group is saved', async () => {
    const { actor } = start(async (input) => {
      if (input.group === 'contacts')
        throw { status: 400, message: 'x', fields: { telegram: ['Неверный ник.'] } };
      return loaded;
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.change', field: 'telegram', value: 'ab' });
    actor.send({ type: 'profile.save', group: 'contacts' });
    await waitFor(actor, (x) => x.matches({ ready: 'failed' }));
    actor.send({ type: 'profile.save', group: 'personal' });
    const s = await waitFor(actor, (x) => x.matches({ ready: 'saved' }));
    expect(selectFieldError('telegram')(s)).toEqual(['Неверный ник.']);
    expect(selectValue('telegram')(s)).toBe('ab');
    actor.send({ type: 'profile.reset', group: 'contacts' });
    expect(selectFieldError('telegram')(actor.getSnapshot())).toBeUndefined();
  });

  it('reset brings back what the server has for one group', async () => {
    const { actor } = start(async () => afterSave);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.change', field: 'fio', value: 'Другое Имя' });
    actor.send({ type: 'profile.change', field: 'course', value: '4' });
    actor.send({ type: 'profile.reset', group: 'personal' });
    const s = actor.getSnapshot();
    expect(selectValue('fio')(s)).toBe(values.fio);
    expect(selectValue('course')(s)).toBe('4');
  });
});
