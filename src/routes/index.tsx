import { createFileRoute, redirect } from '@tanstack/react-router';

// The root path is the cabinet's entry: Home (the guard has already sent a signed-out visitor to Enter).
export const Route = createFileRoute('/')({
  staticData: { requiresAuth: true },
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/home', search: location.search, replace: true });
  },
});
