// Publishing order events: what a change of an order tells the customer's sockets, built after the change and sent
// once its transaction has committed (so a rolled-back change is never announced).
import type { Deps } from '../env';
import type { RealtimeEvent } from '../../contract/realtime.api';
import { type OrderRow, displayStatus } from '../domain/orders/read-model';

/** An event to publish once the caller's transaction has committed. */
export interface PendingEvent {
  userId: number;
  event: RealtimeEvent;
}

export function orderChangedEvent(row: OrderRow): PendingEvent {
  return {
    userId: row.userId,
    event: {
      type: 'order.changed',
      orderId: row.id,
      status: displayStatus(row),
      is_trash: row.isTrash,
      price: row.price,
      paid: row.paid,
    },
  };
}

export async function publishEvents(deps: Pick<Deps, 'realtime'>, events: PendingEvent[]): Promise<void> {
  for (const e of events) await deps.realtime.publish(e.userId, e.event);
}
