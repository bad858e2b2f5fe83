import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { ActorsSlot } from '../actors/actors-slot';
import { RouteError } from './route-error';
import { RedirectToNotFound } from './redirect-to-not-found';
import './route-static-data';

/**
 * The router context: the actors' slot (refs once loaded, never snapshots; a route reads the current value when it
 * runs). The root guard awaits the actors when the visit needs the session; an anonymous /login does not.
 * `adopting`: the first render adopts a prerendered page the visitor may already have scrolled (src/main.tsx).
 */
export function createAppRouter(slot: ActorsSlot, history?: RouterHistory, adopting = false) {
  // Every render after a navigation scrolls (spec point 2: the top of a new page, the saved position on Back). The
  // render that adopts a prerendered page is not a navigation: the page stays where the visitor scrolled it. (Moved
  // to the top under a pointer that is pressing the form's button, the release lands elsewhere and the form is never
  // sent.)
  // Not just the first render: the adopted page renders again when the session arrives (the guard's invalidate),
  // which on a slow machine comes after the first render. Skipped until the visitor leaves the adopted URL.
  let adopted: string | null | undefined = adopting ? undefined : null;
  const scrollRestoration = ({ location }: { location: { href: string } }) => {
    if (adopted === null) return true;
    if (adopted === undefined) adopted = location.href;
    if (location.href === adopted) return false;
    adopted = null;
    return true;
  };
  return createRouter({
    routeTree,
    // The browser's history; a memory history for the build's prerender of the public pages (src/prerender.tsx).
    ...(history ? { history } : {}),
    context: { slot },
    scrollRestoration,
    // No preload on a hover, touch or focus of every link: on a phone the finger lands and presses at once, so the
    // preload ran in the tap's own task, before the navigation that does the same work again (tab switch, dashboard →
    // order and order → chat 25–29 ms faster at 4× CPU without it, interleaved A/B: docs/performance.md). Reads
    // that help a click start where they help: a press on an order row reads the order (order-row.tsx).
    defaultPreload: false,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RedirectToNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
