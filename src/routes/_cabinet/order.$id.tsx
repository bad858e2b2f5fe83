import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderLayout } from '../../features/orders/order-layout';
import { openOrder } from '../../actors/open-order';
import { idParams } from '../../lib/route-params';
import type { OrderListItem } from '../../../contract/orders.api';
import { takeOrderPreview } from '../../features/orders/order-preview';
import { selectOrderId, selectOutcome } from '../../../machines/order-loader/order-loader.selectors';

/**
 * /order/{id} with the children chat (default), files, reworks; the children read the id parsed here. Spec 2: a bad
 * id → /404; the order is loaded when missing or older than 60 000 ms (the orderLoader's cache); archived → the
 * archive tab; a failed load → /404. No id (/order/) is the index route's: Home.
 */
export const Route = createFileRoute('/_cabinet/order/$id')({
  params: idParams,
  beforeLoad: async ({ context, params, preload }) => {
    // A preload (a press on the order's row in a list) reads the order into the cache ahead of the click,
    // without moving the loader away from the order on screen.
    if (preload) {
      context.actors.orderLoader.send({ type: 'orderLoader.prefetch', id: params.id });
      return { preview: null };
    }
    // Opened by a press on its row in a list: the page draws the header from that row at once, and the order's
    // read (started at the press) fills in the rest; should it say archived or gone, the page leaves as it does when
    // that happens while it is open (OrderLayout). Else the page waits for the order, from the cache when fresh.
    const { orderLoader, session } = context.actors;
    const preview: OrderListItem | null = takeOrderPreview(params.id, session.getSnapshot().context.user?.id);
    if (preview && selectOrderId(orderLoader.getSnapshot()) !== params.id) {
      orderLoader.send({ type: 'orderLoader.open', id: params.id });
      if (selectOutcome(orderLoader.getSnapshot()) === 'pending') return { preview };
    }
    const outcome = await openOrder(orderLoader, params.id);
    if (outcome === 'archive')
      throw redirect({ to: '/home/$tab', params: { tab: 'archive' }, replace: true });
    if (outcome === 'notFound') throw redirect({ to: '/404', replace: true });
    if (outcome === 'home') throw redirect({ to: '/home', replace: true });
    return { preview: null };
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  const { preview } = Route.useRouteContext();
  return <OrderLayout id={id} preview={preview} />;
}
