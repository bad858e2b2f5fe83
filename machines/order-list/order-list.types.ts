import type { OrderCounters, OrderList, OrderListItem, TrashResponse } from '../../contract/orders.api';
import type { OrderTab } from '../../contract/order-status';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** Orders per page: small pages keep a list of 1 000 orders light (spec point 4: paging, "show more"). */
export const ORDER_PAGE_SIZE = 20;
/** How long the "Отменить" offer after a delete stays (the notification default of spec point 9). */
export const UNDO_TIMEOUT = 5000;

export interface OrderListRequest {
  tab: OrderTab;
  search: string;
  page: number;
  pageSize: number;
}

/** The last order deleted from this list and where it stood, so "Отменить" can put it back in place. */
export interface RemovedOrder {
  item: OrderListItem;
  index: number;
}

export type { OrderList, OrderListItem, OrderCounters, TrashResponse };

// ---- Input -----------------------------------------------------------------------------------------------------
export interface OrderListInput {
  tab: OrderTab;
  search?: string;
  pageSize?: number;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface OrderListContext {
  tab: OrderTab;
  search: string;
  /** The last page loaded. */
  page: number;
  pageSize: number;
  items: OrderListItem[];
  /** Orders matching the query (all pages). */
  count: number;
  /** The tab counters of the last answer (active, archive, done). */
  counters: OrderCounters | null;
  hasMore: boolean;
  /** Why the list could not load. */
  error: ApiErrorInfo | null;
  /** The order a delete/restore is running for. */
  busyId: number | null;
  removed: RemovedOrder | null;
  /** Why the last delete/restore failed (spec 8: the detail message or status is passed on). */
  trashError: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type OrderListEvent =
  /** A new query (tab, search): cancels a running request and loads page 1. */
  | { type: 'orderList.load'; tab?: OrderTab; search?: string }
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
  | { type: 'orderList.deleted'; id: number }
  | { type: 'orderList.restored'; id: number; undo: boolean }
  | { type: 'orderList.trashFailed'; error: ApiErrorInfo };
