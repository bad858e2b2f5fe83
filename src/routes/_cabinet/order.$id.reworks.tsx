import { createFileRoute } from '@tanstack/react-router';
import { OrderReworksTab } from '../../features/orders/reworks-tab';

export const Route = createFileRoute('/_cabinet/order/$id/reworks')({
  component: OrderReworksTab,
});
