import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderLayout } from '../../features/orders/order-layout';
import { openOrder } from '../../actors/open-order';
import { positiveId } from '../../lib/route-params';

/**
 * /order/{id} with the children chat (default), files, reworks. Spec 2: the order is loaded when missing or older
 * than 60 000 ms (the orderLoader's cache); archived → the archive tab; a failed load → /404; no id → Home.
 */
export const Route = createFileRoute('/_cabinet/order/$id')({
  beforeLoad: async ({ context, params, preload }) => {
    if (!params.id) throw redirect({ to: '/home', replace: true });
    const id = positiveId(params.id);
    if (id === undefined) throw redirect({ to: '/404', replace: true });
    // A hover preload must not move the loader away from the order on screen.
    if (preload) return;
    const outcome = await openOrder(context.orderLoader, id);
    if (outcome === 'archive')
      throw redirect({ to: '/home/$tab', params: { tab: 'archive' }, replace: true });
    if (outcome === 'notFound') throw redirect({ to: '/404', replace: true });
    if (outcome === 'home') throw redirect({ to: '/home', replace: true });
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  return <OrderLayout id={positiveId(id) ?? 0} />;
}
