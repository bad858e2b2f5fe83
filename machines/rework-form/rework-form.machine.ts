import { assertEvent, assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type {
  CreateReworkRequest,
  Rework,
  ReworkFormContext,
  ReworkFormEvent,
  ReworkFormInput,
} from './rework-form.types';

/** The rework request: editing → submitting → sent, or back to editing with the server's errors. */
export const reworkFormMachine = setup({
  types: {
    context: {} as ReworkFormContext,
    events: {} as ReworkFormEvent,
    input: {} as ReworkFormInput,
  },
  actors: {
    /** POST /api/client/orders/{id}/reworks/ */
    createRework: fromPromise<Rework, { orderId: number; request: CreateReworkRequest }>(() =>
      Promise.reject(new Error('reworkForm: actor "createRework" is not provided')),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    assignCreated: assign((_, rework: Rework) => ({ created: rework, error: null })),
    forgetCreated: assign({ created: null, error: null }),
  },
}).createMachine({
  id: 'reworkForm',
  context: ({ input }) => ({ orderId: input.orderId, error: null, created: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'rework.submit': { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createRework',
        src: 'createRework',
        input: ({ context, event }) => {
          assertEvent(event, 'rework.submit');
          return { orderId: context.orderId, request: event.request };
        },
        onDone: {
          target: 'sent',
          actions: {
            type: 'assignCreated',
            params: ({ event }: { event: DoneActorEvent<Rework> }) => event.output,
          },
        },
        onError: {
          target: 'editing',
          description: 'The form stays filled in and shows the detail and the field messages.',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },
    sent: {
      description: 'The request is in; the list shows it.',
      on: {
        'rework.reset': { target: 'editing', actions: 'forgetCreated' },
      },
    },
  },
});
