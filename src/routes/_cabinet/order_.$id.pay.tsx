import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/checkout-page';
import { idParams } from '../../lib/route-params';

export const Route = createFileRoute('/_cabinet/order_/$id/pay')({
  params: idParams,
  component: OrderPayRoute,
});

function OrderPayRoute() {
  const { id } = Route.useParams();
  return <CheckoutPage key={id} target={{ purpose: 'order', id }} />;
}
