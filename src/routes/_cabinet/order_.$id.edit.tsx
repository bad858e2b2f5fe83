import { createFileRoute } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';
import { idParams } from '../../lib/route-params';

/** The order form in edit mode, titled 'Редактирование заказа'. A bad id goes to /404. */
export const Route = createFileRoute('/_cabinet/order_/$id/edit')({
  params: idParams,
  component: OrderEditRoute,
});

function OrderEditRoute() {
  const { id } = Route.useParams();
  return <OrderFormPage key={id} mode="edit" id={id} />;
}
