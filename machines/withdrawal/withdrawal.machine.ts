import { assign, fromPromise, setup } from 'xstate';
import { newAttemptSeed } from '../shared/attempt-seed';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type {
  MoneyOutRequest,
  MoneyOutResult,
  SubmitInput,
  WithdrawalContext,
  WithdrawalEvent,
  WithdrawalInput,
} from './withdrawal.types';

export const attemptKey = (seed: string, attempt: number) => `out-${seed}-${attempt}`;

const sameRequest = (a: MoneyOutRequest | null, b: MoneyOutRequest) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * One money-out form (withdrawal, storno refund, refund claim): editing → submitting (locked) → done | failed.
 * Every attempt has its Idempotency-Key; a retry of an unchanged failed request reuses it, so a lost answer never
 * sends the money twice.
 */
export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    /** The POST of the form, with the Idempotency-Key header; provided by the withdraw feature. */
    submit: fromPromise<MoneyOutResult, SubmitInput>(() =>
      Promise.reject(new Error('withdrawal: "submit" is not provided')),
    ),
  },
  actions: {
    startAttempt: assign(({ context }, request: MoneyOutRequest) => ({
      attempt: context.attempt + 1,
      request,
      error: null,
    })),
    clearError: assign({ error: null }),
    assignResult: assign((_, result: MoneyOutResult) => ({ result })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    forget: assign({ request: null, result: null, error: null }),
    /** The balances changed: hand them to the session (header); provided in the feature. */
    reportFinances: (_, _result: MoneyOutResult) => {},
  },
  guards: {
    repeatsFailedAttempt: ({ context }, request: MoneyOutRequest) => sameRequest(context.request, request),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    seed: input.seed ?? newAttemptSeed(),
    attempt: 0,
    request: null,
    result: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'withdrawal.submit': {
          target: 'submitting',
          actions: { type: 'startAttempt', params: ({ event }) => event.request },
        },
      },
    },

    submitting: {
      description: 'The POST runs; the submit button is locked (further submits are ignored).',
      tags: ['loading'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          request: context.request!,
          idempotencyKey: attemptKey(context.seed, context.attempt),
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignResult', params: ({ event }) => event.output },
            { type: 'reportFinances', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    done: {
      on: { 'withdrawal.reset': { target: 'editing', actions: 'forget' } },
    },

    failed: {
      on: {
        'withdrawal.retry': { target: 'submitting', actions: 'clearError' },
        'withdrawal.submit': [
          {
            guard: { type: 'repeatsFailedAttempt', params: ({ event }) => event.request },
            target: 'submitting',
            actions: 'clearError',
            description: 'Unchanged since the failure: a retry with the same key.',
          },
          {
            target: 'submitting',
            actions: { type: 'startAttempt', params: ({ event }) => event.request },
            description: 'Changed: a new attempt with a new key.',
          },
        ],
      },
    },
  },
});
