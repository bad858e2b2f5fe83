import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { AppActors } from '../actors/app-actors';
import { RouteError } from './route-error';
import { RedirectToNotFound } from './redirect-to-not-found';
import './route-static-data';

/** The router context: actor REFS, never snapshots (a route reads the current value when it runs). */

export function createAppRouter(actors: AppActors) {
  return createRouter({
    routeTree,
    context: actors,
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
