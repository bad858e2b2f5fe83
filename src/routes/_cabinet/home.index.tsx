import { createFileRoute } from '@tanstack/react-router';
import { OrdersDashboard } from '../../features/orders/dashboard-page';

/** Route name Home: the cabinet's default entry — greeting, tips and the active orders. */
export const Route = createFileRoute('/_cabinet/home/')({
  component: HomeRoute,
});

function HomeRoute() {
  return <OrdersDashboard tab="active" home />;
}
