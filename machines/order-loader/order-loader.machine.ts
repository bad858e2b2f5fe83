import { assertEvent, assign, enqueueActions, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { systemClock } from '../shared/clock';
import { errorOf, toErrorInfo } from '../shared/error-info';
import {
  ORDER_CACHE_EXPIRY,
  type OrderDetail,
  type OrderLoaderContext,
  type OrderLoaderEvent,
  type OrderLoaderInput,
} from './order-loader.types';

type Loaded = DoneActorEvent<OrderDetail>;

const cachedOf = (context: OrderLoaderContext, id: number | null) =>
  id === null ? undefined : context.cache[id];

/** The cached copy of `id` while it is younger than 60 000 ms on the machine's clock. */
const freshCopy = (context: OrderLoaderContext, id: number | null) => {
  const cached = cachedOf(context, id);
  return cached !== undefined && context.now() - cached.loadedAt < ORDER_CACHE_EXPIRY ? cached : undefined;
};

/**
 * The order routes' data (spec 2, route behaviour): a cache of orders by id with their load time. Opening an
 * order whose copy is missing or older than 60 000 ms loads it; an archived order ends in `archived` (the route
 * goes to the archive tab), a failed load in `failed` (→ /404), no id in `noOrder` (→ Home).
 */
export const orderLoaderMachine = setup({
  types: {
    context: {} as OrderLoaderContext,
    events: {} as OrderLoaderEvent,
    input: {} as OrderLoaderInput,
  },
  actors: {
    /** GET /api/client/orders/{id}/ with the actor's AbortSignal; provided in src/app. */
    fetchOrder: fromPromise<OrderDetail, { id: number }>(() =>
      Promise.reject(new Error('orderLoader: actor "fetchOrder" is not provided')),
    ),
  },
  actions: {
    assignId: assign((_, id: number | null) => ({ id, error: null })),
    cacheOrder: assign(({ context }, order: OrderDetail) => ({
      cache: { ...context.cache, [order.id]: { order, loadedAt: context.now() } },
    })),
    /** The copy stays on screen but counts as expired: the next open (or the quiet reload) loads it. */
    markStale: assign(({ context }, id: number) => {
      const cached = context.cache[id];
      return cached ? { cache: { ...context.cache, [id]: { ...cached, loadedAt: 0 } } } : {};
    }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearCache: assign({ cache: {}, id: null, error: null, prefetching: null }),
    /** The one read ahead: a new one replaces the running one (its answer is no longer wanted first). */
    startPrefetch: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'orderLoader.prefetch');
      enqueue.stopChild('prefetch');
      enqueue.spawnChild('fetchOrder', { id: 'prefetch', input: { id: event.id } });
      enqueue.assign({ prefetching: event.id });
    }),
    /** A change of order `id` makes its read ahead (sent before the change) worthless. */
    dropPrefetchOf: enqueueActions(({ context, enqueue }, id: number) => {
      if (context.prefetching !== id) return;
      enqueue.stopChild('prefetch');
      enqueue.assign({ prefetching: null });
    }),
    endPrefetch: assign({ prefetching: null }),
  },
  guards: {
    hasNoId: (_, id: number | null) => id === null,
    /** The cached copy is younger than 60 000 ms. */
    isFresh: ({ context }, id: number | null) => freshCopy(context, id) !== undefined,
    isFreshArchived: ({ context }, id: number | null) => freshCopy(context, id)?.order.is_trash === true,
    isArchived: (_, order: OrderDetail) => order.is_trash,
    isOpenOrder: ({ context }, id: number) => context.id === id,
    /** Worth reading ahead: no fresh copy, and not being read already. */
    needsPrefetch: ({ context }, id: number) =>
      freshCopy(context, id) === undefined && context.prefetching !== id && context.id !== id,
    isPrefetching: ({ context }, id: number | null) => id !== null && context.prefetching === id,
  },
}).createMachine({
  id: 'orderLoader',
  // No input in the visualizer and the model tests: the real time.
  context: ({ input }) => ({
    cache: {},
    id: null,
    error: null,
    prefetching: null,
    now: input?.now ?? systemClock,
  }),
  initial: 'idle',
  on: {
    'orderLoader.open': [
      {
        guard: { type: 'hasNoId', params: ({ event }) => event.id },
        target: '.noOrder',
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
      {
        guard: { type: 'isFreshArchived', params: ({ event }) => event.id },
        target: '.archived',
        actions: [
          { type: 'assignId', params: ({ event }) => event.id },
          { type: 'dropPrefetchOf', params: ({ event }) => event.id ?? -1 },
        ],
      },
      {
        guard: { type: 'isFresh', params: ({ event }) => event.id },
        target: '.ready',
        description: 'A copy younger than 60 000 ms: no request.',
        actions: [
          { type: 'assignId', params: ({ event }) => event.id },
          { type: 'dropPrefetchOf', params: ({ event }) => event.id ?? -1 },
        ],
      },
      {
        guard: { type: 'isPrefetching', params: ({ event }) => event.id },
        target: '.awaitingPrefetch',
        description: 'Being read ahead already: its answer is the one to wait for, no second request.',
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
      {
        target: '.loading',
        reenter: true,
        description: 'Missing or expired: load it (a load of another order still running is cancelled).',
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
    ],
    'orderLoader.prefetch': {
      guard: { type: 'needsPrefetch', params: ({ event }) => event.id },
      description:
        'The customer is about to open order `id` (a press on its row in a list): read it into the cache without moving the order on screen.',
      actions: 'startPrefetch',
    },
    'xstate.done.actor.prefetch': {
      actions: [
        { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
        'endPrefetch',
      ],
    },
    'xstate.error.actor.prefetch': {
      description: 'A failed read ahead is forgotten: opening the order loads it (and shows that failure).',
      actions: 'endPrefetch',
    },
    'orderLoader.set': {
      actions: [
        { type: 'cacheOrder', params: ({ event }) => event.order },
        { type: 'dropPrefetchOf', params: ({ event }) => event.order.id },
      ],
    },
    'orderLoader.clear': {
      target: '.idle',
      description: 'Signed out: no order of this customer may show for the next one.',
      actions: 'clearCache',
    },
  },
  states: {
    idle: {
      on: {
        'orderLoader.invalidate': {
          actions: [
            { type: 'markStale', params: ({ event }) => event.id },
            { type: 'dropPrefetchOf', params: ({ event }) => event.id },
          ],
        },
      },
    },
    noOrder: {
      description: 'The URL has no order id: the route goes Home.',
      on: {
        'orderLoader.invalidate': {
          actions: [
            { type: 'markStale', params: ({ event }) => event.id },
            { type: 'dropPrefetchOf', params: ({ event }) => event.id },
          ],
        },
      },
    },
    awaitingPrefetch: {
      tags: ['loading'],
      description: 'The order opened while it was being read ahead: its answer settles the route.',
      on: {
        'orderLoader.prefetch': {
          description: 'The opened order is read first: no other read ahead replaces it meanwhile.',
        },
        'orderLoader.set': [
          {
            guard: { type: 'isOpenOrder', params: ({ event }) => event.order.id },
            target: 'ready',
            description: 'A fresh copy of the opened order arrived another way: no need to wait.',
            actions: [
              { type: 'cacheOrder', params: ({ event }) => event.order },
              { type: 'dropPrefetchOf', params: ({ event }) => event.order.id },
            ],
          },
          { actions: { type: 'cacheOrder', params: ({ event }) => event.order } },
        ],
        'xstate.done.actor.prefetch': [
          {
            guard: { type: 'isArchived', params: ({ event }: { event: Loaded }) => event.output },
            target: 'archived',
            actions: [
              { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
              'endPrefetch',
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
              'endPrefetch',
            ],
          },
        ],
        'xstate.error.actor.prefetch': {
          target: 'loading',
          description: 'The read ahead failed: a load of its own decides (and reports its failure).',
          actions: 'endPrefetch',
        },
        'orderLoader.invalidate': [
          {
            guard: { type: 'isOpenOrder', params: ({ event }) => event.id },
            target: 'loading',
            description: 'Changed while read ahead: the answer on its way may be older, so load it anew.',
            actions: [
              { type: 'markStale', params: ({ event }) => event.id },
              { type: 'dropPrefetchOf', params: ({ event }) => event.id },
            ],
          },
          {
            actions: [
              { type: 'markStale', params: ({ event }) => event.id },
              { type: 'dropPrefetchOf', params: ({ event }) => event.id },
            ],
          },
        ],
      },
    },
    loading: {
      tags: ['loading'],
      // This load's answer is the newest: a read ahead of the same order (sent earlier) must not overwrite it.
      entry: { type: 'dropPrefetchOf', params: ({ context }) => context.id ?? -1 },
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'isArchived', params: ({ event }: { event: Loaded }) => event.output },
            target: 'archived',
            actions: { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
          },
          {
            target: 'ready',
            actions: { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
      on: {
        'orderLoader.invalidate': {
          actions: [
            { type: 'markStale', params: ({ event }) => event.id },
            { type: 'dropPrefetchOf', params: ({ event }) => event.id },
          ],
        },
      },
    },
    ready: {
      description: 'The open order is in the cache.',
      initial: 'shown',
      states: {
        shown: {
          on: {
            'orderLoader.invalidate': [
              {
                guard: { type: 'isOpenOrder', params: ({ event }) => event.id },
                target: 'refreshing',
                description: 'The open order changed: load it again while the page keeps showing it.',
                actions: { type: 'markStale', params: ({ event }) => event.id },
              },
              {
                actions: [
                  { type: 'markStale', params: ({ event }) => event.id },
                  { type: 'dropPrefetchOf', params: ({ event }) => event.id },
                ],
              },
            ],
          },
        },
        refreshing: {
          tags: ['refreshing'],
          entry: { type: 'dropPrefetchOf', params: ({ context }) => context.id ?? -1 },
          invoke: {
            id: 'refreshOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ id: context.id ?? 0 }),
            onDone: [
              {
                guard: { type: 'isArchived', params: ({ event }: { event: Loaded }) => event.output },
                target: '#orderLoader.archived',
                description: 'Archived meanwhile (another tab): the page goes to the archive tab.',
                actions: { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
              },
              {
                target: 'shown',
                actions: { type: 'cacheOrder', params: ({ event }: { event: Loaded }) => event.output },
              },
            ],
            onError: {
              target: 'shown',
              description: 'A failed quiet reload keeps the copy on screen (the next open loads again).',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
          on: {
            'orderLoader.invalidate': {
              guard: { type: 'isOpenOrder', params: ({ event }) => event.id },
              target: 'refreshing',
              reenter: true,
              description: 'Changed again while reloading: start over so the newest state wins.',
            },
          },
        },
      },
    },
    archived: {
      description: 'The order is in the trash (is_trash): the route goes to /home/archive.',
      on: {
        'orderLoader.invalidate': {
          actions: [
            { type: 'markStale', params: ({ event }) => event.id },
            { type: 'dropPrefetchOf', params: ({ event }) => event.id },
          ],
        },
      },
    },
    failed: {
      tags: ['error'],
      description: 'The order could not be loaded: the route goes to /404.',
      on: {
        'orderLoader.invalidate': {
          actions: [
            { type: 'markStale', params: ({ event }) => event.id },
            { type: 'dropPrefetchOf', params: ({ event }) => event.id },
          ],
        },
      },
    },
  },
});
