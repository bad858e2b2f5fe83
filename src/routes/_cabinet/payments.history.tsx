import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from '../../features/payments/history-page';
import { historyResource } from '../../features/payments/resources';

export const Route = createFileRoute('/_cabinet/payments/history')({
  // The loader refreshes the page of the ledger the customer left (the first page on a first visit).
  loader: ({ context }) => historyResource(context.actors),
  codeSplitGroupings: [['loader', 'component']],
  component: HistoryRoute,
});

function HistoryRoute() {
  return <HistoryPage resource={Route.useLoaderData()} />;
}
