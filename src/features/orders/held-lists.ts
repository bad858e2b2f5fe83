// The dashboard's lists the app holds between visits: the last page 1 of each tab and query the server answered
// (or that was fetched while the dashboard was idle), so that switching to a tab shows its rows at once while the
// order list machine refreshes them (its input `held`; the machine decides what shows). One customer's, in memory
// only: another customer's sign-in, a sign-out or a delete/restore forgets them.
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  EMPTY_ORDER_QUERY,
  ORDER_PAGE_SIZE,
  orderQueryParams,
  type OrderQuery,
} from '../../../contract/order-query';
import type { OrderTab } from '../../../contract/order-status';
import type { OrderList } from '../../../contract/orders.api';
import type { orderListMachine } from '../../../machines/order-list/order-list.machine';
import { selectStatus } from '../../../machines/session/session.selectors';
import { useAppActors, type AppActors } from '../../actors/app-actors';
import { afterLoad } from '../../lib/first-paint';
import { fetchOrders } from './api';

const TABS: readonly OrderTab[] = ['active', 'done', 'archive'];

/** A few lists: the three tabs and some searches. */
const MAX_LISTS = 8;

let owner: number | undefined;
const lists = new Map<string, OrderList>();

const keyOf = (tab: OrderTab, query: OrderQuery) => `${tab} ${JSON.stringify(orderQueryParams(query))}`;

/** The held page 1 of `tab` and `query` for customer `userId`, or null. */
export function heldList(userId: number | undefined, tab: OrderTab, query: OrderQuery): OrderList | null {
  if (userId === undefined || userId !== owner) return null;
  return lists.get(keyOf(tab, query)) ?? null;
}

/** Holds page 1 of `tab` and `query` (the newest answer wins; the oldest list goes past MAX_LISTS). */
export function holdList(
  userId: number | undefined,
  tab: OrderTab,
  query: OrderQuery,
  page: OrderList,
): void {
  if (userId === undefined) return;
  if (userId !== owner) forgetHeldLists();
  owner = userId;
  const key = keyOf(tab, query);
  lists.delete(key);
  lists.set(key, page);
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value!);
}

/** Forgets every held list (an order moved between tabs, or the customer signed out). */
export function forgetHeldLists(): void {
  lists.clear();
  owner = undefined;
}

/** The session `forgetHeldLists` follows: a sign-out (or any status but signed in) forgets the lists. */
let watched: Pick<AppActors['session'], 'subscribe'> | null = null;
function forgetOnSignOut(session: AppActors['session']): void {
  if (watched === session) return;
  watched = session;
  session.subscribe((snapshot) => {
    if (selectStatus(snapshot) !== 'authSuccess' && lists.size > 0) forgetHeldLists();
  });
}

/**
 * The dashboard's list `list` (tab `tab`, query `query`) holds each page 1 it gets, forgets them all when an order
 * moves between tabs, and — once the page has loaded and the browser is idle — fetches page 1 of the other tabs that
 * have orders and are not held yet, so that a tab switch shows its rows at once (the plain lists only: a search or
 * filter is not fetched ahead). Two small reads per start of the app at most; each visit refreshes what it shows.
 */
export function useHeldLists(
  list: Pick<ActorRefFrom<typeof orderListMachine>, 'on' | 'subscribe' | 'getSnapshot'>,
  userId: number | undefined,
  /** The first page the list started from (the signed-in first screen): held as an answer is. */
  firstPage: OrderList | null,
): void {
  const { session } = useAppActors();
  useEffect(() => forgetOnSignOut(session), [session]);
  useEffect(() => {
    const start = list.getSnapshot().context;
    if (firstPage) holdList(userId, start.tab, start.query, firstPage);
    const subs = [
      list.on('orderList.firstPage', (e) => holdList(userId, e.tab, e.query, e.page)),
      list.on('orderList.deleted', forgetHeldLists),
      list.on('orderList.restored', forgetHeldLists),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
    // The first page is the first render's: later renders have none (forgetFirstPage).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, userId]);

  useEffect(() => {
    const aborter = new AbortController();
    let started = false;
    const sub = list.subscribe((snapshot) => {
      const { counters, query, tab } = snapshot.context;
      if (started || !counters || Object.keys(orderQueryParams(query)).length > 0) return;
      started = true;
      afterLoad(() => {
        for (const other of TABS) {
          if (aborter.signal.aborted) return;
          if (other === tab || counters[other] === 0 || heldList(userId, other, EMPTY_ORDER_QUERY)) continue;
          const request = { tab: other, query: EMPTY_ORDER_QUERY, page: 1, pageSize: ORDER_PAGE_SIZE };
          fetchOrders(request, aborter.signal, true).then(
            (page) => holdList(userId, other, EMPTY_ORDER_QUERY, page),
            () => {},
          );
        }
      });
    });
    return () => {
      sub.unsubscribe();
      aborter.abort();
    };
  }, [list, userId]);
}
