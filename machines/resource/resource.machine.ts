import { assign, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type { ResourceContext, ResourceEvent, ResourceInput, ResourceRequest } from './resource.types';

/** Keys are plain data, compared by value (a query object made again on every render is the same key). */
export const sameResourceKey = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * One read of server data for a screen (a list, a detail, a page of history): loading → loaded, or failed with a
 * way out. A reload keeps the last answer on screen while it refetches ('refreshing'); another key aborts the
 * running read through the actor's AbortSignal, so an answer for a key no longer shown never lands. The chart is the
 * same for every kind of data: `resourceMachine` is it with `unknown` data and key, `ResourceMachine<TData, TKey>`
 * is the same chart typed for one kind (src/actors/resource.ts gives the `fetch` actor at the edge).
 */
function defineResource<TData, TKey>() {
  return setup({
    types: {
      context: {} as ResourceContext<TData, TKey>,
      events: {} as ResourceEvent<TKey>,
      input: {} as ResourceInput<TKey>,
    },
    actors: {
      /** The GET of this resource for `input.key`, with the actor's AbortSignal; provided where it is used. */
      fetch: fromPromise<TData, ResourceRequest<TKey>>(() =>
        Promise.reject(new Error('resource: actor "fetch" is not provided')),
      ),
    },
    actions: {
      assignKey: assign(({ context }, key: TKey) => ({
        key,
        data: null,
        // Only an answer still shown is worth keeping up (a failed key has none).
        previous: context.data ?? context.previous,
        error: null,
      })),
      assignData: assign((_, data: TData) => ({ data, previous: null, error: null })),
      assignError: assign((_, error: unknown) => ({ previous: null, error: toErrorInfo(error) })),
      clearError: assign({ error: null }),
    },
    guards: {
      isNewKey: ({ context }, key: TKey) => !sameResourceKey(context.key, key),
      hasData: ({ context }) => context.data !== null,
    },
  }).createMachine({
    id: 'resource',
    context: ({ input }) => ({ key: input.key, data: null, previous: null, error: null }),
    initial: 'loading',
    on: {
      'resource.load': {
        guard: { type: 'isNewKey', params: ({ event }) => event.key },
        target: '.loading',
        description:
          'Another key: whatever runs is aborted (its answer is dropped); the old answer stays as `previous` only.',
        actions: { type: 'assignKey', params: ({ event }) => event.key },
      },
    },
    states: {
      loading: {
        tags: ['loading'],
        description:
          'The first answer for the key: the page shows its skeleton (or the previous key’s rows).',
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }) => ({ key: context.key }),
          onDone: {
            target: 'loaded',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          onError: {
            target: 'failed',
            actions: { type: 'assignError', params: errorOf },
          },
        },
        on: {
          'resource.reload': {
            target: 'loading',
            reenter: true,
            description: 'Asked again while reading: start over, the running read may predate the change.',
          },
        },
      },
      loaded: {
        on: {
          'resource.reload': { target: 'refreshing' },
        },
      },
      refreshing: {
        tags: ['refreshing'],
        description: 'Reading the key again; the last answer stays on screen until the new one arrives.',
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }) => ({ key: context.key }),
          onDone: {
            target: 'loaded',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          onError: {
            target: 'failed',
            description: 'The last answer stays; the page shows it with the error and a retry.',
            actions: { type: 'assignError', params: errorOf },
          },
        },
        on: {
          'resource.reload': {
            target: 'refreshing',
            reenter: true,
            description: 'Asked again while reading: start over, the running read may predate the change.',
          },
        },
      },
      failed: {
        tags: ['error'],
        description: 'The read failed: the error, and "Повторить" (a reload).',
        on: {
          'resource.reload': [
            {
              guard: 'hasData',
              target: 'refreshing',
              description: 'Retry with the last answer still shown.',
              actions: 'clearError',
            },
            { target: 'loading', description: 'Retry: nothing to show meanwhile.', actions: 'clearError' },
          ],
        },
      },
    },
  });
}

/** The chart with `unknown` data and key: what the visualizer, docs/machines and the model test read. */
export const resourceMachine = defineResource<unknown, unknown>();

/** The same chart typed for one kind of data and key. */
export type ResourceMachine<TData, TKey> = ReturnType<typeof defineResource<TData, TKey>>;

/** `resourceMachine` typed for `TData` and `TKey`: one chart, only the types differ, so the cast is safe. */
export const typedResourceMachine = <TData, TKey>() =>
  resourceMachine as unknown as ResourceMachine<TData, TKey>;
