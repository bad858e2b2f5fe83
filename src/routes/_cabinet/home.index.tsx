import { createFileRoute } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';
import { orderUrlSearch, parseOrderQuery } from '../../../contract/order-query';

/** Route name Home: the cabinet's default entry — greeting, tips and the active orders (searchable like /home/active). */
export const Route = createFileRoute('/_cabinet/home/')({
  validateSearch: (search: Record<string, unknown>) => orderUrlSearch(parseOrderQuery(search)),
  component: HomeRoute,
});

function HomeRoute() {
  const search = Route.useSearch();
  return <OrdersDashboard tab="active" home search={search} />;
}
