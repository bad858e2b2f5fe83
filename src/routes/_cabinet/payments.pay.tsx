import { createFileRoute } from '@tanstack/react-router';
import { WaitingPage } from '../../features/payments/waiting-page';

/** The default child of /payments: orders waiting for payment, one by one or as a packet. */
export const Route = createFileRoute('/_cabinet/payments/pay')({
  component: WaitingPage,
});
