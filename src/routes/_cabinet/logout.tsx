import { createFileRoute, redirect } from '@tanstack/react-router';

/** Signs out (the session forgets the tokens at once; the server revokes in the background), then Enter. */
export const Route = createFileRoute('/_cabinet/logout')({
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    context.actors.session.send({ type: 'session.logout' });
    throw redirect({ to: '/login', replace: true });
  },
});
