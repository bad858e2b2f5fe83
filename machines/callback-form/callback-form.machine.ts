import { assign, emit, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type { CallbackFormContext, CallbackFormEvent, CallbackRequestValues } from './callback-form.types';

/**
 * The call-back request of the profile (spec point 7, POST /api/client/callbacks/): a phone is required; three
 * requests an hour, the 429 is shown in the form, which keeps what was typed.
 */
export const callbackFormMachine = setup({
  types: {
    context: {} as CallbackFormContext,
    events: {} as CallbackFormEvent,
    emitted: {} as { type: 'callback.problem' },
  },
  actors: {
    sendCallback: fromPromise<unknown, CallbackRequestValues>(async () => undefined),
  },
  actions: {
    assignRequest: assign((_, request: CallbackRequestValues) => ({
      request,
      error: null,
      phoneMissing: false,
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    markPhoneMissing: assign({ phoneMissing: true }),
    clearPhoneMissing: assign({ phoneMissing: false }),
    clearError: assign({ error: null }),
    /** Tells the component to move focus to the first field in error or the alert (after rendering). */
    focusProblem: emit({ type: 'callback.problem' } as const),
  },
  guards: {
    phoneEmpty: (_, request: CallbackRequestValues) => request.phone.trim() === '',
    editsPhone: (_, field: keyof CallbackRequestValues) => field === 'phone',
  },
}).createMachine({
  id: 'callbackForm',
  context: { request: null, error: null, phoneMissing: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'callback.submit': [
          {
            guard: { type: 'phoneEmpty', params: ({ event }) => event.request },
            actions: ['markPhoneMissing', 'focusProblem'],
          },
          { target: 'sending', actions: { type: 'assignRequest', params: ({ event }) => event.request } },
        ],
        'callback.edit': {
          guard: { type: 'editsPhone', params: ({ event }) => event.field },
          actions: 'clearPhoneMissing',
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCallback',
        src: 'sendCallback',
        input: ({ context }) => context.request!,
        onDone: { target: 'sent' },
        onError: {
          target: 'editing',
          actions: [{ type: 'assignError', params: errorOf }, 'focusProblem'],
        },
      },
    },
    sent: {
      on: { 'callback.again': { target: 'editing', actions: 'clearError' } },
    },
  },
});
