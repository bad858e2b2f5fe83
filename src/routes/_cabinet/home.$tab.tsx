import { createFileRoute } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';
import { tabParams } from '../../lib/route-params';

/** /home/{tab}: tab is one of the counters active, archive, done, else /404 (spec point 2). */
export const Route = createFileRoute('/_cabinet/home/$tab')({
  params: tabParams,
  component: OrderListRoute,
});

function OrderListRoute() {
  const { tab } = Route.useParams();
  return <OrdersDashboard tab={tab} />;
}
