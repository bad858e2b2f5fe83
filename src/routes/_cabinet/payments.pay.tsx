import { createFileRoute } from '@tanstack/react-router';
import { WaitingPage } from '../../features/payments/waiting-page';
import { waitingResource } from '../../features/payments/resources';

/** The default child of /payments: orders waiting for payment, one by one or as a packet. */
export const Route = createFileRoute('/_cabinet/payments/pay')({
  // The loader starts (or refreshes) the list; it goes into the page's chunk, out of the first visit's bundle.
  loader: ({ context }) => waitingResource(context.actors),
  codeSplitGroupings: [['loader', 'component']],
  component: WaitingRoute,
});

function WaitingRoute() {
  return <WaitingPage resource={Route.useLoaderData()} />;
}
