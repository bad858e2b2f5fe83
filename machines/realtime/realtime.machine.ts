import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import type { RealtimeEvent } from '../../contract/realtime.api';
import { SESSION_CLOSE } from '../../contract/realtime';
import type {
  RealtimeContext,
  RealtimeEmitted,
  RealtimeMachineEvent,
  SessionEndedReason,
  SocketInput,
} from './realtime.types';

/** The reason a close code of SESSION_CLOSE stands for; undefined for any other code (a drop: reconnect). */
export const sessionEndedBy = (code: number) =>
  (Object.keys(SESSION_CLOSE) as SessionEndedReason[]).find((reason) => SESSION_CLOSE[reason] === code);

/** Backoff: 500 ms doubling per attempt, at most 30 s, times a random 0.5–1 so that tabs do not reconnect in step. */
export const BACKOFF = { baseMs: 500, maxMs: 30_000 } as const;

export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + 0.5 * Math.min(1, Math.max(0, random))));
}

/**
 * The socket: opens `ws(s)://<host>/ws/client/?token=…` and reports open, each message and close to the machine.
 * A stub here (framework-free); the real one is given in src/app/realtime.ts with `.provide()`.
 */
const socketStub = fromCallback<RealtimeMachineEvent, SocketInput>(() => () => {});

export const realtimeMachine = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeMachineEvent,
    emitted: {} as RealtimeEmitted,
  },
  actors: { socket: socketStub },
  actions: {
    assignToken: assign((_, token: string) => ({ token })),
    forget: assign({ token: null, attempt: 0, dropped: false }),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    markDropped: assign({ dropped: true }),
    markOpen: assign({ attempt: 0, dropped: false }),
    emitResumed: emit({ type: 'realtime.resumed' } as const),
    emitEvent: emit((_, event: RealtimeEvent) => ({ type: 'realtime.event', event }) as const),
    emitSessionEnded: emit(
      (_, ended: { reason: SessionEndedReason; eraseAt?: string | undefined }) =>
        ({
          type: 'realtime.sessionEnded',
          reason: ended.reason,
          ...(ended.eraseAt !== undefined && { eraseAt: ended.eraseAt }),
        }) as const,
    ),
    /** Hands the live balance to the session actor (header); provided in src/app. */
    forwardFinances: (_, _finances: { money: number; bonus: number }) => {},
  },
  guards: {
    wasDropped: ({ context }) => context.dropped,
    isSessionEnded: (_, event: RealtimeEvent) => event.type === 'session.ended',
    isSessionClose: (_, code: number) => !!sessionEndedBy(code),
    isFinances: (_, event: RealtimeEvent) => event.type === 'finances',
    isNewToken: ({ context }, token: string) => token !== context.token,
  },
  delays: {
    reconnectDelay: ({ context }) => backoffDelay(context.attempt),
  },
}).createMachine({
  id: 'realtime',
  context: { token: null, attempt: 0, dropped: false },
  initial: 'disconnected',
  on: {
    'realtime.stop': { target: '.disconnected', actions: 'forget' },
  },
  states: {
    disconnected: {
      description: 'Signed out, or the server ended the session: no socket until the next sign-in.',
      on: {
        'realtime.start': {
          target: 'connected',
          actions: { type: 'assignToken', params: ({ event }) => event.token },
        },
      },
    },

    connected: {
      description: 'A socket exists (opening or open); it is closed whenever this state is left.',
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ token: context.token ?? '' }) },
      initial: 'connecting',
      on: {
        'socket.closed': [
          {
            guard: { type: 'isSessionClose', params: ({ event }) => event.code },
            target: 'disconnected',
            actions: [
              'forget',
              {
                type: 'emitSessionEnded',
                params: ({ event }) => ({ reason: sessionEndedBy(event.code) ?? 'signedOut' }),
              },
            ],
            description: 'Closed as the session ended (SESSION_CLOSE): stop, do not reconnect.',
          },
          {
            target: 'waiting',
            actions: ['countAttempt', 'markDropped'],
            description: 'The socket failed to open or dropped: wait (backoff with jitter), then try again.',
          },
        ],
        'realtime.offline': {
          target: 'waiting',
          actions: ['countAttempt', 'markDropped'],
          description:
            'The browser went offline: a socket may linger half-dead, so drop it and wait for online.',
        },
        'realtime.token': {
          guard: { type: 'isNewToken', params: ({ event }) => event.token },
          target: '.connecting',
          reenter: true,
          actions: [{ type: 'assignToken', params: ({ event }) => event.token }, 'markDropped'],
          description: 'A refreshed token: reconnect with it (the old one will expire on the server).',
        },
      },
      states: {
        connecting: {
          tags: ['connecting'],
          on: {
            'socket.open': [
              {
                guard: 'wasDropped',
                target: 'open',
                actions: ['markOpen', 'emitResumed'],
                description: 'Back after a drop: consumers fetch what they missed.',
              },
              { target: 'open', actions: 'markOpen' },
            ],
          },
        },
        open: {
          tags: ['open'],
          on: {
            'socket.message': [
              {
                guard: { type: 'isSessionEnded', params: ({ event }) => event.event },
                target: '#realtime.disconnected',
                actions: [
                  'forget',
                  {
                    type: 'emitSessionEnded',
                    params: ({ event }) =>
                      event.event.type === 'session.ended'
                        ? { reason: event.event.reason ?? 'signedOut', eraseAt: event.event.erase_at }
                        : { reason: 'signedOut' },
                  },
                ],
                description: 'The server ended this sign-in: stop, do not reconnect.',
              },
              {
                guard: { type: 'isFinances', params: ({ event }) => event.event },
                actions: [
                  {
                    type: 'forwardFinances',
                    params: ({ event }) => {
                      assertEvent(event.event, 'finances');
                      return { money: event.event.money, bonus: event.event.bonus };
                    },
                  },
                  { type: 'emitEvent', params: ({ event }) => event.event },
                ],
              },
              { actions: { type: 'emitEvent', params: ({ event }) => event.event } },
            ],
          },
        },
      },
    },

    waiting: {
      description:
        'No socket; reconnect after the backoff, or at once when the browser is back online / visible.',
      tags: ['waiting'],
      after: { reconnectDelay: { target: 'connected' } },
      on: {
        'realtime.wake': { target: 'connected' },
        'realtime.token': {
          guard: { type: 'isNewToken', params: ({ event }) => event.token },
          target: 'connected',
          actions: { type: 'assignToken', params: ({ event }) => event.token },
          description: 'A new token may be what was missing: try at once.',
        },
      },
    },
  },
});
