import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/payments/pages';

/** /payments with the children pay (default), replenish, history, and pay-out (route name PaymentsPayOut). */
export const Route = createFileRoute('/_cabinet/payments')({
  component: PaymentsPage,
});
