import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';
import { isOrderTab } from '../../lib/route-params';

/** /home/{tab}: tab is one of the counters active, archive, done, else /404 (spec point 2). */
export const Route = createFileRoute('/_cabinet/home/$tab')({
  beforeLoad: ({ params }) => {
    if (!isOrderTab(params.tab)) throw redirect({ to: '/404', replace: true });
  },
  component: OrderListRoute,
});

function OrderListRoute() {
  const { tab } = Route.useParams();
  return isOrderTab(tab) ? <OrdersDashboard tab={tab} /> : null;
}
