import { assign, fromPromise, setup } from 'xstate';
import type { AvailabilityContext, AvailabilityEvent } from './availability.types';

/** The probe waits 1 s doubling per failed try, at least the server's Retry-After, at most 30 s. */
export const PROBE_BACKOFF = { baseMs: 1_000, maxMs: 30_000 } as const;

/** The wait before the next probe: `attempt` unavailable answers in a row so far; `retryAfter` in seconds. */
export function probeDelay(attempt: number, retryAfter: number | null): number {
  const backoff = PROBE_BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(PROBE_BACKOFF.maxMs, Math.max(backoff, (retryAfter ?? 0) * 1000));
}

/**
 * Is the API serving? Every call's answer is reported here by the HTTP client (src/app/signed-in-actors.ts): a
 * 502/503/504 makes it `unavailable` (the frame shows the "Нет соединения" bar, as for a lost socket), and after the
 * Retry-After (with backoff) a probe asks again, so the bar goes by itself once the service is back even when no page
 * reads anything. The probe is a stub here; the real one (a cheap signed-in GET, not retried) is given with provide().
 */
export const availabilityMachine = setup({
  types: {
    context: {} as AvailabilityContext,
    events: {} as AvailabilityEvent,
  },
  actors: {
    probe: fromPromise<unknown>(() =>
      Promise.reject(new Error('availability: actor "probe" is not provided')),
    ),
  },
  actions: {
    countUnavailable: assign(({ context }, retryAfter: number | null) => ({
      attempt: context.attempt + 1,
      retryAfter,
    })),
    reset: assign({ attempt: 0, retryAfter: null }),
  },
  delays: {
    probeDelay: ({ context }) => probeDelay(context.attempt, context.retryAfter),
  },
}).createMachine({
  id: 'availability',
  context: { attempt: 0, retryAfter: null },
  initial: 'available',
  states: {
    available: {
      on: {
        'service.unavailable': {
          target: 'unavailable',
          actions: {
            type: 'countUnavailable',
            params: ({ event }) => event.retryAfter ?? null,
          },
        },
      },
    },
    unavailable: {
      description:
        'The API answered 503: the frame says "Нет соединения"; a probe asks again after the wait.',
      tags: ['unavailable'],
      after: { probeDelay: { target: 'probing' } },
      on: {
        'service.answered': { target: 'available', actions: 'reset' },
        'service.unavailable': {
          actions: {
            type: 'countUnavailable',
            params: ({ event }) => event.retryAfter ?? null,
          },
          description: 'Another 503 (a retried read, say): the wait grows; the running timer is kept.',
        },
      },
    },
    probing: {
      tags: ['unavailable'],
      invoke: {
        id: 'probe',
        src: 'probe',
        onDone: { target: 'available', actions: 'reset' },
        onError: {
          target: 'unavailable',
          actions: { type: 'countUnavailable', params: () => null },
          description: 'Still unavailable (or no answer): wait longer, then ask again.',
        },
      },
      on: {
        'service.answered': { target: 'available', actions: 'reset' },
      },
    },
  },
});
