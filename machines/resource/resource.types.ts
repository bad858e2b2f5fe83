import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** What the fetch actor gets: the key to read (the AbortSignal comes with every promise actor). */
export interface ResourceRequest<TKey> {
  key: TKey;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface ResourceInput<TKey> {
  /** What to read: plain JSON data (a query, an id), compared by value. */
  key: TKey;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ResourceContext<TData, TKey> {
  key: TKey;
  /** The last answer for `key` (kept while a reload runs and after a reload failed), or null. */
  data: TData | null;
  /** The answer of the key before, kept while the new key loads so a page can leave its rows up; else null. */
  previous: TData | null;
  /** Why the last read failed; null unless failed. */
  error: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ResourceEvent<TKey> =
  /** Read another key: the running read is aborted, its answer never lands. The same key changes nothing. */
  | { type: 'resource.load'; key: TKey }
  /** Read the key again (retry, a realtime event, a route visited again); the last answer stays meanwhile. */
  | { type: 'resource.reload' };
