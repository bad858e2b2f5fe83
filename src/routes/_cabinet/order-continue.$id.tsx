import { createFileRoute } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';
import { idParams } from '../../lib/route-params';

/** Continue the given draft order; the sidebar is hidden (spec point 2). A bad id goes to /404. */
export const Route = createFileRoute('/_cabinet/order-continue/$id')({
  staticData: { hideSidebar: true },
  params: idParams,
  component: OrderContinueRoute,
});

function OrderContinueRoute() {
  const { id } = Route.useParams();
  return <OrderFormPage key={id} mode="continue" id={id} />;
}
