import { createFileRoute, redirect } from '@tanstack/react-router';
import { SocialsEmailAuthPage } from '../features/auth/socials-email-auth-page';
import { validated, optionalString } from '../lib/route-params';

/** Needs a non-empty `token`, else /404 (spec point 2). */
export const Route = createFileRoute('/socials-email-auth')({
  validateSearch: (search: Record<string, unknown>) => validated({ token: optionalString(search.token) }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/404', replace: true });
  },
  component: SocialsEmailAuthRoute,
});

function SocialsEmailAuthRoute() {
  const { token } = Route.useSearch();
  return <SocialsEmailAuthPage token={token ?? ''} />;
}
