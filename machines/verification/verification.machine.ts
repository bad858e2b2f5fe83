import { type ErrorActorEvent, assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import { VERIFICATION_RESEND_MS, type VerificationStatus } from '../../contract/payments';
import type {
  CheckCodeInput,
  KindInput,
  VerificationContext,
  VerificationEvent,
  VerificationInput,
} from './verification.types';

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`verification: actor "${name}" is not provided`));
}

/** A 429 of the code request carries the server's Retry-After: the resend waits that long. */
export function retryAfterMs(error: unknown): number | null {
  const e = error as { status?: unknown; retryAfterSec?: unknown } | null;
  if (!e || e.status !== 429) return null;
  const sec = typeof e.retryAfterSec === 'number' && e.retryAfterSec > 0 ? e.retryAfterSec : 60;
  return Math.ceil(sec) * 1000;
}

/**
 * The SMS verification of one kind (repayment or bonus), spec 3/4: unverified → requested → verified. A sent code
 * starts a resend cooldown (60 s, or Retry-After of a 429); a wrong code keeps the customer on the code form.
 */
export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput,
  },
  actors: {
    /** GET verification-status/{kind}/ */
    loadStatus: fromPromise<VerificationStatus, KindInput>(() => notProvided('loadStatus')),
    /** POST verificate-code/{kind}/ — sends the SMS; 429 (with retryAfterSec) inside a minute of the last one. */
    requestCode: fromPromise<VerificationStatus, KindInput>(() => notProvided('requestCode')),
    /** PATCH verificate-code/{kind}/ { code } */
    checkCode: fromPromise<VerificationStatus, CheckCodeInput>(() => notProvided('checkCode')),
  },
  actions: {
    assignStatus: assign((_, status: VerificationStatus) => ({ status, error: null })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
    startCooldown: assign(({ context }, delayMs: number) => ({
      resendDelayMs: delayMs,
      sends: context.sends + 1,
    })),
  },
  guards: {
    isVerified: (_, status: VerificationStatus) => status === 'verified',
    isRequested: (_, status: VerificationStatus) => status === 'requested',
    isResendLimited: (_, error: unknown) => retryAfterMs(error) !== null,
    hadCode: ({ context }) => context.status === 'requested',
  },
  delays: {
    resendDelay: ({ context }) => context.resendDelayMs,
  },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({
    kind: input.kind,
    status: null,
    resendDelayMs: VERIFICATION_RESEND_MS,
    sends: 0,
    error: null,
  }),
  initial: 'checking',
  on: {
    'verification.recheck': { target: '.checking', actions: 'clearError' },
  },
  states: {
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isRequested', params: ({ event }) => event.output },
            target: 'requested.ready',
            description: 'A code sent earlier is still alive: the code form, resend allowed.',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          { target: 'unverified', actions: { type: 'assignStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'checkFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    checkFailed: {
      description: 'The status could not be loaded: an error with a retry.',
      on: { 'verification.request': { target: 'checking', actions: 'clearError' } },
    },

    unverified: {
      on: { 'verification.request': { target: 'requesting', actions: 'clearError' } },
    },

    requesting: {
      tags: ['loading'],
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          {
            target: 'requested.cooldown',
            actions: [
              { type: 'assignStatus', params: ({ event }) => event.output },
              { type: 'startCooldown', params: VERIFICATION_RESEND_MS },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isResendLimited', params: errorOf },
            target: 'requested.cooldown',
            description:
              'A code was sent less than a minute ago: it is still valid; wait Retry-After to resend.',
            actions: [
              { type: 'assignError', params: errorOf },
              {
                type: 'startCooldown',
                params: ({ event }: { event: ErrorActorEvent }) =>
                  retryAfterMs(event.error) ?? VERIFICATION_RESEND_MS,
              },
            ],
          },
          {
            guard: 'hadCode',
            description: 'The resend failed, but the earlier code is still alive.',
            target: 'requested.ready',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'unverified', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },

    requested: {
      description: 'A code is on its way or alive: the code form.',
      initial: 'cooldown',
      on: { 'verification.submit': { target: 'verifying', actions: 'clearError' } },
      states: {
        cooldown: {
          description: 'The resend button waits (60 s or Retry-After).',
          after: { resendDelay: 'ready' },
        },
        ready: {
          on: { 'verification.request': { target: '#verification.requesting', actions: 'clearError' } },
        },
      },
    },

    verifying: {
      tags: ['loading'],
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context, event }) => {
          assertEvent(event, 'verification.submit');
          return { kind: context.kind, code: event.code };
        },
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          {
            target: 'requested.ready',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'requested.ready',
          description:
            'Wrong, expired or used-up code: the message is shown; the customer may type again or resend.',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },

    verified: {
      description: 'Repayment calls are allowed; a 403 on one sends `verification.recheck`.',
    },
  },
});
