import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderConfirmationPage } from '../../features/order-form/confirmation-page';
import { validated, optionalString, positiveId } from '../../lib/route-params';

/**
 * Order confirmation for the customer's first order ('Ваш первый заказ оформлен'); takes `source`.
 * `msg` is kept so the root shows the thank-you dialog (and sends its goal) after the order form.
 */
export const Route = createFileRoute('/_cabinet/order_/$id/success')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ source: optionalString(search.source), msg: optionalString(search.msg) }),
  beforeLoad: ({ params }) => {
    if (positiveId(params.id) === undefined) throw redirect({ to: '/404', replace: true });
  },
  component: OrderConfirmationRoute,
});

function OrderConfirmationRoute() {
  const { id } = Route.useParams();
  const { source } = Route.useSearch();
  return <OrderConfirmationPage key={id} id={positiveId(id) ?? 0} kind="success" source={source} />;
}
