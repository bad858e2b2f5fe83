import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { resourceMachine, typedResourceMachine } from '../../machines/resource/resource.machine';
import {
  selectData,
  selectError,
  selectIsFailed,
  selectIsLoading,
  selectIsRefreshing,
  selectKey,
  selectLatestData,
} from '../../machines/resource/resource.selectors';
import { describeModel } from './coverage';
import { never } from './never';

const model = resourceMachine.provide({ actors: { fetch: never() } });
type Snap = SnapshotFrom<typeof model>;
const first = { rows: [1, 2] };
const second = { rows: [3] };
const events = [
  { type: 'resource.load', key: { page: 1 } },
  { type: 'resource.load', key: { page: 2 } },
  { type: 'resource.reload' },
  { type: 'xstate.done.actor.fetch', output: first },
  { type: 'xstate.done.actor.fetch', output: second },
  { type: 'xstate.error.actor.fetch', error: { status: 503, message: 'Сервер не отвечает' } },
];

describeModel(model, {
  name: 'resource machine (model-based)',
  events,
  input: { key: { page: 1 } },
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, context: s.context }),
  agreeOn: (s: Snap) => s.context,
  invariants: (final) => {
    const { data, previous, error } = final.context;
    expect(selectIsLoading(final)).toBe(final.matches('loading'));
    expect(selectIsRefreshing(final)).toBe(final.matches('refreshing'));
    expect(selectIsFailed(final)).toBe(final.matches('failed'));
    // The error is there exactly while failed, with the message the page shows.
    expect(error !== null).toBe(final.matches('failed'));
    if (selectIsFailed(final)) expect(selectError(final)?.message).toBe('Сервер не отвечает');
    else expect(selectError(final)).toBeNull();
    // Loaded and refreshing always have the key's answer to show; loading never has one.
    if (final.matches('loaded') || final.matches('refreshing')) expect(data).not.toBeNull();
    if (final.matches('loading')) expect(data).toBeNull();
    // The previous key's rows live only while the new key loads.
    if (!final.matches('loading')) expect(previous).toBeNull();
    expect(selectLatestData(final)).toBe(data ?? previous);
  },
});

/** A fetch that records each read and its AbortSignal, settled by the test. */
function controlledFetch<T>() {
  const calls: {
    key: unknown;
    signal: AbortSignal;
    resolve: (v: T) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const logic = fromPromise<T, { key: unknown }>(
    ({ input, signal }) =>
      new Promise<T>((resolve, reject) => calls.push({ key: input.key, signal, resolve, reject })),
  );
  return { logic, calls };
}

function start(key: unknown = { page: 1 }) {
  const fetch = controlledFetch<{ rows: number[] }>();
  const actor = createActor(
    typedResourceMachine<{ rows: number[] }, unknown>().provide({ actors: { fetch: fetch.logic } }),
    { input: { key } },
  ).start();
  return { actor, fetch };
}

describe('resource machine (reads)', () => {
  it('reads its key at once and shows the answer', async () => {
    const { actor, fetch } = start();
    expect(fetch.calls.map((c) => c.key)).toEqual([{ page: 1 }]);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    fetch.calls[0]!.resolve(first);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual(first);
  });

  it('a reload keeps the last answer on screen (refreshing), then replaces it', async () => {
    const { actor, fetch } = start();
    fetch.calls[0]!.resolve(first);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'resource.reload' });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectData(actor.getSnapshot())).toEqual(first);
    fetch.calls[1]!.resolve(second);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual(second);
  });

  it('another key aborts the running read, and its late answer never lands', async () => {
    const { actor, fetch } = start();
    fetch.calls[0]!.resolve(first);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'resource.load', key: { page: 2 } });
    actor.send({ type: 'resource.load', key: { page: 3 } });
    expect(fetch.calls.map((c) => c.key)).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
    expect(fetch.calls[1]!.signal.aborted).toBe(true);
    expect(fetch.calls[2]!.signal.aborted).toBe(false);
    // While page 3 loads there is no answer for it, but page 1's rows may stay up.
    expect(selectData(actor.getSnapshot())).toBeNull();
    expect(selectLatestData(actor.getSnapshot())).toEqual(first);
    fetch.calls[1]!.resolve(second); // page 2, too late
    await Promise.resolve();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    fetch.calls[2]!.resolve({ rows: [9] });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual({ rows: [9] });
    expect(selectKey(actor.getSnapshot())).toEqual({ page: 3 });
  });

  it('the same key, even as a new object, reads nothing again', () => {
    const { actor, fetch } = start({ page: 1, kind: '' });
    actor.send({ type: 'resource.load', key: { page: 1, kind: '' } });
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]!.signal.aborted).toBe(false);
  });

  it('a reload during a read starts it over (the running answer may predate the change)', () => {
    const { actor, fetch } = start();
    actor.send({ type: 'resource.reload' });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[0]!.signal.aborted).toBe(true);
  });

  it('a failure is a state with a retry; a failed reload keeps the last answer', async () => {
    const { actor, fetch } = start();
    fetch.calls[0]!.reject({ status: 500, message: 'Ошибка сервера' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(actor.getSnapshot())).toEqual({ status: 500, message: 'Ошибка сервера' });
    expect(selectData(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'resource.reload' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectError(actor.getSnapshot())).toBeNull();
    fetch.calls[1]!.resolve(first);
    await waitFor(actor, (s) => s.matches('loaded'));

    actor.send({ type: 'resource.reload' });
    fetch.calls[2]!.reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectData(actor.getSnapshot())).toEqual(first);
    actor.send({ type: 'resource.reload' });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
  });

  it('stopping the actor aborts its read', () => {
    const { actor, fetch } = start();
    actor.stop();
    expect(fetch.calls[0]!.signal.aborted).toBe(true);
  });
});
