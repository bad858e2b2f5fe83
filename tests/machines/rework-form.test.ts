import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reworkFormMachine } from '../../machines/rework-form/rework-form.machine';
import {
  selectCreated,
  selectError,
  selectFieldErrors,
  selectIsSent,
  selectIsSubmitting,
} from '../../machines/rework-form/rework-form.selectors';
import type { Rework } from '../../contract/orders.api';
import { describeModel } from './coverage';
import { never } from './never';

const request = { comment: 'Добавьте выводы ко второй главе.', deadline: '2026-03-05' };
const created = { id: 3, order_id: 7, status: 'new', comment: request.comment } as Rework;
const fieldError = {
  status: 400,
  message: 'Срок сдачи — не раньше завтрашнего дня.',
  fields: { deadline: ['Срок сдачи — не раньше завтрашнего дня.'] },
};

const model = reworkFormMachine.provide({ actors: { createRework: never() } });
const input = { orderId: 7 };

describeModel(model, {
  name: 'reworkForm machine (model-based)',
  input,
  events: [
    { type: 'rework.submit', request },
    { type: 'rework.reset' },
    { type: 'xstate.done.actor.createRework', output: created },
    { type: 'xstate.error.actor.createRework', error: fieldError },
  ],
  invariants: (final, path) => {
    expect(selectIsSubmitting(final)).toBe(final.matches('submitting'));
    expect(selectIsSent(final)).toBe(selectCreated(final) !== null);
    if (final.matches('editing') && path.events.at(-1)?.type === 'xstate.error.actor.createRework') {
      expect(selectFieldErrors(final)).toEqual(fieldError.fields);
    }
    if (final.matches('submitting')) expect(selectError(final)).toBeNull();
  },
});

describe('reworkForm machine (request)', () => {
  it('sends the order id and the request', async () => {
    const calls: unknown[] = [];
    const actor = createActor(
      reworkFormMachine.provide({
        actors: {
          createRework: fromPromise(async ({ input }) => {
            calls.push(input);
            return created;
          }),
        },
      }),
      { input: { orderId: 7 } },
    ).start();
    actor.send({ type: 'rework.submit', request });
    const s = await waitFor(actor, selectIsSent);
    expect(calls).toEqual([{ orderId: 7, request }]);
    expect(selectCreated(s)).toEqual(created);
  });
});
