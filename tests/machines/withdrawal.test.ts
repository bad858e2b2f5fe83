import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { attemptKey, withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import {
  selectAttemptKey,
  selectError,
  selectIsDone,
  selectIsSubmitting,
  selectResult,
} from '../../machines/withdrawal/withdrawal.selectors';
import type { MoneyOutResult, SubmitInput } from '../../machines/withdrawal/withdrawal.types';
import { describeModel } from './coverage';
import { never } from './never';

const w500 = { amount: 500, method: 'card', requisites: { card_number: '4111111111111111' } };
const w600 = { ...w500, amount: 600 };
const done = { id: 1, amount: 500, status: 'processing', money: 1950, bonus: 700 };
const input = { seed: 's' };

const model = withdrawalMachine.provide({ actors: { submit: never() } });
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'withdrawal.submit', request: w500 },
  { type: 'withdrawal.submit', request: w600 },
  { type: 'withdrawal.retry' },
  { type: 'withdrawal.reset' },
  { type: 'xstate.done.actor.submit', output: done },
  { type: 'xstate.error.actor.submit', error: { status: 400, message: 'Минимальная сумма вывода — 100 ₽.' } },
];

function assertInvariants(s: Snap) {
  expect(selectIsSubmitting(s)).toBe(s.matches('submitting'));
  expect(selectIsDone(s)).toBe(s.matches('done'));
  if (s.matches('done')) expect(selectResult(s)).toEqual(done);
  if (s.matches('failed')) expect(selectError(s)?.status).toBe(400);
  if (s.context.attempt > 0) expect(selectAttemptKey(s)).toBe(attemptKey('s', s.context.attempt));
}

describeModel(model, {
  name: 'withdrawal machine (model-based)',
  events,
  input,
  filterEvents: (s) => s.context.attempt < 3,
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('withdrawal machine (scenarios)', () => {
  it('one key per attempt, the same key on retry; reports the new balance once done', async () => {
    const calls: SubmitInput[] = [];
    const reported: MoneyOutResult[] = [];
    let fail = true;
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          submit: fromPromise<MoneyOutResult, SubmitInput>(async ({ input }) => {
            calls.push(input);
            if (fail) throw { message: 'Сервер не отвечает' };
            return done;
          }),
        },
        actions: { reportFinances: (_, r) => reported.push(r) },
      }),
      { input },
    ).start();
    actor.send({ type: 'withdrawal.submit', request: w500 });
    actor.send({ type: 'withdrawal.submit', request: w500 });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'withdrawal.submit', request: w500 });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['out-s-1', 'out-s-1']);
    expect(reported).toEqual([done]);
    actor.send({ type: 'withdrawal.reset' });
    actor.send({ type: 'withdrawal.submit', request: w600 });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['out-s-1', 'out-s-1', 'out-s-2']);
  });
});
