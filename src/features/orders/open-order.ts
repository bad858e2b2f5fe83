// The order route's beforeLoad (spec 2, route behaviour), through the loader actor of the router context.
import { waitFor, type ActorRefFrom } from 'xstate';
import type { orderLoaderMachine } from '../../../machines/order-loader/order-loader.machine';
import { selectOutcome, type OrderOutcome } from '../../../machines/order-loader/order-loader.selectors';

/** Opens order `id` in the loader (from its cache when fresh) and says where the route goes. */
export async function openOrder(
  loader: ActorRefFrom<typeof orderLoaderMachine>,
  id: number | null,
): Promise<Exclude<OrderOutcome, 'pending'>> {
  loader.send({ type: 'orderLoader.open', id });
  const settled = await waitFor(loader, (s) => selectOutcome(s) !== 'pending');
  return selectOutcome(settled) as Exclude<OrderOutcome, 'pending'>;
}
