import { createFileRoute, redirect } from '@tanstack/react-router';
import { parsePaymentResult } from '../../contract/params';
import { PaymentResultPage } from '../features/payment-result/payment-result-page';
import { validated } from '../lib/route-params';

/** The payment provider returns here; `status` must be success or fail, else /404 (spec point 2). */
export const Route = createFileRoute('/payment')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ status: parsePaymentResult(search.status) }),
  beforeLoad: ({ search }) => {
    if (!search.status) throw redirect({ to: '/404', replace: true });
  },
  component: PaymentResultRoute,
});

function PaymentResultRoute() {
  const { status } = Route.useSearch();
  return <PaymentResultPage status={status ?? 'fail'} />;
}
