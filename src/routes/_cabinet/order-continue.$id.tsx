import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';
import { positiveId } from '../../lib/route-params';

/** Continue the given draft order; the sidebar is hidden (spec point 2). An unknown draft goes to /404. */
export const Route = createFileRoute('/_cabinet/order-continue/$id')({
  staticData: { hideSidebar: true },
  beforeLoad: ({ params }) => {
    if (positiveId(params.id) === undefined) throw redirect({ to: '/404', replace: true });
  },
  component: OrderContinueRoute,
});

function OrderContinueRoute() {
  const { id } = Route.useParams();
  return <OrderFormPage key={id} mode="continue" id={positiveId(id)} />;
}
