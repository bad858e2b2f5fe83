import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec point 2: unknown paths redirect to /404.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});
