import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { ActorsSlot } from '../actors/actors-slot';
import { RouteError } from './route-error';
import { RedirectToNotFound } from './redirect-to-not-found';
import './route-static-data';

/**
 * The router context: the actors' slot (refs once loaded, never snapshots; a route reads the current value when it
 * runs). The root guard awaits the actors when the visit needs the session; an anonymous /login does not.
 */
export function createAppRouter(slot: ActorsSlot, history?: RouterHistory) {
  return createRouter({
    routeTree,
    // The browser's history; a memory history for the build's prerender of the public pages (src/prerender.tsx).
    ...(history ? { history } : {}),
    context: { slot },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RedirectToNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
