import { assertEvent, assign, emit, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { statusById, type OrderTab } from '../../contract/order-status';
import { EMPTY_ORDER_QUERY, sameOrderQuery } from '../../contract/order-query';
import { errorOf, toErrorInfo } from '../shared/error-info';
import {
  ORDER_PAGE_SIZE,
  SEARCH_DELAY,
  UNDO_TIMEOUT,
  type OrderList,
  type OrderListContext,
  type OrderListEmitted,
  type OrderListEvent,
  type OrderListInput,
  type OrderListRequest,
  type TrashResponse,
} from './order-list.types';

type TrashDone = DoneActorEvent<TrashResponse>;
type ListDone = DoneActorEvent<OrderList>;

/** The context's rows of a page 1 the list starts from. */
const pageOf = (page: OrderList | null) => ({
  items: page?.results ?? [],
  count: page?.count ?? 0,
  counters: page?.counters ?? null,
  matches: page?.matches ?? null,
  hasMore: page ? page.next !== null : false,
});

/**
 * The list after a delete/restore answer: the order leaves a tab it no longer belongs to (spec 4), or shows its
 * new status where it stays; a deleted order is remembered with its place so "Отменить" can put it back.
 */
function afterTrash(
  context: OrderListContext,
  answer: TrashResponse,
  deleted: boolean,
): Partial<OrderListContext> {
  const tab = statusById(answer.status.id)?.tab;
  const index = context.items.findIndex((o) => o.id === answer.id);
  let items = context.items;
  let count = context.count;
  let removed = deleted ? null : context.removed;
  if (deleted && index !== -1) removed = { item: context.items[index]!, index };
  if (tab !== context.tab) {
    if (index !== -1) {
      items = items.filter((o) => o.id !== answer.id);
      count = Math.max(0, count - 1);
    }
  } else if (index !== -1) {
    items = items.map((o) =>
      o.id === answer.id ? { ...o, status: answer.status, is_trash: answer.is_trash } : o,
    );
  } else if (!deleted && removed?.item.id === answer.id) {
    const back = { ...removed.item, status: answer.status, is_trash: answer.is_trash };
    items = [...items.slice(0, removed.index), back, ...items.slice(removed.index)];
    count += 1;
  }
  if (!deleted && removed?.item.id === answer.id) removed = null;
  // While searching, the order still matches in the tab it moved to (a status filter aside: the next load says).
  let matches = context.matches;
  const known = index !== -1 || context.removed?.item.id === answer.id;
  const from: OrderTab = deleted ? context.tab : 'archive';
  if (matches && known && tab && tab !== from && matches[from] > 0)
    matches = { ...matches, [from]: matches[from] - 1, [tab]: matches[tab] + 1 };
  return { items, count, removed, counters: answer.counters, matches, busyId: null, trashError: null };
}

/**
 * A new query (the URL's): page 1 loads; with a held copy of it, its rows show while it refreshes. Re-entered from
 * the same state, the running request is cancelled (spec 4: the invocation stops, its signal aborts).
 */
const onLoad = [
  {
    guard: 'isNewQueryWithHeld',
    target: '#orderList.list.refreshing',
    reenter: true,
    actions: 'assignQuery',
  },
  { guard: 'isNewQuery', target: '#orderList.list.loading', reenter: true, actions: 'assignQuery' },
] as const;

/** Page 1 of the query, read by both states that show it next (loading, and refreshing a held copy). */
const fetchFirstPage = {
  id: 'fetchOrders',
  src: 'fetchOrders',
  input: ({ context }: { context: OrderListContext }) => ({
    tab: context.tab,
    query: context.query,
    page: 1,
    pageSize: context.pageSize,
  }),
  onDone: {
    target: 'ready',
    actions: [
      { type: 'assignPage', params: ({ event }: { event: ListDone }) => event.output },
      { type: 'emitFirstPage', params: ({ event }: { event: ListDone }) => event.output },
    ],
  },
} as const;

export const orderListMachine = setup({
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    input: {} as OrderListInput,
    emitted: {} as OrderListEmitted,
  },
  actors: {
    /** GET /api/client/orders/?tab&search&…filters&ordering&page&page_size with the actor's AbortSignal. */
    fetchOrders: fromPromise<OrderList, OrderListRequest>(() =>
      Promise.reject(new Error('orderList: actor "fetchOrders" is not provided')),
    ),
    /** DELETE /api/client/orders/{id}/ */
    trashOrder: fromPromise<TrashResponse, { id: number }>(() =>
      Promise.reject(new Error('orderList: actor "trashOrder" is not provided')),
    ),
    /** PATCH /api/client/orders/{id}/restore/ */
    restoreOrder: fromPromise<TrashResponse, { id: number }>(() =>
      Promise.reject(new Error('orderList: actor "restoreOrder" is not provided')),
    ),
  },
  actions: {
    assignQuery: assign(({ context, event }) => {
      assertEvent(event, 'orderList.load');
      const tab = event.tab ?? context.tab;
      const query = event.query ?? context.query;
      // Another tab or query: the old rows are not this list (keep them while only paging). A held copy of the
      // new list shows instead while it refreshes.
      const rows = event.held
        ? pageOf(event.held)
        : { items: [], count: 0, hasMore: false, counters: context.counters, matches: context.matches };
      return {
        tab,
        query,
        draft: query.search,
        page: 1,
        ...rows,
        error: null,
        removed: null,
        held: !!event.held,
      };
    }),
    assignDraft: assign(({ event }) => {
      assertEvent(event, 'orderList.type');
      return { draft: event.search.slice(0, 200) };
    }),
    emitSearch: emit(({ context }) => ({
      type: 'orderList.search' as const,
      query: { ...context.query, search: context.draft.trim() },
    })),
    emitFirstPage: emit(({ context }, page: OrderList) => ({
      type: 'orderList.firstPage' as const,
      tab: context.tab,
      query: context.query,
      page,
    })),
    nextPage: assign(({ context }) => ({ page: context.page + 1, error: null })),
    previousPage: assign(({ context }) => ({ page: Math.max(1, context.page - 1) })),
    clearError: assign({ error: null }),
    assignPage: assign(({ context }, answer: OrderList) => {
      const seen = new Set(context.items.map((o) => o.id));
      // An answer sent before a delete from this list (a held list's refresh) may still list the deleted order:
      // it went to the archive, so it stays out of the other tabs.
      const gone = context.removed && context.tab !== 'archive' ? context.removed.item.id : null;
      const results = gone === null ? answer.results : answer.results.filter((o) => o.id !== gone);
      // Deletes shift the pages under us: a row may come twice.
      const fresh = results.filter((o) => !seen.has(o.id));
      return {
        items: context.page === 1 ? results : [...context.items, ...fresh],
        count: answer.count,
        counters: answer.counters,
        matches: answer.matches ?? null,
        hasMore: answer.next !== null,
        error: null,
        held: false,
      };
    }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    dropHeld: assign({ items: [], count: 0, hasMore: false, held: false }),
    assignBusy: assign((_, id: number) => ({ busyId: id, trashError: null })),
    applyDelete: assign(({ context }, answer: TrashResponse) => afterTrash(context, answer, true)),
    applyRestore: assign(({ context }, answer: TrashResponse) => afterTrash(context, answer, false)),
    assignTrashError: assign((_, error: unknown) => ({ busyId: null, trashError: toErrorInfo(error) })),
    forgetRemoved: assign({ removed: null }),
    emitDeleted: emit((_, id: number) => ({ type: 'orderList.deleted' as const, id })),
    emitRestored: emit((_, p: { id: number; undo: boolean }) => ({
      type: 'orderList.restored' as const,
      ...p,
    })),
    emitTrashFailed: emit(({ context }) => ({
      type: 'orderList.trashFailed' as const,
      error: context.trashError ?? { message: '' },
    })),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    /** The URL's query differs from the list's (the same one again, e.g. after our own search, is no reload). */
    isNewQuery: ({ context, event }) => {
      assertEvent(event, 'orderList.load');
      return (
        (event.tab ?? context.tab) !== context.tab ||
        !sameOrderQuery(event.query ?? context.query, context.query)
      );
    },
    /** A new query that comes with a held copy of its page 1. */
    isNewQueryWithHeld: ({ context, event }) => {
      assertEvent(event, 'orderList.load');
      return (
        !!event.held &&
        ((event.tab ?? context.tab) !== context.tab ||
          !sameOrderQuery(event.query ?? context.query, context.query))
      );
    },
    /** The typed search differs from the one shown. */
    draftChanged: ({ context }) => context.draft.trim() !== context.query.search.trim(),
    wasRemovedHere: ({ context }, id: number) => context.removed?.item.id === id,
    canUndo: ({ context }) => context.removed !== null,
    /** The input came with the first page (counters come only with an answer). */
    hasFirstPage: ({ context }) => context.counters !== null && !context.held,
    /** The input came with a held copy of page 1, to refresh. */
    hasHeldPage: ({ context }) => context.held,
  },
  delays: {
    undoTimeout: UNDO_TIMEOUT,
    searchDelay: SEARCH_DELAY,
  },
}).createMachine({
  id: 'orderList',
  type: 'parallel',
  context: ({ input }) => ({
    tab: input.tab,
    query: input.query ?? EMPTY_ORDER_QUERY,
    draft: input.query?.search ?? '',
    page: 1,
    pageSize: input.pageSize ?? ORDER_PAGE_SIZE,
    // The first page the server wrote into the page (else a held copy), taken as assignPage takes an answer.
    ...pageOf(input.firstPage ?? input.held ?? null),
    error: null,
    held: !input.firstPage && !!input.held,
    busyId: null,
    removed: null,
    trashError: null,
  }),
  states: {
    list: {
      initial: 'starting',
      states: {
        starting: {
          description:
            'Ready at once with the first page the page came with (the signed-in first screen); showing a held copy while it refreshes; else loading.',
          always: [
            { guard: 'hasFirstPage', target: 'ready' },
            { guard: 'hasHeldPage', target: 'refreshing' },
            { target: 'loading' },
          ],
        },
        refreshing: {
          tags: ['refreshing'],
          description:
            'The rows of a held copy are on screen while page 1 loads again; the answer replaces them.',
          invoke: {
            ...fetchFirstPage,
            onError: {
              target: 'failure',
              description: 'The held rows are not the current list: they go, the error shows with retry.',
              actions: [{ type: 'assignError', params: errorOf }, 'dropHeld'],
            },
          },
          on: {
            'orderList.load': onLoad,
          },
        },
        loading: {
          tags: ['loading'],
          description:
            'Page 1 of the query. A new query re-enters this state: the running request is aborted.',
          invoke: {
            ...fetchFirstPage,
            onError: {
              target: 'failure',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
          on: {
            // Spec 4: a new request cancels the running one (the invocation stops, its signal aborts).
            'orderList.load': onLoad,
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          description: 'The next page, added below the rows already shown.',
          invoke: {
            id: 'fetchOrders',
            src: 'fetchOrders',
            input: ({ context }) => ({
              tab: context.tab,
              query: context.query,
              page: context.page,
              pageSize: context.pageSize,
            }),
            onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
            onError: {
              target: 'ready',
              description: 'The rows shown stay; the error shows under them with "show more" to try again.',
              actions: ['previousPage', { type: 'assignError', params: errorOf }],
            },
          },
          on: {
            'orderList.load': onLoad,
          },
        },
        ready: {
          on: {
            'orderList.load': onLoad,
            'orderList.more': { guard: 'hasMore', target: 'loadingMore', actions: 'nextPage' },
          },
        },
        failure: {
          tags: ['error'],
          on: {
            'orderList.load': onLoad,
            'orderList.retry': { target: 'loading', actions: 'clearError' },
          },
        },
      },
    },
    typing: {
      initial: 'idle',
      description: 'The search box: what is typed becomes the query after a pause, or at once on Enter.',
      states: {
        idle: {
          on: {
            'orderList.type': { target: 'waiting', actions: 'assignDraft' },
            'orderList.submit': { guard: 'draftChanged', actions: 'emitSearch' },
          },
        },
        waiting: {
          tags: ['typing'],
          after: {
            searchDelay: [
              { guard: 'draftChanged', target: 'idle', actions: 'emitSearch' },
              { target: 'idle', description: 'Typed back to the search shown: nothing to send.' },
            ],
          },
          on: {
            'orderList.type': { target: 'waiting', reenter: true, actions: 'assignDraft' },
            'orderList.submit': [
              { guard: 'draftChanged', target: 'idle', actions: 'emitSearch' },
              { target: 'idle' },
            ],
            'orderList.load': {
              target: 'idle',
              description:
                'Back/forward or a link while typing: the URL wins, the pending search is dropped.',
            },
          },
        },
      },
    },
    trash: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'orderList.delete': {
              target: 'deleting',
              actions: { type: 'assignBusy', params: ({ event }) => event.id },
            },
            'orderList.restore': {
              target: 'restoring',
              actions: { type: 'assignBusy', params: ({ event }) => event.id },
            },
          },
        },
        deleting: {
          tags: ['trashBusy'],
          invoke: {
            id: 'trashOrder',
            src: 'trashOrder',
            input: ({ context }) => ({ id: context.busyId ?? 0 }),
            onDone: {
              target: 'undoable',
              actions: [
                { type: 'applyDelete', params: ({ event }: { event: TrashDone }) => event.output },
                { type: 'emitDeleted', params: ({ event }: { event: TrashDone }) => event.output.id },
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignTrashError', params: errorOf }, 'emitTrashFailed'],
            },
          },
        },
        undoable: {
          description: 'A toast offers "Отменить" for a while after a delete.',
          after: { undoTimeout: { target: 'idle', actions: 'forgetRemoved' } },
          on: {
            'orderList.undo': {
              guard: 'canUndo',
              target: 'restoring',
              actions: { type: 'assignBusy', params: ({ context }) => context.removed?.item.id ?? 0 },
            },
            'orderList.dismissUndo': { target: 'idle', actions: 'forgetRemoved' },
            'orderList.delete': {
              target: 'deleting',
              actions: { type: 'assignBusy', params: ({ event }) => event.id },
            },
            'orderList.restore': {
              target: 'restoring',
              actions: { type: 'assignBusy', params: ({ event }) => event.id },
            },
          },
        },
        restoring: {
          tags: ['trashBusy'],
          invoke: {
            id: 'restoreOrder',
            src: 'restoreOrder',
            input: ({ context }) => ({ id: context.busyId ?? 0 }),
            onDone: [
              {
                guard: {
                  type: 'wasRemovedHere',
                  params: ({ event }: { event: TrashDone }) => event.output.id,
                },
                target: 'idle',
                description: 'Undo: the order comes back to its place in this list.',
                actions: [
                  { type: 'applyRestore', params: ({ event }: { event: TrashDone }) => event.output },
                  {
                    type: 'emitRestored',
                    params: ({ event }: { event: TrashDone }) => ({ id: event.output.id, undo: true }),
                  },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'applyRestore', params: ({ event }: { event: TrashDone }) => event.output },
                  {
                    type: 'emitRestored',
                    params: ({ event }: { event: TrashDone }) => ({ id: event.output.id, undo: false }),
                  },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'assignTrashError', params: errorOf }, 'emitTrashFailed'],
            },
          },
        },
      },
    },
  },
});
