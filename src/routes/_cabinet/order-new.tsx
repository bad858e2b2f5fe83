import { createFileRoute } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';

/** Create an order: the form restores the latest draft (GET continue/), so typed input survives a reload. */
export const Route = createFileRoute('/_cabinet/order-new')({
  component: OrderNewRoute,
});

function OrderNewRoute() {
  return <OrderFormPage mode="new" />;
}
