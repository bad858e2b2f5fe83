import { createFileRoute } from '@tanstack/react-router';
import { TooManyRequestsPage } from '../features/errors/too-many-requests-page';
import { DEFAULT_WAIT_SECONDS, waitSeconds } from '../lib/retry-after';
import { validated } from '../lib/route-params';

/** `retry`: the server's Retry-After in seconds (checked and bounded; 20 s when absent or bad). */
export const Route = createFileRoute('/429')({
  validateSearch: (search: Record<string, unknown>) => validated({ retry: waitSeconds(search.retry) }),
  component: TooManyRequestsRoute,
});

function TooManyRequestsRoute() {
  const { retry } = Route.useSearch();
  return <TooManyRequestsPage waitSeconds={retry ?? DEFAULT_WAIT_SECONDS} />;
}
