// The signed-in first screen the server wrote into a first screen page (contract/first-screen.ts,
// server/spa/first-screen.ts): read once at start-up and taken out of the DOM, then handed to the machines that
// start from it — the session (signed in at once; the start-up refresh confirms it), the dashboard's order list
// (ready with its first page), the order loader (an order's page: the order in its cache) and the payments'
// waiting orders. The machines stay the source of truth from there on.
import { FIRST_SCREEN_ELEMENT_ID, firstScreenPage, firstScreenSettlesOn } from '../../contract/first-screen';
import type { FirstScreen, FirstScreenWaiting } from '../../contract/first-screen.api';
import type { OrderTab } from '../../contract/order-status';
import { orderQueryParams, ORDER_PAGE_SIZE, type OrderQuery } from '../../contract/order-query';
import type { OrderDetail, OrderList } from '../../contract/orders.api';

type WaitingList = FirstScreenWaiting['list'];

let read = false;
let screen: FirstScreen | null = null;
/** A dashboard started from the first page: no later list may. */
let pageTaken = false;
/** The order loader took the page's order. */
let orderTaken = false;
/** The payments page took the page's waiting orders. */
let waitingTaken = false;

function isFirstScreen(value: unknown): value is FirstScreen {
  const v = value as Partial<FirstScreen> | null;
  return (
    !!v &&
    typeof v.user?.id === 'number' &&
    typeof v.user.email === 'string' &&
    typeof v.user.fio === 'string' &&
    typeof v.finances?.money === 'number' &&
    typeof v.finances.bonus === 'number' &&
    (v.orders === null || (typeof v.orders === 'object' && Array.isArray(v.orders.list?.results))) &&
    (v.order == null || (typeof v.order === 'object' && typeof v.order.id === 'number')) &&
    (v.waiting == null || (typeof v.waiting === 'object' && Array.isArray(v.waiting.list?.results)))
  );
}

/** The first screen of this page (null without one, or when it does not parse); its element leaves the DOM. */
export function readFirstScreen(doc: Document = document): FirstScreen | null {
  if (read) return screen;
  read = true;
  const element = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    screen = isFirstScreen(value) ? value : null;
  } catch {
    screen = null;
  }
  return screen;
}

/**
 * The first page of orders the page came with, when it is the list asked for — this tab, no search or filter, the
 * default page size, and the customer signed in now is the one it belongs to. The dashboard that starts from it
 * forgets it once mounted (forgetFirstPage): any later visit asks the server.
 */
export function takeFirstPage(
  tab: OrderTab,
  query: OrderQuery,
  userId: number | undefined,
  pageSize: number = ORDER_PAGE_SIZE,
): OrderList | null {
  const orders = screen?.orders;
  if (!orders || pageTaken || screen?.user.id !== userId) return null;
  if (orders.tab !== tab || orders.page_size !== pageSize) return null;
  if (Object.keys(orderQueryParams(query)).length > 0) return null;
  return orders.list;
}

/** The dashboard has started from the first page (or left it): no later list may start from it. */
export function forgetFirstPage(): void {
  pageTaken = true;
}

/**
 * The order an order's page came with, for the customer signed in now (null otherwise, and once taken): the order
 * loader puts it in its cache as a fresh copy, so the route opens it without a request.
 */
export function takeFirstOrder(userId: number | undefined): OrderDetail | null {
  const order = screen?.order;
  if (!order || orderTaken || screen?.user.id !== userId) return null;
  orderTaken = true;
  return order;
}

/**
 * The orders waiting for payment a /payments page came with, for the customer signed in now (null otherwise, and
 * once taken): the page's resource starts from them instead of asking.
 */
export function takeFirstWaiting(userId: number | null | undefined): WaitingList | null {
  const waiting = screen?.waiting;
  if (!waiting || waitingTaken || screen?.user.id !== userId) return null;
  waitingTaken = true;
  return waiting.list;
}

/**
 * A first screen page that opens its default tab (an order's page its chat, /payments the orders waiting for
 * payment: the routes' index redirects) gets that tab's address before the router starts: the server linked that
 * tab's chunks and painted it current, and the router, starting on it, runs the route guards once instead of again
 * after the redirect (one long task less at the start, Lighthouse's TBT). What follows the path stays.
 */
export function settleFirstScreenAddress(
  loc: Pick<Location, 'pathname' | 'search' | 'hash'> = location,
  hist: Pick<History, 'state' | 'replaceState'> = history,
): void {
  const page = firstScreenPage(loc.pathname);
  if (!page) return;
  const to = firstScreenSettlesOn(page, loc.pathname);
  if (to !== loc.pathname) hist.replaceState(hist.state, '', to + loc.search + loc.hash);
}

/** The first screen this page came with (the offline cabinet keeps its list as the worker keeps a read). */
export function firstScreenOfPage(): FirstScreen | null {
  return screen;
}

/** For tests: forget what was read. */
export function resetFirstScreen(): void {
  read = false;
  screen = null;
  pageTaken = false;
  orderTaken = false;
  waitingTaken = false;
}
