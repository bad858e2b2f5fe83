import { Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { selectIsLoaded, selectStatus } from '../../machines/session/session.selectors';
import { AppChrome } from '../features/shell/app-chrome';
import type { RouterContext } from '../actors/app-actors';
import { waitForSnapshot } from '../actors/actors-slot';
import { resolvedPath } from '../actors/navigation-state';
import { decideNavigation, type SessionStatus } from '../lib/guard';
import { hasSessionHint } from '../lib/cookies';

let reportedInitFailure = false;

/**
 * The session as the guard needs it. Without the actors loaded yet, a visitor without the session hint cookie (no
 * refresh cookie beside it) and without an `al` link on a public page is anonymous by definition: the page renders
 * at once, the machines arrive behind it. Anyone else (hint, `al`, a cabinet page) waits for the session to settle.
 */
async function sessionFor(
  context: RouterContext,
  needsSession: boolean,
): Promise<{ status: SessionStatus; error: { status?: number; retryAfter?: number } | null }> {
  const actors = context.slot.get() ?? (needsSession ? await context.slot.whenActors() : null);
  if (!actors) return { status: 'authError', error: null };
  const snapshot = await waitForSnapshot(actors.session, selectIsLoaded);
  const status = selectStatus(snapshot);
  if (status === 'initFailed' && !reportedInitFailure) {
    reportedInitFailure = true;
    console.error('Не удалось загрузить кабинет: сессия не инициализирована', snapshot.context.error);
  }
  if (status !== 'initFailed') reportedInitFailure = false;
  return { status, error: snapshot.context.error };
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The navigation guard of spec point 2, once the session has left notLoaded.
  beforeLoad: async ({ context, location, matches }) => {
    const search = location.search as Record<string, unknown>;
    const requiresAuth = matches.some((m) => m.staticData?.requiresAuth === true);
    const session = await sessionFor(context, requiresAuth || search.al !== undefined || hasSessionHint());
    // An unknown path: the catch-all route sends it to /404 whoever the visitor is.
    if (matches.some((m) => m.routeId === '/$')) return;

    const decision = decideNavigation({ path: location.pathname, search, requiresAuth }, session, {
      path: resolvedPath(),
    });
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
