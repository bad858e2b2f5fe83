import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { attemptKey, splitRefusal, submissionMachine } from '../../machines/submission/submission.machine';
import {
  selectAttemptKey,
  selectDetail,
  selectError,
  selectFieldError,
  selectIsBusy,
  selectIsDone,
  selectResult,
} from '../../machines/submission/submission.selectors';
import type { FieldMessages, SubmitInput } from '../../machines/submission/submission.types';
import { describeModel } from './coverage';
import { never } from './never';

const fields = ['email', 'password'];
const good = { email: 'anna@example.com', password: 'correct-horse-42' };
const changed = { ...good, password: 'another-horse-43' };
const bad = { email: 'anna', password: '1' };
const problems: FieldMessages = { email: ['Введите правильный адрес электронной почты.'] };
const taken = {
  status: 400,
  message: 'Проверьте поля.',
  fields: { email: ['Пользователь с таким e-mail уже зарегистрирован.'] },
};
const hidden = { status: 400, message: 'Проверьте поля.', fields: { phone: ['Неверный номер.'] } };
const down = { message: 'Сервер не отвечает' };
const answer = { access: 'a', expires_in: 300 };

const model = submissionMachine.provide({ actors: { validate: never(), submit: never() } });
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'submission.submit', request: good },
  { type: 'submission.submit', request: changed },
  { type: 'submission.edit', field: 'email' },
  {
    type: 'submission.checked',
    field: 'password',
    messages: ['Пароль должен содержать не менее 8 символов.'],
  },
  { type: 'submission.checked', field: 'password', messages: [] },
  { type: 'submission.checked', field: 'fio', messages: ['не показано'] },
  { type: 'submission.retry' },
  { type: 'submission.refused', error: { status: 400, message: 'Неверный код.' } },
  { type: 'submission.reset' },
  { type: 'xstate.done.actor.validate', output: {} },
  { type: 'xstate.done.actor.validate', output: problems },
  { type: 'xstate.error.actor.validate', error: new Error('chunk failed') },
  { type: 'xstate.done.actor.submit', output: answer },
  { type: 'xstate.error.actor.submit', error: taken },
  { type: 'xstate.error.actor.submit', error: hidden },
  { type: 'xstate.error.actor.submit', error: down },
];

function assertInvariants(s: Snap) {
  expect(selectIsBusy(s)).toBe(s.matches('validating') || s.matches('submitting'));
  expect(selectIsDone(s)).toBe(s.matches('done'));
  if (s.matches('done')) expect(selectResult(s)).toEqual(answer);
  // Only the fields the form shows carry messages; a refusal is shown somewhere, never lost.
  for (const name of Object.keys(s.context.fieldErrors)) expect(fields).toContain(name);
  const refusal = selectError(s);
  if (s.matches('failed') && refusal && !Object.keys(refusal.fields ?? {}).some((f) => fields.includes(f)))
    expect(selectDetail(s)).toBe(
      refusal.fields ? Object.values(refusal.fields).flat().join(' ') : refusal.message,
    );
  if (s.matches('submitting')) expect(s.context.attempt).toBeGreaterThan(0);
  if (s.context.attempt > 0) expect(selectAttemptKey(s)).toBe(attemptKey('s', s.context.attempt));
}

describeModel(model, {
  name: 'submission machine (model-based)',
  events,
  input: { fields, seed: 's' },
  filterEvents: (s) => s.context.attempt < 3,
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('submission machine (scenarios)', () => {
  function start(answers: { validate?: (r: unknown) => FieldMessages; submit: (i: SubmitInput) => unknown }) {
    const sent: SubmitInput[] = [];
    const emitted: string[] = [];
    const actor = createActor(
      submissionMachine.provide({
        actors: {
          validate: fromPromise<FieldMessages, { request: unknown }>(async ({ input }) =>
            answers.validate ? answers.validate(input.request) : {},
          ),
          submit: fromPromise<unknown, SubmitInput>(async ({ input }) => {
            sent.push(input);
            return answers.submit(input);
          }),
        },
      }),
      { input: { fields, seed: 's' } },
    );
    actor.on('*', (e) => void emitted.push(e.type));
    actor.start();
    return { actor, sent, emitted };
  }

  it('a request the schema refuses is not sent: the messages go to their fields, focus is asked for', async () => {
    const { actor, sent, emitted } = start({
      validate: (r) => (r === bad ? problems : {}),
      submit: () => answer,
    });
    actor.send({ type: 'submission.submit', request: bad });
    const s = await waitFor(actor, (x) => x.matches('idle'));
    expect(sent).toEqual([]);
    expect(selectFieldError('email')(s)).toEqual(problems.email);
    expect(emitted).toEqual(['submission.problem']);
    actor.send({ type: 'submission.edit', field: 'email' });
    expect(selectFieldError('email')(actor.getSnapshot())).toBeUndefined();
  });

  it('the server’s field errors go to their fields, others and the detail above the form', async () => {
    const answers = [taken, hidden, down];
    const { actor } = start({
      submit: () => {
        throw answers.shift();
      },
    });
    actor.send({ type: 'submission.submit', request: good });
    let s = await waitFor(actor, (x) => x.matches('failed'));
    expect(selectFieldError('email')(s)).toEqual(taken.fields.email);
    expect(selectDetail(s)).toBeNull();
    expect(selectError(s)?.status).toBe(400);

    actor.send({ type: 'submission.submit', request: good });
    s = await waitFor(actor, (x) => x.matches('failed') && x.context.error !== null);
    expect(s.context.fieldErrors).toEqual({});
    expect(selectDetail(s)).toBe('Неверный номер.');

    actor.send({ type: 'submission.submit', request: good });
    s = await waitFor(actor, (x) => x.matches('failed') && x.context.error !== null);
    expect(selectDetail(s)).toBe('Сервер не отвечает');
  });

  it('one Idempotency-Key per request: the same on an unchanged retry, a new one once changed', async () => {
    let fail = 2;
    const { actor, sent, emitted } = start({
      submit: () => {
        if (fail-- > 0) throw down;
        return answer;
      },
    });
    actor.send({ type: 'submission.submit', request: good });
    await waitFor(actor, (x) => x.matches('failed'));
    actor.send({ type: 'submission.submit', request: good });
    await waitFor(actor, (x) => x.matches('failed') && x.context.error !== null);
    actor.send({ type: 'submission.submit', request: changed });
    const s = await waitFor(actor, selectIsDone);
    expect(sent.map((c) => c.idempotencyKey)).toEqual(['form-s-1', 'form-s-1', 'form-s-2']);
    expect(selectResult(s)).toEqual(answer);
    expect(emitted.at(-1)).toBe('submission.done');
  });

  it('when the checks cannot load, the server checks alone', async () => {
    const { actor, sent } = start({
      validate: () => {
        throw new Error('Failed to fetch dynamically imported module');
      },
      submit: () => answer,
    });
    actor.send({ type: 'submission.submit', request: good });
    await waitFor(actor, selectIsDone);
    expect(sent.map((c) => c.request)).toEqual([good]);
  });

  it('a refusal from before the form (e.g. a dead auto-login link) is shown above it', () => {
    const actor = createActor(submissionMachine, {
      input: { fields, error: { status: 400, message: 'Ссылка для входа недействительна или устарела.' } },
    }).start();
    expect(selectDetail(actor.getSnapshot())).toBe('Ссылка для входа недействительна или устарела.');
  });

  it('splitRefusal keeps the detail when no shown field is named', () => {
    expect(splitRefusal({ message: 'x', fields: { password: ['p'] } }, fields)).toEqual({
      fieldErrors: { password: ['p'] },
      detail: null,
    });
    expect(splitRefusal(null, fields)).toEqual({ fieldErrors: {}, detail: null });
  });
});
