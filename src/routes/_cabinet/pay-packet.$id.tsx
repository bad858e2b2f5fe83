import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/checkout-page';
import { positiveId } from '../../lib/route-params';

/** Pay several orders as one packet (GET orders-packet-waiting/{id}/). */
export const Route = createFileRoute('/_cabinet/pay-packet/$id')({
  beforeLoad: ({ params }) => {
    if (positiveId(params.id) === undefined) throw redirect({ to: '/404', replace: true });
  },
  component: PayPacketRoute,
});

function PayPacketRoute() {
  const { id } = Route.useParams();
  const packetId = positiveId(id) ?? 0;
  return <CheckoutPage key={packetId} target={{ purpose: 'packet', id: packetId }} />;
}
