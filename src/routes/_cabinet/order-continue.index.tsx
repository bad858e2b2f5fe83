import { createFileRoute } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';

/** Continue the latest draft order; the sidebar is hidden (spec point 2). */
export const Route = createFileRoute('/_cabinet/order-continue/')({
  staticData: { hideSidebar: true },
  component: OrderContinueRoute,
});

function OrderContinueRoute() {
  return <OrderFormPage mode="continue" />;
}
