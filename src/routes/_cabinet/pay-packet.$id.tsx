import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/checkout-page';
import { payableResource } from '../../features/payments/resources';
import { idParams } from '../../lib/route-params';

/** Pay several orders as one packet (GET orders-packet-waiting/{id}/). */
export const Route = createFileRoute('/_cabinet/pay-packet/$id')({
  params: idParams,
  loader: ({ context, params }) => payableResource(context.actors, { purpose: 'packet', id: params.id }),
  codeSplitGroupings: [['loader', 'component']],
  component: PayPacketRoute,
});

function PayPacketRoute() {
  const { id } = Route.useParams();
  return <CheckoutPage key={id} target={{ purpose: 'packet', id }} resource={Route.useLoaderData()} />;
}
