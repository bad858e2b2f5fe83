import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmationPage } from '../../features/order-form/confirmation-page';
import { confirmationResource } from '../../features/order-form/resources';
import { idParams, optionalString, validated } from '../../lib/route-params';

/**
 * Order confirmation; takes a `source` query parameter.
 * `msg` is kept so the root shows the thank-you dialog (and sends its goal) after the order form.
 */
export const Route = createFileRoute('/_cabinet/order_/$id/welcome')({
  params: idParams,
  validateSearch: (search: Record<string, unknown>) =>
    validated({ source: optionalString(search.source), msg: optionalString(search.msg) }),
  loaderDeps: ({ search }) => ({ source: search.source ?? null }),
  loader: ({ context, params, deps }) =>
    confirmationResource(context.actors, { kind: 'welcome', id: params.id, source: deps.source }),
  codeSplitGroupings: [['loader', 'component']],
  component: OrderConfirmationRoute,
});

function OrderConfirmationRoute() {
  const { id } = Route.useParams();
  return <OrderConfirmationPage key={id} kind="welcome" resource={Route.useLoaderData()} />;
}
