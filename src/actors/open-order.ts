// The order route's beforeLoad (spec 2, route behaviour), through the loader actor of the router context.
import type { ActorRefFrom } from 'xstate';
import { waitForSnapshot } from './actors-slot';
import type { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import type { orderListMachine } from '../../machines/order-list/order-list.machine';
import { selectOutcome, type OrderOutcome } from '../../machines/order-loader/order-loader.selectors';

/** Opens order `id` in the loader (from its cache when fresh) and says where the route goes. */
export async function openOrder(
  loader: ActorRefFrom<typeof orderLoaderMachine>,
  id: number | null,
): Promise<Exclude<OrderOutcome, 'pending'>> {
  loader.send({ type: 'orderLoader.open', id });
  const settled = await waitForSnapshot(loader, (s) => selectOutcome(s) !== 'pending');
  return selectOutcome(settled) as Exclude<OrderOutcome, 'pending'>;
}

/**
 * The customer changed order `id` (edit, delete, restore): its cached copy expires (spec 9's 60 000 ms are for
 * changes made elsewhere), so the order page never shows the copy from before the change.
 */
export function orderChanged(loader: ActorRefFrom<typeof orderLoaderMachine>, id: number): void {
  loader.send({ type: 'orderLoader.invalidate', id });
}

/** The order list's deletes and restores (its "Отменить" too) expire those orders' cached copies. */
export function expireOnListChanges(
  list: Pick<ActorRefFrom<typeof orderListMachine>, 'on'>,
  loader: ActorRefFrom<typeof orderLoaderMachine>,
): () => void {
  const subs = [
    list.on('orderList.deleted', (e) => orderChanged(loader, e.id)),
    list.on('orderList.restored', (e) => orderChanged(loader, e.id)),
  ];
  return () => subs.forEach((sub) => sub.unsubscribe());
}
