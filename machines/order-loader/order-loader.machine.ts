import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
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
    clearCache: assign({ cache: {}, id: null, error: null }),
  },
  guards: {
    hasNoId: (_, id: number | null) => id === null,
    /** The cached copy is younger than 60 000 ms. */
    isFresh: ({ context }, id: number | null) => freshCopy(context, id) !== undefined,
    isFreshArchived: ({ context }, id: number | null) => freshCopy(context, id)?.order.is_trash === true,
    isArchived: (_, order: OrderDetail) => order.is_trash,
    isOpenOrder: ({ context }, id: number) => context.id === id,
  },
}).createMachine({
  id: 'orderLoader',
  // No input in the visualizer and the model tests: the real time.
  context: ({ input }) => ({ cache: {}, id: null, error: null, now: input?.now ?? systemClock }),
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
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
      {
        guard: { type: 'isFresh', params: ({ event }) => event.id },
        target: '.ready',
        description: 'A copy younger than 60 000 ms: no request.',
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
      {
        target: '.loading',
        reenter: true,
        description: 'Missing or expired: load it (a load of another order still running is cancelled).',
        actions: { type: 'assignId', params: ({ event }) => event.id },
      },
    ],
    'orderLoader.set': {
      actions: { type: 'cacheOrder', params: ({ event }) => event.order },
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
        'orderLoader.invalidate': { actions: { type: 'markStale', params: ({ event }) => event.id } },
      },
    },
    noOrder: {
      description: 'The URL has no order id: the route goes Home.',
      on: {
        'orderLoader.invalidate': { actions: { type: 'markStale', params: ({ event }) => event.id } },
      },
    },
    loading: {
      tags: ['loading'],
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
        'orderLoader.invalidate': { actions: { type: 'markStale', params: ({ event }) => event.id } },
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
              { actions: { type: 'markStale', params: ({ event }) => event.id } },
            ],
          },
        },
        refreshing: {
          tags: ['refreshing'],
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
        'orderLoader.invalidate': { actions: { type: 'markStale', params: ({ event }) => event.id } },
      },
    },
    failed: {
      tags: ['error'],
      description: 'The order could not be loaded: the route goes to /404.',
      on: {
        'orderLoader.invalidate': { actions: { type: 'markStale', params: ({ event }) => event.id } },
      },
    },
  },
});
