import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { callbackFormMachine } from '../../machines/callback-form/callback-form.machine';
import {
  selectDetail,
  selectFieldError,
  selectIsSending,
  selectIsSent,
  selectTooMany,
} from '../../machines/callback-form/callback-form.selectors';
import type { CallbackRequestValues } from '../../machines/callback-form/callback-form.types';
import { describeModel } from './coverage';
import { never } from './never';

const request = { phone: '+79001234567', name: 'Анна', time: 'после 18:00', comment: 'Вопрос' };
const noPhone = { ...request, phone: '  ' };
const tooMany = { status: 429, message: 'Заявок уже достаточно: новую заявку можно оставить позже.' };
const badPhone = { status: 400, message: 'Проверьте поля.', fields: { phone: ['Неверный номер телефона.'] } };
const down = { message: 'Сервер не отвечает' };

const focused: number[] = [];
const model = callbackFormMachine.provide({
  actors: { sendCallback: never() },
  actions: { focusProblem: () => void focused.push(1) },
});
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'callback.submit', request },
  { type: 'callback.submit', request: noPhone },
  { type: 'callback.edit', field: 'phone' },
  { type: 'callback.edit', field: 'comment' },
  { type: 'callback.again' },
  { type: 'xstate.done.actor.sendCallback', output: { id: 1 } },
  { type: 'xstate.error.actor.sendCallback', error: tooMany },
  { type: 'xstate.error.actor.sendCallback', error: badPhone },
  { type: 'xstate.error.actor.sendCallback', error: down },
];

const serializeState = (s: Snap) => JSON.stringify({ value: s.value, context: s.context });
const phoneError = selectFieldError('phone', 'Укажите телефон');

function assertInvariants(s: Snap) {
  expect(selectIsSending(s)).toBe(s.value === 'sending');
  expect(selectIsSent(s)).toBe(s.value === 'sent');
  // Nothing is sent without a phone, and the 429 is its own notice, never the summary.
  if (s.value === 'sending') expect(s.context.request?.phone.trim()).not.toBe('');
  if (selectTooMany(s)) expect(selectDetail(s)).toBeNull();
  if (s.context.phoneMissing) expect(phoneError(s)).toBe('Укажите телефон');
}

describeModel(model, {
  name: 'callback form machine (model-based)',
  events,
  serializeState,
  agreeOn: serializeState,
  invariants: assertInvariants,
});

describe('callback form machine (scenarios)', () => {
  function start(answer: (input: CallbackRequestValues) => Promise<unknown>) {
    const sent: CallbackRequestValues[] = [];
    const focus = vi.fn();
    const actor = createActor(
      callbackFormMachine.provide({
        actors: {
          sendCallback: fromPromise<unknown, CallbackRequestValues>(({ input }) => {
            sent.push(input);
            return answer(input);
          }),
        },
        actions: { focusProblem: focus },
      }),
    ).start();
    return { actor, sent, focus };
  }

  it('an empty phone is refused before sending; editing the phone clears the message', () => {
    const { actor, sent, focus } = start(async () => ({}));
    actor.send({ type: 'callback.submit', request: noPhone });
    expect(sent).toEqual([]);
    expect(focus).toHaveBeenCalledOnce();
    expect(phoneError(actor.getSnapshot())).toBe('Укажите телефон');
    actor.send({ type: 'callback.edit', field: 'name' });
    expect(phoneError(actor.getSnapshot())).toBe('Укажите телефон');
    actor.send({ type: 'callback.edit', field: 'phone' });
    expect(phoneError(actor.getSnapshot())).toBeUndefined();
  });

  it('sends the request, then lets the customer leave another one', async () => {
    const { actor, sent } = start(async () => ({ id: 1 }));
    actor.send({ type: 'callback.submit', request });
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'callback.submit', request }); // a second click while sending does nothing
    await waitFor(actor, selectIsSent);
    expect(sent).toEqual([request]);
    actor.send({ type: 'callback.again' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('the hourly limit comes back to the form as its own notice', async () => {
    const { actor, focus } = start(async () => {
      throw tooMany;
    });
    actor.send({ type: 'callback.submit', request });
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.error !== null);
    expect(selectTooMany(s)).toBe(true);
    expect(selectDetail(s)).toBeNull();
    expect(focus).toHaveBeenCalledOnce();
  });

  it('a field refusal is shown at the field, other failures in the summary', async () => {
    const answers = [badPhone, down];
    const { actor } = start(async () => {
      throw answers.shift();
    });
    actor.send({ type: 'callback.submit', request });
    let s = await waitFor(actor, (x) => x.matches('editing') && x.context.error !== null);
    expect(phoneError(s)).toEqual(['Неверный номер телефона.']);
    expect(selectDetail(s)).toBeNull();
    actor.send({ type: 'callback.submit', request });
    expect(actor.getSnapshot().context.error).toBeNull();
    s = await waitFor(actor, (x) => x.matches('editing') && x.context.error !== null);
    expect(selectDetail(s)).toBe('Сервер не отвечает');
  });
});
