import type { OrderCounters, OrderList, OrderListItem, TrashResponse } from '../../contract/orders.api';
import type { OrderTab } from '../../contract/order-status';
import type { ApiErrorInfo } from '../shared/error-info';
import type { OrderQuery } from '../../contract/order-query';

// ---- Data ------------------------------------------------------------------------------------------------------
export { ORDER_PAGE_SIZE } from '../../contract/order-query';
/** How long the "Отменить" offer after a delete stays (the notification default of spec point 9). */
export const UNDO_TIMEOUT = 5000;
/** Typing pauses this long before the search is sent (spec point 4; each new request cancels the running one). */
export const SEARCH_DELAY = 300;

export interface OrderListRequest {
  tab: OrderTab;
  query: OrderQuery;
  page: number;
  pageSize: number;
}

/** The last order deleted from this list and where it stood, so "Отменить" can put it back in place. */
export interface RemovedOrder {
  item: OrderListItem;
  index: number;
}

export type { OrderList, OrderListItem, OrderCounters, OrderQuery, TrashResponse };

// ---- Input -----------------------------------------------------------------------------------------------------
export interface OrderListInput {
  tab: OrderTab;
  /** The query of the URL (search, filters, sort); default: none, newest first. */
  query?: OrderQuery;
  pageSize?: number;
  /**
   * The first page of this very tab and query as the API answered it, written into the page by the server (the
   * signed-in first screen, contract/first-screen.ts): the list starts ready with it instead of loading.
   */
  firstPage?: OrderList | null;
  /**
   * The last page 1 of this tab and query that the app holds from an earlier answer (the customer was here before,
   * or it was fetched while the dashboard was idle): shown at once, then refreshed (stale-while-revalidate).
   */
  held?: OrderList | null;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface OrderListContext {
  tab: OrderTab;
  /** The query the list shows (the URL's). */
  query: OrderQuery;
  /** The search box as typed, sent as the query's search after SEARCH_DELAY without typing. */
  draft: string;
  /** The last page loaded. */
  page: number;
  pageSize: number;
  items: OrderListItem[];
  /** Orders matching the query (all pages). */
  count: number;
  /** The tab counters of the last answer (active, archive, done). */
  counters: OrderCounters | null;
  /** While a search or filter is on: how many orders match in each tab; else null. */
  matches: OrderCounters | null;
  hasMore: boolean;
  /** Why the list could not load. */
  error: ApiErrorInfo | null;
  /** The rows came from a held copy (input `held`): the list refreshes them before it counts as loaded. */
  held: boolean;
  /** The order a delete/restore is running for. */
  busyId: number | null;
  removed: RemovedOrder | null;
  /** Why the last delete/restore failed (spec 8: the detail message or status is passed on). */
  trashError: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type OrderListEvent =
  /**
   * A new query (tab, search, filters, sort: the URL's): cancels a running request and loads page 1; `held`: the
   * app's copy of that page 1, shown while it loads.
   */
  | { type: 'orderList.load'; tab?: OrderTab; query?: OrderQuery; held?: OrderList | null }
  /** The search box changed: the search follows after SEARCH_DELAY without typing. */
  | { type: 'orderList.type'; search: string }
  /** Enter in the search box: the search follows now. */
  | { type: 'orderList.submit' }
  | { type: 'orderList.more' }
  | { type: 'orderList.retry' }
  /** Delete = move to the archive (trash). */
  | { type: 'orderList.delete'; id: number }
  | { type: 'orderList.restore'; id: number }
  /** "Отменить" on the toast after a delete: restores the order just deleted. */
  | { type: 'orderList.undo' }
  | { type: 'orderList.dismissUndo' };

// ---- Emitted ---------------------------------------------------------------------------------------------------
export type OrderListEmitted =
  /** The query to show next (the page puts it in the URL, whose change comes back as orderList.load). */
  | { type: 'orderList.search'; query: OrderQuery }
  /** Page 1 of `tab` and `query` as the server answered it (the app holds it for the next visit of that list). */
  | { type: 'orderList.firstPage'; tab: OrderTab; query: OrderQuery; page: OrderList }
  | { type: 'orderList.deleted'; id: number }
  | { type: 'orderList.restored'; id: number; undo: boolean }
  | { type: 'orderList.trashFailed'; error: ApiErrorInfo };
