import { createFileRoute, redirect } from '@tanstack/react-router';
import { WithdrawPage } from '../../features/withdraw/pages';
import { optionalAmount, validated } from '../../lib/route-params';

/**
 * Withdrawal; `amountInit` pre-fills the amount. Withdraw guard (spec 2): unless the repayment verification is
 * done, the customer goes to the route named PaymentsPayOut (/payments/pay-out), the amount kept.
 */
export const Route = createFileRoute('/_cabinet/withdraw')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ amountInit: optionalAmount(search.amountInit) }),
  beforeLoad: async ({ search }) => {
    let status: string;
    try {
      // By dynamic import: the route tree is in the entry, the API client (ofetch) is not.
      const { fetchVerificationStatus } = await import('../../features/withdraw/api');
      status = await fetchVerificationStatus('repayment');
    } catch {
      // No answer: the page opens; the server refuses unverified repayments anyway (403 → re-check there).
      return;
    }
    if (status !== 'verified')
      throw redirect({
        to: '/payments/pay-out',
        search: validated({ amountInit: search.amountInit }),
        replace: true,
      });
  },
  component: WithdrawRoute,
});

function WithdrawRoute() {
  const { amountInit } = Route.useSearch();
  return <WithdrawPage amountInit={amountInit} />;
}
