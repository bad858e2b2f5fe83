import { Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsLoaded, selectStatus } from '../../machines/session/session.selectors';
import { AppChrome } from '../features/shell/app-chrome';
import type { RouterContext } from '../actors/app-actors';
import { resolvedPath } from '../actors/navigation-state';
import { decideNavigation } from '../lib/guard';

let reportedInitFailure = false;

export const Route = createRootRouteWithContext<RouterContext>()({
  // The navigation guard of spec point 2, once the session has left notLoaded.
  beforeLoad: async ({ context, location, matches }) => {
    const snapshot = await waitFor(context.session, selectIsLoaded);
    const status = selectStatus(snapshot);
    if (status === 'initFailed' && !reportedInitFailure) {
      reportedInitFailure = true;
      console.error('Не удалось загрузить кабинет: сессия не инициализирована', snapshot.context.error);
    }
    if (status !== 'initFailed') reportedInitFailure = false;
    // An unknown path: the catch-all route sends it to /404 whoever the visitor is.
    if (matches.some((m) => m.routeId === '/$')) return;

    const decision = decideNavigation(
      {
        path: location.pathname,
        search: location.search as Record<string, unknown>,
        requiresAuth: matches.some((m) => m.staticData?.requiresAuth === true),
      },
      { status, error: snapshot.context.error },
      { path: resolvedPath() },
    );
    if (decision.kind === 'redirect') {
      // A plain href, so the query reads exactly as if typed (`?page=2`, not the router's JSON `?page="2"`).
      const query = new URLSearchParams(decision.search ?? {}).toString();
      throw redirect({ href: query ? `${decision.to}?${query}` : decision.to, replace: true });
    }
  },
  component: () => (
    <AppChrome>
      <Outlet />
    </AppChrome>
  ),
});
