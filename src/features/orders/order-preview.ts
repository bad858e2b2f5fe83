// The order a customer has just pressed in a list, as the list shows it (docs/performance.md "Clicks after the
// first screen"): the order's page draws its header from this row at once and fills in the rest when the order's
// own read answers. One order, one customer, a few seconds: it serves the click that follows the press, nothing else.
import type { OrderListItem } from '../../../contract/orders.api';

/** A press that led to no click (a scroll, a drag) is forgotten after this. */
export const PREVIEW_MAX_AGE_MS = 5_000;

let pressed: { customerId: number; order: OrderListItem; at: number } | null = null;

/** Customer `customerId` pressed the row of `order`. */
export function notePressedOrder(customerId: number, order: OrderListItem, now = Date.now()): void {
  pressed = { customerId, order, at: now };
}

/**
 * The row of order `id` customer `customerId` pressed within PREVIEW_MAX_AGE_MS, taken (a second open of the page
 * waits for the order itself), else null.
 */
export function takeOrderPreview(
  id: number,
  customerId: number | undefined,
  now = Date.now(),
): OrderListItem | null {
  const found = pressed;
  if (!found || found.order.id !== id || found.customerId !== customerId) return null;
  pressed = null;
  return now - found.at <= PREVIEW_MAX_AGE_MS ? found.order : null;
}
