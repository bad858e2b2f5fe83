import { createFileRoute } from '@tanstack/react-router';
import { EmailEditPage } from '../../features/profile/email-edit-page';
import { validated, optionalString } from '../../lib/route-params';

/** The e-mail change; `?confirm=<token>` is the link from the confirmation e-mail. */
export const Route = createFileRoute('/_cabinet/email-edit')({
  validateSearch: (search: Record<string, unknown>) => validated({ confirm: optionalString(search.confirm) }),
  component: EmailEditRoute,
});

function EmailEditRoute() {
  const { confirm } = Route.useSearch();
  return <EmailEditPage confirmToken={confirm} />;
}
