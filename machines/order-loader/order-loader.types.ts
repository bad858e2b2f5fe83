import type { OrderDetail } from '../../contract/orders.api';
import type { Clock } from '../shared/clock';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** Spec point 9: order data older than this is loaded again. */
export const ORDER_CACHE_EXPIRY = 60_000;

export interface CachedOrder {
  order: OrderDetail;
  /** The machine's clock when it arrived (spec 3: "timestamp of last load"). */
  loadedAt: number;
}

export type { OrderDetail };

// ---- Context ---------------------------------------------------------------------------------------------------
export interface OrderLoaderContext {
  /** Orders by id with their load time. */
  cache: Record<number, CachedOrder>;
  /** The order the page shows (or asked for). */
  id: number | null;
  error: ApiErrorInfo | null;
  /** The order being read ahead (`orderLoader.prefetch`), or null. */
  prefetching: number | null;
  /** The clock the copies' age is counted on (input `now`, else the real time). */
  now: Clock;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface OrderLoaderInput {
  /** The real time at the edge (src/app); a fixed clock in tests. Absent: the real time. */
  now?: Clock;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type OrderLoaderEvent =
  /** The order route opens (or re-checks) order `id`; null: the URL has no id. */
  | { type: 'orderLoader.open'; id: number | null }
  /** The customer is about to open order `id`: read it into the cache, the order on screen stays. */
  | { type: 'orderLoader.prefetch'; id: number }
  /** The order changed elsewhere (realtime, a delete): its copy expires; the open one reloads quietly. */
  | { type: 'orderLoader.invalidate'; id: number }
  /** A fresh copy from a call that answers the order (PATCH …): put it in the cache. */
  | { type: 'orderLoader.set'; order: OrderDetail }
  /** The session ended: forget every order. */
  | { type: 'orderLoader.clear' };
