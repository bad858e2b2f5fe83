import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { validated, optionalString } from '../lib/route-params';

/** Not found, and the Error route (`reason=session`: the session could not start; `redirect`: what was asked). */
export const Route = createFileRoute('/404')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ reason: optionalString(search.reason), redirect: optionalString(search.redirect) }),
  component: NotFoundPage,
});
