import { createFileRoute, redirect } from '@tanstack/react-router';

/** Pay is the default child of /payments. */
export const Route = createFileRoute('/_cabinet/payments/')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/payments/pay', search: location.search, replace: true });
  },
});
