import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/checkout-page';
import { payableResource } from '../../features/payments/resources';
import { idParams } from '../../lib/route-params';

export const Route = createFileRoute('/_cabinet/order_/$id/pay')({
  params: idParams,
  loader: ({ context, params }) => payableResource(context.actors, { purpose: 'order', id: params.id }),
  codeSplitGroupings: [['loader', 'component']],
  component: OrderPayRoute,
});

function OrderPayRoute() {
  const { id } = Route.useParams();
  return <CheckoutPage key={id} target={{ purpose: 'order', id }} resource={Route.useLoaderData()} />;
}
