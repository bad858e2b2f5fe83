import { assign, fromPromise, setup } from 'xstate';
import { newAttemptSeed } from '../shared/attempt-seed';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type { PayRequest, PayResponse } from '../../contract/payments.api';
import type { PayInput, PaymentContext, PaymentEvent, PaymentInput } from './payment.types';

/** The Idempotency-Key of an attempt: one per customer attempt, the same for its retries. */
export const attemptKey = (seed: string, attempt: number) => `pay-${seed}-${attempt}`;

/** Two requests are the same attempt when they would pay the same thing the same way. */
export function sameRequest(a: PayRequest | null, b: PayRequest): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One checkout: the customer chooses (method, bonus, balance), submits once (the button is locked while the call
 * runs: `payment.submit` is ignored in `submitting`), then either the balances paid at once, or the browser goes to
 * the provider's page, or the call failed and may be retried with the same Idempotency-Key.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** POST /api/client/payments/pay/ with the Idempotency-Key header; provided by the payments feature. */
    pay: fromPromise<PayResponse, PayInput>(() =>
      Promise.reject(new Error('payment: "pay" is not provided')),
    ),
  },
  actions: {
    startAttempt: assign(({ context }, request: PayRequest) => ({
      attempt: context.attempt + 1,
      request,
      error: null,
    })),
    clearError: assign({ error: null }),
    assignPaid: assign((_, answer: PayResponse) => ({
      paid: answer.status === 'paid' ? answer : null,
    })),
    assignRedirect: assign((_, answer: PayResponse) => ({
      redirectUrl: answer.status === 'redirect' ? answer.redirect_url : null,
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    /** Full navigation to the provider's pay page; provided in the feature (location.assign). */
    goToProvider: (_, _url: string) => {},
    /** The balances changed: hand them to the session (header); provided in the feature. */
    reportFinances: (_, _finances: { money: number; bonus: number }) => {},
  },
  guards: {
    isRedirect: (_, answer: PayResponse) => answer.status === 'redirect',
    repeatsFailedAttempt: ({ context }, request: PayRequest) => sameRequest(context.request, request),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    seed: input.seed ?? newAttemptSeed(),
    attempt: 0,
    request: null,
    paid: null,
    redirectUrl: null,
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The customer chooses the method, bonus and balance use.',
      on: {
        'payment.submit': {
          target: 'submitting',
          actions: { type: 'startAttempt', params: ({ event }) => event.request },
        },
      },
    },

    submitting: {
      description: 'POST pay/ is running; the pay button is locked (further submits are ignored).',
      tags: ['loading'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          request: context.request!,
          idempotencyKey: attemptKey(context.seed, context.attempt),
        }),
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: [
              { type: 'assignRedirect', params: ({ event }) => event.output },
              {
                type: 'goToProvider',
                params: ({ event }) => (event.output.status === 'redirect' ? event.output.redirect_url : ''),
              },
            ],
          },
          {
            target: 'paid',
            actions: [
              { type: 'assignPaid', params: ({ event }) => event.output },
              {
                type: 'reportFinances',
                params: ({ event }) =>
                  event.output.status === 'paid'
                    ? { money: event.output.money, bonus: event.output.bonus }
                    : { money: 0, bonus: 0 },
              },
            ],
          },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    redirecting: {
      description: "The browser is leaving for the provider's pay page; the button stays locked.",
      tags: ['loading'],
    },

    paid: {
      description: 'Paid from the balances at once (no provider page).',
      type: 'final',
    },

    failed: {
      description:
        'The call failed; the same attempt may be retried with the same key, or a changed one submitted.',
      on: {
        'payment.retry': { target: 'submitting', actions: 'clearError' },
        'payment.submit': [
          {
            guard: { type: 'repeatsFailedAttempt', params: ({ event }) => event.request },
            target: 'submitting',
            actions: 'clearError',
            description: 'Nothing changed since the failure: a retry of the same attempt (same key).',
          },
          {
            target: 'submitting',
            actions: { type: 'startAttempt', params: ({ event }) => event.request },
            description: 'The customer changed the choice: a new attempt with a new key.',
          },
        ],
      },
    },
  },
});
