import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import {
  selectIsLoading,
  selectIsRefreshing,
  selectOrder,
  selectOutcome,
} from '../../machines/order-loader/order-loader.selectors';
import { ORDER_CACHE_EXPIRY, type OrderLoaderInput } from '../../machines/order-loader/order-loader.types';
import type { OrderDetail } from '../../contract/orders.api';
import { describeModel } from './coverage';
import { never } from './never';

const order = (id: number, is_trash = false): OrderDetail =>
  ({
    id,
    is_trash,
    status: is_trash ? { id: 16, title: 'Архивный заказ' } : { id: 3, title: 'Ожидает оплаты' },
    topic: `Заказ ${id}`,
  }) as OrderDetail;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const model = orderLoaderMachine.provide({ actors: { fetchOrder: never() } });
type Snap = SnapshotFrom<typeof model>;
const events = [
  { type: 'orderLoader.open', id: 1 },
  { type: 'orderLoader.open', id: 2 },
  { type: 'orderLoader.open', id: null },
  { type: 'orderLoader.invalidate', id: 1 },
  { type: 'orderLoader.invalidate', id: 2 },
  { type: 'orderLoader.set', order: order(1) },
  { type: 'orderLoader.clear' },
  { type: 'xstate.done.actor.fetchOrder', output: order(1) },
  { type: 'xstate.done.actor.fetchOrder', output: order(2, true) },
  { type: 'xstate.error.actor.fetchOrder', error: { status: 404, message: 'Заказ не найден.' } },
  { type: 'xstate.done.actor.refreshOrder', output: order(1) },
  { type: 'xstate.done.actor.refreshOrder', output: order(1, true) },
  { type: 'xstate.error.actor.refreshOrder', error: { message: 'Сервер не отвечает' } },
  // Read ahead on intent (a touch or hover on the order's link): order 1 in the cache, order 2 archived.
  { type: 'orderLoader.prefetch', id: 1 },
  { type: 'orderLoader.prefetch', id: 2 },
  { type: 'xstate.done.actor.prefetch', output: order(1) },
  { type: 'xstate.done.actor.prefetch', output: order(2, true) },
  { type: 'xstate.error.actor.prefetch', error: { status: 404, message: 'Заказ не найден.' } },
];
const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    id: s.context.id,
    cache: Object.values(s.context.cache).map((c) => [c.order.id, c.order.is_trash]),
    prefetching: s.context.prefetching,
  });

describeModel(model, {
  name: 'orderLoader machine (model-based)',
  events,
  serializeState,
  // The answer is for the order asked for.
  filterEvents: (s, e) => {
    // A fresh copy comes from a call on the page showing the order (never on the archive redirect).
    if (e.type === 'orderLoader.set') return !s.matches('archived');
    const out = (e as { output?: OrderDetail }).output;
    // A read ahead answers only while one runs, for the order it reads.
    if (e.type.endsWith('.actor.prefetch'))
      return s.context.prefetching !== null && (!out || out.id === s.context.prefetching);
    return !out || e.type === 'orderLoader.set' || out.id === s.context.id;
  },
  invariants: (final) => {
    const outcome = selectOutcome(final);
    expect(selectIsLoading(final)).toBe(final.matches('loading') || final.matches('awaitingPrefetch'));
    // Waiting for a read ahead means one runs, for the order opened; no other order's read runs beside a load.
    if (final.matches('awaitingPrefetch')) expect(final.context.prefetching).toBe(final.context.id);
    if (final.matches('loading') || final.matches({ ready: 'refreshing' }))
      expect(final.context.prefetching).not.toBe(final.context.id);
    if (outcome === 'show') expect(selectOrder(final)?.id).toBe(final.context.id);
    if (outcome === 'archive') expect(selectOrder(final)?.is_trash).toBe(true);
    if (outcome === 'home') expect(final.context.id).toBeNull();
    if (outcome === 'notFound') expect(final.context.error?.status).toBe(404);
    if (selectIsRefreshing(final)) expect(outcome).toBe('show');
  },
});

function start(
  answer: (id: number) => Promise<OrderDetail> = async (id) => order(id),
  input: OrderLoaderInput = {},
) {
  const calls: { id: number; signal: AbortSignal }[] = [];
  const actor = createActor(
    orderLoaderMachine.provide({
      actors: {
        fetchOrder: fromPromise<OrderDetail, { id: number }>(({ input, signal }) => {
          calls.push({ id: input.id, signal });
          return answer(input.id);
        }),
      },
    }),
    { input },
  ).start();
  const open = async (id: number | null) => {
    actor.send({ type: 'orderLoader.open', id });
    return selectOutcome(await waitFor(actor, (s) => selectOutcome(s) !== 'pending'));
  };
  return { actor, calls, open };
}

describe('orderLoader machine (cache and route outcomes)', () => {
  it('loads a missing order, serves it from the cache for 60 000 ms, then loads it again', async () => {
    const { actor, calls, open } = start();
    expect(await open(5)).toBe('show');
    expect(calls).toHaveLength(1);
    expect(selectOrder(actor.getSnapshot())?.id).toBe(5);

    await vi.advanceTimersByTimeAsync(ORDER_CACHE_EXPIRY - 1);
    expect(await open(5)).toBe('show');
    expect(calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(await open(5)).toBe('show');
    expect(calls).toHaveLength(2);
  });

  it('a read ahead on intent: the open waits for it (one request), or finds it in the cache', async () => {
    let release: (o: OrderDetail) => void = () => {};
    const { actor, calls, open } = start((id) =>
      id === 7 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(order(id)),
    );
    expect(await open(5)).toBe('show');
    // Read ahead while order 5 is on screen: the page keeps showing 5.
    actor.send({ type: 'orderLoader.prefetch', id: 7 });
    expect(calls.map((c) => c.id)).toEqual([5, 7]);
    expect(selectOrder(actor.getSnapshot())?.id).toBe(5);
    // Opened before the answer: no second request, the answer settles it.
    const opened = open(7);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    release(order(7));
    expect(await opened).toBe('show');
    expect(calls.map((c) => c.id)).toEqual([5, 7]);

    // Answered before the click: the open is served from the cache.
    actor.send({ type: 'orderLoader.prefetch', id: 8 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await open(8)).toBe('show');
    expect(calls.map((c) => c.id)).toEqual([5, 7, 8]);
    // A fresh copy is not read again.
    actor.send({ type: 'orderLoader.prefetch', id: 8 });
    expect(calls).toHaveLength(3);
  });

  it("counts a copy's age on the input's clock, not the system time", async () => {
    let now = 5_000_000;
    const { calls, open } = start(undefined, { now: () => now });
    await open(5);
    await vi.advanceTimersByTimeAsync(ORDER_CACHE_EXPIRY * 2); // the system time moves, the given clock does not
    await open(5);
    expect(calls).toHaveLength(1);
    now += ORDER_CACHE_EXPIRY;
    await open(5);
    expect(calls).toHaveLength(2);
  });

  it('keeps several orders: going back to a fresh one needs no request', async () => {
    const { calls, open } = start();
    await open(5);
    await open(6);
    await open(5);
    expect(calls.map((c) => c.id)).toEqual([5, 6]);
  });

  it('an archived order sends the route to the archive tab, also from the cache', async () => {
    const { calls, open } = start(async (id) => order(id, true));
    expect(await open(7)).toBe('archive');
    expect(await open(7)).toBe('archive');
    expect(calls).toHaveLength(1);
  });

  it('a failed load sends the route to /404; no id sends it Home', async () => {
    const { actor, open } = start(() => Promise.reject({ status: 404, message: 'Заказ не найден.' }));
    expect(await open(404)).toBe('notFound');
    expect(actor.getSnapshot().context.error).toEqual({ status: 404, message: 'Заказ не найден.' });
    expect(await open(null)).toBe('home');
  });

  it('opening another order cancels the load still running', async () => {
    const { calls, actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'orderLoader.open', id: 1 });
    actor.send({ type: 'orderLoader.open', id: 2 });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('a change of the open order reloads it quietly; archived meanwhile → archive', async () => {
    let trash = false;
    const { actor, calls, open } = start(async (id) => order(id, trash));
    await open(3);
    trash = true;
    actor.send({ type: 'orderLoader.invalidate', id: 3 });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    // The page keeps showing the order while it reloads.
    expect(selectOutcome(actor.getSnapshot())).toBe('show');
    const settled = await waitFor(actor, (s) => !selectIsRefreshing(s));
    expect(selectOutcome(settled)).toBe('archive');
    expect(calls).toHaveLength(2);
  });

  it('signing out forgets every order', async () => {
    const { actor, calls, open } = start();
    await open(3);
    actor.send({ type: 'orderLoader.clear' });
    expect(selectOrder(actor.getSnapshot())).toBeNull();
    await open(3);
    expect(calls).toHaveLength(2);
  });

  it('a change of another order only drops its copy', async () => {
    const { actor, calls, open } = start();
    await open(3);
    await open(4);
    actor.send({ type: 'orderLoader.invalidate', id: 3 });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(false);
    await open(3);
    expect(calls.map((c) => c.id)).toEqual([3, 4, 3]);
  });
});
