import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { orderListMachine } from '../../machines/order-list/order-list.machine';
import { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import { selectOrder } from '../../machines/order-loader/order-loader.selectors';
import { expireOnListChanges, openOrder } from '../../src/actors/open-order';
import {
  selectBusyId,
  selectCounters,
  selectDraft,
  selectHasMore,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsRefreshing,
  selectItems,
  selectMatches,
  selectUndoable,
} from '../../machines/order-list/order-list.selectors';
import {
  SEARCH_DELAY,
  UNDO_TIMEOUT,
  type OrderListRequest,
} from '../../machines/order-list/order-list.types';
import { EMPTY_ORDER_QUERY, type OrderQuery } from '../../contract/order-query';
import type { OrderDetail, OrderList, OrderListItem, TrashResponse } from '../../contract/orders.api';
import { ORDER_STATUSES } from '../../contract/order-status';
import { describeModel } from './coverage';
import { never } from './never';

const S = ORDER_STATUSES;
const searchFor = (search: string): OrderQuery => ({ ...EMPTY_ORDER_QUERY, search });
const item = (id: number, status: { id: number; title: string } = S.awaitingPayment): OrderListItem => ({
  id,
  status: { id: status.id, title: status.title },
  is_trash: status.id === S.archived.id,
  work_type: 'Реферат',
  subject: 'История',
  topic: `Заказ ${id}`,
  deadline: '2026-03-20T12:00:00.000Z',
  price: 1500,
  paid: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  unread: 0,
});
const counters = { active: 3, archive: 1, done: 0 };
const page1: OrderList = {
  next: '/api/client/orders/?page=2',
  previous: null,
  count: 3,
  results: [item(1), item(2)],
  counters,
};
const page2: OrderList = {
  next: null,
  previous: '/api/client/orders/?page=1',
  count: 3,
  results: [item(3)],
  counters,
};
const deleted1: TrashResponse = {
  id: 1,
  is_trash: true,
  status: { id: 16, title: 'Архивный заказ' },
  counters: { active: 2, archive: 2, done: 0 },
};
const restored1: TrashResponse = {
  id: 1,
  is_trash: false,
  status: { id: 3, title: 'Ожидает оплаты' },
  counters: { active: 3, archive: 1, done: 0 },
};
const restored9: TrashResponse = { ...restored1, id: 9 };
const failure = { status: 400, message: 'Заказ в работе нельзя удалить.' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const model = orderListMachine.provide({
  actors: { fetchOrders: never(), trashOrder: never(), restoreOrder: never() },
});
type Snap = SnapshotFrom<typeof model>;
const input = { tab: 'active' as const };
const events = [
  { type: 'orderList.load', query: searchFor('курс') },
  { type: 'orderList.type', search: 'курс' },
  { type: 'orderList.type', search: '' },
  { type: 'orderList.submit' },
  { type: 'xstate.after.searchDelay.orderList.typing.waiting' },
  { type: 'orderList.load', tab: 'archive' },
  // The archive tab's page the app held from an earlier visit: its rows show while it refreshes.
  { type: 'orderList.load', tab: 'archive', held: page2 },
  { type: 'orderList.more' },
  { type: 'orderList.retry' },
  { type: 'orderList.delete', id: 1 },
  { type: 'orderList.restore', id: 9 },
  { type: 'orderList.undo' },
  { type: 'orderList.dismissUndo' },
  { type: 'xstate.done.actor.fetchOrders', output: page1 },
  { type: 'xstate.done.actor.fetchOrders', output: page2 },
  { type: 'xstate.error.actor.fetchOrders', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.trashOrder', output: deleted1 },
  { type: 'xstate.error.actor.trashOrder', error: failure },
  { type: 'xstate.done.actor.restoreOrder', output: restored1 },
  { type: 'xstate.done.actor.restoreOrder', output: restored9 },
  { type: 'xstate.error.actor.restoreOrder', error: failure },
  { type: 'xstate.after.undoTimeout.orderList.trash.undoable' },
];
const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    tab: s.context.tab,
    search: s.context.query.search,
    draft: s.context.draft,
    page: s.context.page,
    ids: s.context.items.map((o) => o.id),
    more: s.context.hasMore,
    removed: s.context.removed?.item.id ?? null,
    busy: s.context.busyId,
    error: s.context.error !== null,
  });

describeModel(model, {
  name: 'orderList machine (model-based)',
  events,
  inputs: [
    {
      name: 'loading its first page',
      input,
      misses: /starting on "always" \[hasFirstPage\] → #orderList\.list\.ready/,
    },
    // The signed-in first screen: the page came with page 1 (contract/first-screen.ts).
    {
      name: 'from the first page the page came with',
      input: { ...input, firstPage: page1 },
      misses: /starting on "always" → #orderList\.list\.loading/,
    },
    // A list the app held from an earlier answer (src/features/orders/held-lists.ts): shown while it refreshes.
    {
      name: 'from a held copy of its first page',
      input: { ...input, held: page1 },
      misses: /starting on "always" \[hasFirstPage\] → #orderList\.list\.ready/,
    },
  ],
  serializeState,
  // A bounded model: the archive tab and the search are one query each, deletes happen on the active tab.
  filterEvents: (s, e) => {
    if (e.type === 'orderList.load') return s.context.tab === 'active' && s.context.query.search === '';
    // Typing: a word or nothing, on the active tab only.
    if (e.type === 'orderList.type') return s.context.tab === 'active';
    if (e.type === 'xstate.done.actor.fetchOrders') {
      const out = (e as unknown as { output: OrderList }).output;
      return s.matches({ list: 'loadingMore' }) ? out === page2 : out === page1;
    }
    if (e.type === 'orderList.delete') return s.context.tab === 'active';
    return true;
  },
  agreeOn: selectItems,
  invariants: (final) => {
    expect(selectIsLoading(final)).toBe(final.matches({ list: 'loading' }));
    expect(selectIsRefreshing(final)).toBe(final.matches({ list: 'refreshing' }));
    // A held copy shows only while it refreshes: once an answer came (or failed), the rows are the server's.
    if (!final.matches({ list: 'refreshing' })) expect(final.context.held).toBe(false);
    expect(selectIsLoadingMore(final)).toBe(final.matches({ list: 'loadingMore' }));
    expect(selectIsFailed(final)).toBe(final.matches({ list: 'failure' }));
    if (selectIsFailed(final)) expect(final.context.error?.message).toBe('Сервер не отвечает');
    if (selectIsEmpty(final)) expect(selectItems(final)).toEqual([]);
    // No order shows twice, whatever came in which order.
    const ids = selectItems(final).map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    if (final.matches({ trash: 'idle' }) || final.matches({ trash: 'undoable' }))
      expect(selectBusyId(final)).toBeNull();
    // A deleted order leaves the active tab; on the archive tab it stays, shown as archived.
    const undoable = selectUndoable(final);
    if (undoable && final.context.tab === 'active') expect(ids).not.toContain(undoable.id);
    if (undoable && final.context.tab === 'archive' && ids.includes(undoable.id))
      expect(selectItems(final).find((o) => o.id === undoable.id)?.is_trash).toBe(true);
  },
});

/** fetchOrders that records each request and its AbortSignal, settled by the test. */
function controlledFetch() {
  const calls: {
    input: OrderListRequest;
    signal: AbortSignal;
    resolve: (l: OrderList) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const logic = fromPromise<OrderList, OrderListRequest>(
    ({ input, signal }) =>
      new Promise<OrderList>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return { logic, calls };
}

function start(
  tab: 'active' | 'archive' = 'active',
  trash?: { trash?: TrashResponse; restore?: TrashResponse | ((id: number) => TrashResponse) },
) {
  const fetch = controlledFetch();
  const trashOrder = vi.fn(
    async ({ input }: { input: { id: number } }) => trash?.trash ?? { ...deleted1, id: input.id },
  );
  const restoreOrder = vi.fn(async ({ input }: { input: { id: number } }) => {
    const r = trash?.restore;
    return typeof r === 'function' ? r(input.id) : (r ?? { ...restored1, id: input.id });
  });
  const actor = createActor(
    orderListMachine.provide({
      actors: {
        fetchOrders: fetch.logic,
        trashOrder: fromPromise(trashOrder),
        restoreOrder: fromPromise(restoreOrder),
      },
    }),
    { input: { tab } },
  ).start();
  return { actor, fetch, trashOrder, restoreOrder };
}

describe('orderList machine (requests)', () => {
  it('loads page 1 of the tab with the page size, then more pages below', async () => {
    const { actor, fetch } = start();
    expect(fetch.calls[0]!.input).toEqual({ tab: 'active', query: EMPTY_ORDER_QUERY, page: 1, pageSize: 20 });
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
    expect(selectCounters(actor.getSnapshot())).toEqual(counters);

    actor.send({ type: 'orderList.more' });
    expect(fetch.calls[1]!.input.page).toBe(2);
    fetch.calls[1]!.resolve(page2);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([1, 2, 3]);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'orderList.more' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('a new request cancels the running one: its signal aborts and its late answer is ignored', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'orderList.load', query: searchFor('курс') });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[0]!.signal.aborted).toBe(true);
    expect(fetch.calls[1]!.signal.aborted).toBe(false);
    expect(fetch.calls[1]!.input).toMatchObject({ query: searchFor('курс'), page: 1 });
    // The same query again (the URL after our own search) is no new request.
    actor.send({ type: 'orderList.load', query: searchFor('курс') });
    expect(fetch.calls).toHaveLength(2);

    actor.send({ type: 'orderList.load', query: searchFor('курсовая') });
    expect(fetch.calls[1]!.signal.aborted).toBe(true);
    fetch.calls[1]!.resolve(page1); // too late: nobody listens
    fetch.calls[2]!.resolve({ ...page2, results: [item(7)] });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([7]);
  });

  it('switching tabs keeps the query (the tab links carry it) and drops the rows of the old tab', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'orderList.load', query: searchFor('курс') });
    fetch.calls[1]!.resolve({ ...page1, matches: { active: 2, done: 1, archive: 0 } });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(selectMatches(actor.getSnapshot())).toEqual({ active: 2, done: 1, archive: 0 });
    actor.send({ type: 'orderList.load', tab: 'done' });
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(fetch.calls[2]!.input).toMatchObject({ tab: 'done', query: searchFor('курс') });
  });

  it('a held list shows its rows at once while page 1 loads again, and the answer replaces them', async () => {
    const fetch = controlledFetch();
    const emitted: OrderList[] = [];
    const actor = createActor(
      orderListMachine.provide({
        actors: { fetchOrders: fetch.logic, trashOrder: never(), restoreOrder: never() },
      }),
      { input: { tab: 'active', held: page1 } },
    ).start();
    actor.on('orderList.firstPage', (e) => emitted.push(e.page));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([1, 2]);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(fetch.calls.map((c) => c.input.page)).toEqual([1]);
    const fresh = { ...page1, results: [item(2)], count: 1, next: null };
    fetch.calls[0]!.resolve(fresh);
    await waitFor(actor, (s) => !selectIsRefreshing(s));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([2]);
    expect(emitted).toEqual([fresh]);

    // Another tab the app holds: its rows at once, its refresh on the way; without one, the skeleton.
    actor.send({ type: 'orderList.load', tab: 'archive', held: page2 });
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([3]);
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(fetch.calls[1]!.input.tab).toBe('archive');
    actor.send({ type: 'orderList.load', tab: 'done' });
    expect(fetch.calls[1]!.signal.aborted).toBe(true);
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
  });

  it('typing waits for a pause, then asks for the search once; Enter asks at once', () => {
    const { actor, fetch } = start();
    const asked: OrderQuery[] = [];
    actor.on('orderList.search', (e) => asked.push(e.query));
    actor.send({ type: 'orderList.type', search: 'к' });
    vi.advanceTimersByTime(SEARCH_DELAY - 50);
    actor.send({ type: 'orderList.type', search: 'ку' });
    vi.advanceTimersByTime(SEARCH_DELAY - 50);
    expect(asked).toEqual([]);
    expect(selectDraft(actor.getSnapshot())).toBe('ку');
    vi.advanceTimersByTime(50);
    expect(asked).toEqual([searchFor('ку')]);
    // The search itself is loaded when the URL comes back with it, not by the typing.
    expect(fetch.calls).toHaveLength(1);

    actor.send({ type: 'orderList.type', search: 'курс ' });
    actor.send({ type: 'orderList.submit' });
    expect(asked).toEqual([searchFor('ку'), searchFor('курс')]);
    vi.advanceTimersByTime(SEARCH_DELAY * 2);
    expect(asked).toHaveLength(2);
  });

  it("back/forward while typing: the URL's query wins, the pending search is dropped", () => {
    const { actor } = start();
    const asked: OrderQuery[] = [];
    actor.on('orderList.search', (e) => asked.push(e.query));
    actor.send({ type: 'orderList.type', search: 'эссе' });
    actor.send({ type: 'orderList.load', query: searchFor('реферат') });
    vi.advanceTimersByTime(SEARCH_DELAY * 2);
    expect(asked).toEqual([]);
    expect(selectDraft(actor.getSnapshot())).toBe('реферат');
  });

  it('a failed load shows the error; retry loads again', async () => {
    const { actor, fetch } = start();
    fetch.calls[0]!.reject({ message: 'Сервер не отвечает' });
    await waitFor(actor, (s) => s.matches({ list: 'failure' }));
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Сервер не отвечает' });
    actor.send({ type: 'orderList.retry' });
    expect(fetch.calls).toHaveLength(2);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
  });
});

describe('order list and order cache together', () => {
  it("a delete, its undo and a restore from the list expire the order's cached copy (60 000 ms)", async () => {
    // The server's order 1 as the order page would load it: trashed once the list has deleted it.
    let trashed = false;
    const fetchOrder = vi.fn(
      async ({ input }: { input: { id: number } }) =>
        item(input.id, trashed ? S.archived : S.awaitingPayment) as OrderDetail,
    );
    const loader = createActor(
      orderLoaderMachine.provide({ actors: { fetchOrder: fromPromise(fetchOrder) } }),
      { input: {} },
    ).start();
    const { actor, fetch } = start('active', {
      trash: deleted1,
      restore: () => {
        trashed = false;
        return restored1;
      },
    });
    const stop = expireOnListChanges(actor, loader);
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));

    expect(await openOrder(loader, 1)).toBe('show');
    expect(await openOrder(loader, 1)).toBe('show');
    expect(fetchOrder).toHaveBeenCalledTimes(1);

    trashed = true;
    actor.send({ type: 'orderList.delete', id: 1 });
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    // Well within 60 000 ms, the order page still does not show the copy from before the delete.
    expect(await openOrder(loader, 1)).toBe('archive');
    expect(fetchOrder).toHaveBeenCalledTimes(2);

    actor.send({ type: 'orderList.undo' });
    await waitFor(actor, (s) => s.matches({ trash: 'idle' }));
    expect(await openOrder(loader, 1)).toBe('show');
    expect(selectOrder(loader.getSnapshot())?.is_trash).toBe(false);
    expect(fetchOrder).toHaveBeenCalledTimes(3);

    stop();
    trashed = true;
    actor.send({ type: 'orderList.delete', id: 1 });
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    expect(await openOrder(loader, 1)).toBe('show');
    expect(fetchOrder).toHaveBeenCalledTimes(3);
  });
});

describe('orderList machine (delete, undo, restore)', () => {
  it('delete removes the order and lowers the active counter; "Отменить" puts it back in place', async () => {
    const { actor, fetch, restoreOrder } = start();
    const deleted = vi.fn();
    const restored = vi.fn();
    actor.on('orderList.deleted', deleted);
    actor.on('orderList.restored', restored);
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));

    actor.send({ type: 'orderList.delete', id: 1 });
    expect(selectBusyId(actor.getSnapshot())).toBe(1);
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([2]);
    expect(actor.getSnapshot().context.count).toBe(2);
    expect(selectCounters(actor.getSnapshot())).toEqual({ active: 2, archive: 2, done: 0 });
    expect(selectUndoable(actor.getSnapshot())?.id).toBe(1);
    expect(deleted).toHaveBeenCalledWith({ type: 'orderList.deleted', id: 1 });

    actor.send({ type: 'orderList.undo' });
    await waitFor(actor, (s) => s.matches({ trash: 'idle' }));
    expect(restoreOrder).toHaveBeenCalledTimes(1);
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([1, 2]);
    expect(selectCounters(actor.getSnapshot())).toEqual(counters);
    expect(restored).toHaveBeenCalledWith({ type: 'orderList.restored', id: 1, undo: true });
  });

  it('the undo offer lapses after 5000 ms', async () => {
    const { actor, fetch } = start();
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'orderList.delete', id: 2 });
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    await vi.advanceTimersByTimeAsync(UNDO_TIMEOUT - 1);
    expect(selectUndoable(actor.getSnapshot())?.id).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectUndoable(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'orderList.undo' });
    expect(actor.getSnapshot().matches({ trash: 'idle' })).toBe(true);
  });

  it('restoring from the archive removes the order there and lowers the archive counter', async () => {
    const archivedOrder = item(5, S.archived);
    const { actor, fetch } = start('archive', {
      restore: {
        id: 5,
        is_trash: false,
        status: { id: 3, title: 'Ожидает оплаты' },
        counters: { active: 4, archive: 0, done: 0 },
      },
    });
    fetch.calls[0]!.resolve({ next: null, previous: null, count: 1, results: [archivedOrder], counters });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'orderList.restore', id: 5 });
    await waitFor(actor, (s) => s.matches({ trash: 'idle' }));
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    expect(selectCounters(actor.getSnapshot())).toEqual({ active: 4, archive: 0, done: 0 });
  });

  it('deleting a cancelled order on the archive tab keeps it there with the archive status', async () => {
    const cancelled = item(8, S.cancelled);
    const { actor, fetch } = start('archive', { trash: { ...deleted1, id: 8 } });
    fetch.calls[0]!.resolve({ next: null, previous: null, count: 1, results: [cancelled], counters });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'orderList.delete', id: 8 });
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    expect(selectItems(actor.getSnapshot())).toEqual([
      { ...cancelled, status: deleted1.status, is_trash: true },
    ]);
  });

  it('a refused delete keeps the order and passes the detail on', async () => {
    const fetch = controlledFetch();
    const actor = createActor(
      orderListMachine.provide({
        actors: {
          fetchOrders: fetch.logic,
          trashOrder: fromPromise(() => Promise.reject(failure)),
          restoreOrder: never(),
        },
      }),
      { input: { tab: 'active' } },
    ).start();
    const failed = vi.fn();
    actor.on('orderList.trashFailed', failed);
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'orderList.delete', id: 1 });
    await waitFor(actor, (s) => s.matches({ trash: 'idle' }));
    expect(selectItems(actor.getSnapshot()).map((o) => o.id)).toEqual([1, 2]);
    expect(failed).toHaveBeenCalledWith({ type: 'orderList.trashFailed', error: failure });
  });

  it('a load while a delete runs does not stop the delete', async () => {
    const { actor, fetch, trashOrder } = start();
    fetch.calls[0]!.resolve(page1);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'orderList.delete', id: 1 });
    actor.send({ type: 'orderList.load', query: searchFor('x') });
    await waitFor(actor, (s) => s.matches({ trash: 'undoable' }));
    expect(trashOrder).toHaveBeenCalledTimes(1);
  });
});
