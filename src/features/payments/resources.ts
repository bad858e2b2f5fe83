// The server data the payments routes own: each route's `loader` visits its resource (src/actors/resource.ts), so
// the read starts with the navigation (or the hover that preloads it) and a page visited again shows its last
// answer at once while it refreshes.
import { ORDER_STATUSES } from '../../../contract/order-status';
import type { PayableOrder } from '../../../machines/payment/payment.rules';
import { routeResource, type ResourceActor } from '../../actors/resource';
import type { RealtimeNotice } from '../../actors/realtime';
import { fetchHistory, fetchOrder, fetchPacket, fetchWaiting, type HistoryQuery } from './api';
import { takeFirstWaiting } from '../../lib/first-screen';

/**
 * /payments/pay: the orders waiting for payment (one read, no key). A /payments page that came with them (the
 * signed-in first screen) starts from those.
 */
export const waitingResource = routeResource(
  (_: null, signal) => fetchWaiting(signal),
  null,
  takeFirstWaiting,
);
export type WaitingResource = ReturnType<typeof waitingResource>;
/** A status, price or payment changed somewhere, or the socket was away: the waiting list may be different. */
export const waitingIsStale = (n: RealtimeNotice) =>
  n.type === 'order.changed' || n.type === 'realtime.resumed';

export const FIRST_HISTORY_PAGE: HistoryQuery = { page: 1, kind: '', from: '', to: '' };
/** /payments/history: one page of the ledger; the page's filters and pager move it to another query. */
export const historyResource = routeResource(fetchHistory, FIRST_HISTORY_PAGE);
export type HistoryResource = ReturnType<typeof historyResource>;
/** Every ledger row moves a balance (the socket's `finances`), and a reconnect may have missed some. */
export const historyIsStale = (n: RealtimeNotice) => n.type === 'finances' || n.type === 'realtime.resumed';

export type CheckoutTarget = { purpose: 'order'; id: number } | { purpose: 'packet'; id: number };

export interface Payable {
  orders: (PayableOrder & { id: number })[];
  /** The order was found but is not waiting for payment (paid in full, or not priced yet). */
  closed: 'paid' | 'notAwaiting' | null;
}

async function loadPayable(target: CheckoutTarget, signal: AbortSignal): Promise<Payable> {
  if (target.purpose === 'packet') {
    const packet = await fetchPacket(target.id, signal);
    const payable = packet.orders.filter(
      (o) => o.status.id === ORDER_STATUSES.awaitingPayment.id && o.price > o.paid,
    );
    const allPaid = packet.orders.length > 0 && packet.orders.every((o) => o.price > 0 && o.paid >= o.price);
    return { orders: payable, closed: payable.length ? null : allPaid ? 'paid' : 'notAwaiting' };
  }
  const order = await fetchOrder(target.id, signal);
  const awaiting =
    order.status.id === ORDER_STATUSES.awaitingPayment.id && !order.is_trash && order.price > order.paid;
  const closed = awaiting ? null : order.price > 0 && order.paid >= order.price ? 'paid' : 'notAwaiting';
  return { orders: [{ id: order.id, price: order.price, paid: order.paid }], closed };
}

/** /order/{id}/pay and /pay-packet/{id}: what is left to pay on the order or the packet. */
export const payableResource = routeResource(loadPayable);
export type PayableResource = ResourceActor<Payable, CheckoutTarget>;
