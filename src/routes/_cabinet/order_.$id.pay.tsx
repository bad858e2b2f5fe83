import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/checkout-page';
import { positiveId } from '../../lib/route-params';

export const Route = createFileRoute('/_cabinet/order_/$id/pay')({
  beforeLoad: ({ params }) => {
    if (positiveId(params.id) === undefined) throw redirect({ to: '/404', replace: true });
  },
  component: OrderPayRoute,
});

function OrderPayRoute() {
  const { id } = Route.useParams();
  const orderId = positiveId(id) ?? 0;
  return <CheckoutPage key={orderId} target={{ purpose: 'order', id: orderId }} />;
}
