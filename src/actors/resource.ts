// Server data on a screen: the resource machine (machines/resource) with its fetch given here. A route that owns
// its data starts the actor in its `loader` (`routeResource`) and the page reads it (`useResourceActor`); a part of
// a page that reads for itself creates one while mounted (`useResource`). Realtime events send the actor a reload.
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  sameResourceKey,
  typedResourceMachine,
  type ResourceMachine,
} from '../../machines/resource/resource.machine';
import {
  selectData,
  selectError,
  selectIsFailed,
  selectIsLoading,
  selectIsRefreshing,
  selectKey,
  selectLatestData,
} from '../../machines/resource/resource.selectors';
import type { ApiErrorInfo } from '../../machines/shared/error-info';
import type { AppActors } from './app-actors';
import { useRealtimeEvents, type RealtimeNotice } from './realtime';

/** The GET behind a resource: its key in, the answer out; it must pass the signal on (a new key aborts it). */
export type ResourceLoad<TData, TKey> = (key: TKey, signal: AbortSignal) => Promise<TData>;
export type ResourceActor<TData, TKey> = ActorRefFrom<ResourceMachine<TData, TKey>>;

/** The machine with `load` as its fetch actor. */
export function resourceLogic<TData, TKey>(load: ResourceLoad<TData, TKey>) {
  return typedResourceMachine<TData, TKey>().provide({
    actors: { fetch: fromPromise(({ input, signal }) => load(input.key, signal)) },
  });
}

/** A started resource actor reading `key`. */
export function createResource<TData, TKey>(
  load: ResourceLoad<TData, TKey>,
  key: NoInfer<TKey>,
): ResourceActor<TData, TKey> {
  return createActor(resourceLogic(load), { input: { key } }).start();
}

/** Reads `key`: another key loads it (the running read is aborted), the same key reloads it in place. */
export function visitResource<TData, TKey>(actor: ResourceActor<TData, TKey>, key: TKey): void {
  if (sameResourceKey(selectKey(actor.getSnapshot()), key)) actor.send({ type: 'resource.reload' });
  else actor.send({ type: 'resource.load', key });
}

/**
 * The resource a route owns: one actor for the life of the tab, handed to the page by the route's `loader`. Every
 * loader run (a visit, a hover preload) asks it for its key — a new key loads, the same key reloads with the last
 * answer still on screen, so a page visited again shows at once and refreshes; no key keeps the one the customer
 * left. The data is one customer's: another sign-in (or none) gets a new actor, never the old answer.
 * `pageData(owner)`: the answer the page came with for this customer (the signed-in first screen,
 * src/lib/first-screen.ts), or null; a new actor's first read answers it instead of asking the server.
 */
export function routeResource<TData, TKey>(
  load: ResourceLoad<TData, TKey>,
  firstKey?: NoInfer<TKey>,
  pageData?: (owner: number | null) => TData | null,
) {
  let current: { actor: ResourceActor<TData, TKey>; owner: number | null } | null = null;
  return (context: Pick<AppActors, 'session'>, key?: TKey): ResourceActor<TData, TKey> => {
    const owner = context.session.getSnapshot().context.user?.id ?? null;
    if (current?.owner === owner) {
      visitResource(current.actor, key ?? selectKey(current.actor.getSnapshot()));
      return current.actor;
    }
    const start = key === undefined ? firstKey : key;
    if (start === undefined) throw new Error('routeResource: the first visit needs a key');
    current?.actor.stop();
    let given = pageData?.(owner) ?? null;
    const first: ResourceLoad<TData, TKey> = (k, signal) => {
      const data = given;
      given = null;
      return data === null ? load(k, signal) : Promise.resolve(data);
    };
    const actor = createResource<TData, TKey>(first, start as TKey);
    current = { actor, owner };
    return actor;
  };
}

/** What a page reads of a resource. */
export interface ResourceView<TData> {
  /** The answer for the current key (kept while it reloads and after a reload failed), or null. */
  data: TData | null;
  /** `data`, else the previous key's answer while this key loads (rows that stay up while paging). */
  latest: TData | null;
  /** Why the read failed, while failed. */
  error: ApiErrorInfo | null;
  /** No answer for this key yet: the skeleton. */
  loading: boolean;
  /** A reload runs with the answer on screen. */
  refreshing: boolean;
  failed: boolean;
  /** Read again (the retry of the error state). */
  reload: () => void;
}

export interface ResourceOptions {
  /** Realtime notices after which the data is stale: each sends the actor a reload while the page is mounted. */
  reloadOn?: (notice: RealtimeNotice) => boolean;
}

/** React: reads an actor (a route loader's, or useResource's); `key` (plain data) moves it to another key. */
export function useResourceActor<TData, TKey>(
  actor: ResourceActor<TData, TKey>,
  options: ResourceOptions & { key?: TKey } = {},
): ResourceView<TData> {
  const { key, reloadOn } = options;
  const keyText = key === undefined ? undefined : JSON.stringify(key);
  useEffect(() => {
    if (keyText !== undefined) actor.send({ type: 'resource.load', key: JSON.parse(keyText) as TKey });
  }, [actor, keyText]);
  useRealtimeEvents((notice) => {
    if (reloadOn?.(notice)) actor.send({ type: 'resource.reload' });
  });
  const [reload] = useState(() => () => actor.send({ type: 'resource.reload' }));
  return {
    data: useSelector(actor, selectData<TData, TKey>),
    latest: useSelector(actor, selectLatestData<TData, TKey>),
    error: useSelector(actor, selectError<TData, TKey>),
    loading: useSelector(actor, selectIsLoading<TData, TKey>),
    refreshing: useSelector(actor, selectIsRefreshing<TData, TKey>),
    failed: useSelector(actor, selectIsFailed<TData, TKey>),
    reload,
  };
}

/**
 * React: a resource this component reads for itself, from mount to unmount (unmounting stops the actor, which
 * aborts its read). `key` is plain data; another key loads, the same key (even a new object) reads nothing again.
 * `load` is taken once, at mount: whatever the read depends on goes in the key.
 */
export function useResource<TData, TKey>(
  load: ResourceLoad<TData, NoInfer<TKey>>,
  key: TKey,
  options: ResourceOptions = {},
): ResourceView<TData> {
  const [logic] = useState(() => resourceLogic(load));
  const actor = useActorRef(logic, { input: { key } });
  return useResourceActor(actor, { ...options, key });
}
