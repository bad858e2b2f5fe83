import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type {
  ConfirmEmailChangeInput,
  EmailChangeContext,
  EmailChangeEvent,
  EmailChangeInput,
  EmailChangeState,
  RequestEmailChangeInput,
} from './email-change.types';

/** IO stubs: the profile feature gives the real actors with `emailChangeMachine.provide()`. */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`emailChange: actor "${name}" is not provided`));
}

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
  },
  actors: {
    /** GET /client/api/change-email/status/ */
    loadStatus: fromPromise<EmailChangeState, void>(() => notProvided('loadStatus')),
    /** POST /client/api/change-email/request-change/ — mails the link to the new address. */
    requestChange: fromPromise<EmailChangeState, RequestEmailChangeInput>(() => notProvided('requestChange')),
    /** DELETE /client/api/change-email/request-change/ */
    cancelChange: fromPromise<EmailChangeState, void>(() => notProvided('cancelChange')),
    /** POST /client/api/change-email/confirm/ { token } → the address in force. */
    confirmChange: fromPromise<{ email: string }, ConfirmEmailChangeInput>(() =>
      notProvided('confirmChange'),
    ),
  },
  actions: {
    assignState: assign((_, state: EmailChangeState) => ({
      email: state.email,
      pending: state.pending,
      error: null,
    })),
    assignConfirmed: assign((_, email: string) => ({
      email,
      confirmedEmail: email,
      pending: null,
      confirmToken: null,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
    /** The token is single-use: a restart never tries it again. */
    forgetToken: assign({ confirmToken: null, confirmedEmail: null, error: null }),
  },
  guards: {
    hasConfirmToken: ({ context }) => Boolean(context.confirmToken),
    hasPending: ({ context }) => context.pending !== null,
    answerHasPending: (_, state: EmailChangeState) => state.pending !== null,
  },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    email: null,
    pending: null,
    confirmToken: input.confirmToken || null,
    confirmedEmail: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        {
          guard: 'hasConfirmToken',
          target: 'confirming',
          description: 'Opened from the link in the e-mail (?confirm=…).',
        },
        { target: 'loading' },
      ],
    },

    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'answerHasPending', params: ({ event }) => event.output },
            target: 'pending',
            actions: { type: 'assignState', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'assignState', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    loadFailed: {
      on: { 'emailChange.retry': { target: 'loading', actions: 'clearError' } },
    },

    idle: {
      description: 'The form for the new address.',
      on: { 'emailChange.request': { target: 'requesting', actions: 'clearError' } },
    },

    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ event }) => {
          assertEvent(event, 'emailChange.request');
          return { email: event.email };
        },
        onDone: { target: 'pending', actions: { type: 'assignState', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'hasPending',
            target: 'pending',
            description: 'A resend or another address failed: the earlier link still waits.',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'idle', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },

    pending: {
      description: 'We sent a link to the new address; the address changes only when it is followed.',
      on: {
        'emailChange.request': { target: 'requesting', actions: 'clearError' },
        'emailChange.cancel': { target: 'cancelling', actions: 'clearError' },
        'emailChange.refresh': { target: 'loading', actions: 'clearError' },
      },
    },

    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelChange',
        src: 'cancelChange',
        onDone: { target: 'idle', actions: { type: 'assignState', params: ({ event }) => event.output } },
        onError: { target: 'pending', actions: { type: 'assignError', params: errorOf } },
      },
    },

    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ token: context.confirmToken ?? '' }),
        onDone: {
          target: 'confirmed',
          actions: { type: 'assignConfirmed', params: ({ event }) => event.output.email },
        },
        onError: { target: 'confirmFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    confirmed: {
      description: 'The new address is in force.',
      on: { 'emailChange.restart': { target: 'loading', actions: 'forgetToken' } },
    },

    confirmFailed: {
      description:
        'The link is dead or the address was taken meanwhile; the customer may request a new link.',
      on: { 'emailChange.restart': { target: 'loading', actions: 'forgetToken' } },
    },
  },
});
