import type { SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

type ResourceSnapshot<TData, TKey> = SnapshotFrom<ResourceMachine<TData, TKey>>;

/** The last answer for the current key (also while it reloads, and after a reload failed), or null. */
export const selectData = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) => s.context.data;
/** The current answer, else the previous key's while this one loads: rows that stay up while paging. */
export const selectLatestData = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) =>
  s.context.data ?? s.context.previous;
export const selectKey = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) => s.context.key;
/** Why the read failed, while failed; else null. */
export const selectError = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) =>
  s.hasTag('error') ? s.context.error : null;
/** No answer for this key yet: the skeleton (tag 'loading'). */
export const selectIsLoading = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) => s.hasTag('loading');
/** A reload runs with the last answer on screen (tag 'refreshing'). */
export const selectIsRefreshing = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) => s.hasTag('refreshing');
export const selectIsFailed = <TData, TKey>(s: ResourceSnapshot<TData, TKey>) => s.hasTag('error');
