import { createFileRoute, redirect } from '@tanstack/react-router';

/** /order/ with no id → Home (spec point 2, order routes). */
export const Route = createFileRoute('/_cabinet/order/')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});
