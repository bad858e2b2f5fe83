import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationPage } from '../../features/order-form/confirmation-page';
import { idParams, optionalString, validated } from '../../lib/route-params';

/**
 * Order confirmation for the customer's first order ('Ваш первый заказ оформлен'); takes `source`.
 * `msg` is kept so the root shows the thank-you dialog (and sends its goal) after the order form.
 */
export const Route = createFileRoute('/_cabinet/order_/$id/success')({
  params: idParams,
  validateSearch: (search: Record<string, unknown>) =>
    validated({ source: optionalString(search.source), msg: optionalString(search.msg) }),
  component: OrderConfirmationRoute,
});

function OrderConfirmationRoute() {
  const { id } = Route.useParams();
  const { source } = Route.useSearch();
  return <OrderConfirmationPage key={id} id={id} kind="success" source={source} />;
}
