import { createFileRoute } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';
import { tabParams } from '../../lib/route-params';
import { orderUrlSearch, parseOrderQuery } from '../../../contract/order-query';

/**
 * /home/{tab}: tab is one of the counters active, archive, done, else /404 (spec point 2). The search, filters and
 * sort live in the search params (contract/order-query.ts): a bad value falls back to its default, never an error.
 */
export const Route = createFileRoute('/_cabinet/home/$tab')({
  params: tabParams,
  validateSearch: (search: Record<string, unknown>) => orderUrlSearch(parseOrderQuery(search)),
  component: OrderListRoute,
});

function OrderListRoute() {
  const { tab } = Route.useParams();
  const search = Route.useSearch();
  return <OrdersDashboard tab={tab} search={search} />;
}
