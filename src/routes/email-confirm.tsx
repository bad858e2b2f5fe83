import { createFileRoute, redirect } from '@tanstack/react-router';
import { EmailConfirmPage } from '../features/profile/email-confirm-page';
import { validated, optionalString } from '../lib/route-params';

/**
 * The e-mail change's link for a signed-out visitor (the guard sends `/email-edit?confirm=` here; a signed-in one
 * goes the other way). Needs a non-empty `token`, else /404.
 */
export const Route = createFileRoute('/email-confirm')({
  validateSearch: (search: Record<string, unknown>) => validated({ token: optionalString(search.token) }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/404', replace: true });
  },
  component: EmailConfirmRoute,
});

function EmailConfirmRoute() {
  const { token } = Route.useSearch();
  return <EmailConfirmPage token={token ?? ''} />;
}
