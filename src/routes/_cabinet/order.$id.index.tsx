import { createFileRoute, redirect } from '@tanstack/react-router';

/** The chat is the order's default child. */
export const Route = createFileRoute('/_cabinet/order/$id/')({
  beforeLoad: ({ params, location }) => {
    throw redirect({ to: '/order/$id/chat', params, search: location.search, replace: true });
  },
});
