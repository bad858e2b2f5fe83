import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderFormPage } from '../../features/order-form/order-form-page';
import { positiveId } from '../../lib/route-params';

/** The order form in edit mode, titled 'Редактирование заказа'. A missing order goes to /404. */
export const Route = createFileRoute('/_cabinet/order_/$id/edit')({
  beforeLoad: ({ params }) => {
    if (positiveId(params.id) === undefined) throw redirect({ to: '/404', replace: true });
  },
  component: OrderEditRoute,
});

function OrderEditRoute() {
  const { id } = Route.useParams();
  return <OrderFormPage key={id} mode="edit" id={positiveId(id)} />;
}
