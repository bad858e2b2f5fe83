import { assign, fromPromise, setup } from 'xstate';
import type { DeviceSession } from '../../contract/auth.api';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type { DevicesContext, DevicesEvent, Ended, EndSessionInput } from './devices.types';

/** IO stubs: the profile's devices card gives the real calls with `devicesMachine.provide()` (and tests theirs). */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`devices: actor "${name}" is not provided`));
}

/**
 * Профиль → Устройства и сеансы: the customer's live sign-in sessions; another one can be ended, or all the others
 * at once after a confirmation. An ending that finds the session already gone (404) drops it from the list all the
 * same; any other failure keeps the list and says why.
 */
export const devicesMachine = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
  },
  actors: {
    /** GET /api/client/auth/sessions/ */
    loadSessions: fromPromise<DeviceSession[], void>(() => notProvided('loadSessions')),
    /** DELETE /api/client/auth/sessions/{id}/ */
    endSession: fromPromise<Ended, EndSessionInput>(() => notProvided('endSession')),
    /** POST /api/client/auth/sessions/end-others/ */
    endOthers: fromPromise<Ended, void>(() => notProvided('endOthers')),
  },
  actions: {
    assignSessions: assign((_, sessions: DeviceSession[]) => ({ sessions, error: null })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error), notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    assignEnding: assign((_, id: string) => ({ endingId: id, error: null, notice: null })),
    dropEnding: assign(({ context }) => ({
      sessions: context.sessions.filter((session) => session.id !== context.endingId),
      endingId: null,
    })),
    clearEnding: assign({ endingId: null }),
    keepCurrentOnly: assign(({ context }) => ({
      sessions: context.sessions.filter((session) => session.current),
    })),
    assignNotice: assign((_, notice: string) => ({ notice, error: null })),
  },
  guards: {
    isGone: (_, error: unknown) => toErrorInfo(error).status === 404,
    isOther: ({ context }, id: string) => context.sessions.some((s) => s.id === id && !s.current),
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
  },
}).createMachine({
  id: 'devices',
  context: { sessions: [], error: null, endingId: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'ready', actions: { type: 'assignSessions', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: {
      description: 'The list did not load: the card says why and offers a retry.',
      on: { 'devices.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'devices.end': {
              guard: { type: 'isOther', params: ({ event }) => event.id },
              target: 'ending',
              actions: { type: 'assignEnding', params: ({ event }) => event.id },
            },
            'devices.endOthers': { guard: 'hasOthers', target: 'confirming', actions: 'clearMessages' },
          },
        },
        ending: {
          tags: ['busy'],
          invoke: {
            id: 'endSession',
            src: 'endSession',
            input: ({ context }) => ({ id: context.endingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: ['dropEnding', { type: 'assignNotice', params: ({ event }) => event.output.detail }],
            },
            onError: [
              {
                guard: { type: 'isGone', params: errorOf },
                target: 'idle',
                actions: ['dropEnding', { type: 'assignError', params: errorOf }],
                description:
                  'Already ended (elsewhere, or it expired): it leaves the list, and the card says so.',
              },
              { target: 'idle', actions: ['clearEnding', { type: 'assignError', params: errorOf }] },
            ],
          },
        },
        confirming: {
          description: '"Завершить все другие сеансы?": the dialog is open.',
          on: {
            'devices.confirm': { target: 'endingOthers' },
            'devices.cancel': { target: 'idle' },
          },
        },
        endingOthers: {
          tags: ['busy'],
          invoke: {
            id: 'endOthers',
            src: 'endOthers',
            onDone: {
              target: 'idle',
              actions: [
                'keepCurrentOnly',
                { type: 'assignNotice', params: ({ event }) => event.output.detail },
              ],
            },
            onError: { target: 'idle', actions: { type: 'assignError', params: errorOf } },
          },
        },
      },
    },
  },
});
