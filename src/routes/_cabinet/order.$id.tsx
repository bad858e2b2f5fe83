import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderLayout } from '../../features/orders/order-layout';
import { openOrder } from '../../actors/open-order';
import { idParams } from '../../lib/route-params';

/**
 * /order/{id} with the children chat (default), files, reworks; the children read the id parsed here. Spec 2: a bad
 * id → /404; the order is loaded when missing or older than 60 000 ms (the orderLoader's cache); archived → the
 * archive tab; a failed load → /404. No id (/order/) is the index route's: Home.
 */
export const Route = createFileRoute('/_cabinet/order/$id')({
  params: idParams,
  beforeLoad: async ({ context, params, preload }) => {
    // A preload (a touch, hover or focus on a link to the order) reads the order into the cache ahead of the click,
    // without moving the loader away from the order on screen.
    if (preload) {
      context.actors.orderLoader.send({ type: 'orderLoader.prefetch', id: params.id });
      return;
    }
    const outcome = await openOrder(context.actors.orderLoader, params.id);
    if (outcome === 'archive')
      throw redirect({ to: '/home/$tab', params: { tab: 'archive' }, replace: true });
    if (outcome === 'notFound') throw redirect({ to: '/404', replace: true });
    if (outcome === 'home') throw redirect({ to: '/home', replace: true });
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  return <OrderLayout id={id} />;
}
