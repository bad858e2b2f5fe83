import { createFileRoute } from '@tanstack/react-router';
import { PayOutPage } from '../../features/payments/pay-out-page';
import { optionalAmount, validated } from '../../lib/route-params';

/** Route name PaymentsPayOut: the repayment SMS verification; `amountInit` is carried on to /withdraw. */
export const Route = createFileRoute('/_cabinet/payments/pay-out')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ amountInit: optionalAmount(search.amountInit) }),
  component: PayOutRoute,
});

function PayOutRoute() {
  const { amountInit } = Route.useSearch();
  return <PayOutPage {...(amountInit !== undefined ? { amountInit } : {})} />;
}
