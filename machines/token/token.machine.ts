import { assign, emit, fromPromise, setup } from 'xstate';
import { systemClock } from '../shared/clock';
import { errorOf, isAuthRejection, toErrorInfo } from '../shared/error-info';
import type { TokenContext, TokenEmitted, TokenEvent, TokenInput, TokenPair } from './token.types';

/** Spec point 9: the access token lives 300 s unless the server says otherwise. */
export const DEFAULT_EXPIRES_IN = 300;
/** Spec points 4 and 9: refresh at 80 % of the lifetime. */
export const REFRESH_AT = 0.8;
/** After a refresh that got no answer, try again this much later (a 401 retries at once). */
export const RETRY_AFTER_MS = 15_000;

function lifetime(expiresIn: unknown): number {
  return typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
    ? expiresIn
    : DEFAULT_EXPIRES_IN;
}

export const tokenMachine = setup({
  types: {
    context: {} as TokenContext,
    events: {} as TokenEvent,
    emitted: {} as TokenEmitted,
    input: {} as TokenInput,
  },
  actors: {
    /** POST /api/client/auth/token/refresh/ behind the cross-tab lock; provided in src/app. */
    refreshTokens: fromPromise<TokenPair>(() =>
      Promise.reject(new Error('token: actor "refreshTokens" is not provided')),
    ),
  },
  actions: {
    assignTokens: assign(({ context }, tokens: TokenPair) => {
      const expiresIn = lifetime(tokens.expires_in);
      return { access: tokens.access, expiresIn, expiresAt: context.now() + expiresIn * 1000, error: null };
    }),
    clearTokens: assign({ access: null, expiresAt: null, expiresIn: DEFAULT_EXPIRES_IN }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    /** js-cookie `cabinet_access` for 5 days (spec point 9); provided in src/app. */
    storeAccessCookie: (_, _access: string) => {},
    removeAccessCookie: () => {},
    /** Shares tokens obtained in this tab with the other tabs; provided in src/app. */
    broadcastTokens: (_, _tokens: TokenPair) => {},
    /** With the server's words: the app shows them when they say the session was ended from another device. */
    emitSessionExpired: emit(
      (_, error: unknown) => ({ type: 'session.expired', message: toErrorInfo(error).message }) as const,
    ),
  },
  guards: {
    isAuthRejection: (_, error: unknown) => isAuthRejection(error),
  },
  delays: {
    refreshDelay: ({ context }) => Math.round(context.expiresIn * 1000 * REFRESH_AT),
    retryDelay: RETRY_AFTER_MS,
  },
}).createMachine({
  id: 'token',
  // No input in the visualizer and the model tests: the real time.
  context: ({ input }) => ({
    access: null,
    expiresAt: null,
    expiresIn: DEFAULT_EXPIRES_IN,
    error: null,
    now: input?.now ?? systemClock,
  }),
  initial: 'empty',
  on: {
    'token.set': {
      target: '.active',
      description:
        'Tokens from a sign-in in this tab: kept, written to the cookie and shared with the other tabs.',
      actions: [
        { type: 'assignTokens', params: ({ event }) => event },
        { type: 'storeAccessCookie', params: ({ event }) => event.access },
        {
          type: 'broadcastTokens',
          params: ({ event }) => ({ access: event.access, expires_in: event.expires_in }),
        },
      ],
    },
    'token.received': {
      target: '.active',
      description:
        'Another tab refreshed or signed in: take its token and reschedule, so one tab refreshes for all.',
      actions: [
        { type: 'assignTokens', params: ({ event }) => event },
        { type: 'storeAccessCookie', params: ({ event }) => event.access },
      ],
    },
    'token.clear': {
      target: '.empty',
      actions: ['clearTokens', 'removeAccessCookie'],
    },
  },
  states: {
    empty: {
      description: 'No access token (signed out or not yet started).',
      on: {
        'token.refresh': {
          target: 'refreshing',
          description: 'A 401 without a token: the refresh cookie may still work.',
        },
      },
    },
    active: {
      description: 'A live access token; a refresh is scheduled at 80 % of its lifetime.',
      after: {
        refreshDelay: { target: 'refreshing' },
      },
      on: {
        'token.refresh': { target: 'refreshing' },
      },
    },
    refreshing: {
      tags: ['loading'],
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        onDone: {
          target: 'active',
          actions: [
            { type: 'assignTokens', params: ({ event }) => event.output },
            { type: 'storeAccessCookie', params: ({ event }) => event.output.access },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isAuthRejection',
              params: errorOf,
            },
            target: 'expired',
            description: 'The refresh token was refused (400/401/not authorized): the session is over.',
            actions: [
              { type: 'assignError', params: errorOf },
              'clearTokens',
              'removeAccessCookie',
              { type: 'emitSessionExpired', params: errorOf },
            ],
          },
          {
            target: 'unavailable',
            description: 'No answer or a server error: keep the session, try again later.',
            actions: { type: 'assignError', params: errorOf },
          },
        ],
      },
      on: {
        'token.refresh': {
          description: 'Single-flight: more 401s while refreshing wait for the running refresh.',
        },
      },
    },
    unavailable: {
      description: 'The last refresh got no answer; retried after a pause or on the next 401.',
      after: {
        retryDelay: { target: 'refreshing' },
      },
      on: {
        'token.refresh': { target: 'refreshing' },
      },
    },
    expired: {
      description: 'The server no longer knows this sign-in; waits for a new one.',
    },
  },
});
