import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppActorsProvider } from './actors/app-actors';
import { createActorsSlot } from './actors/actors-slot';
import { createAppRouter } from './app/router';
import { installNavigationEffects } from './app/navigation-effects';
import { arrival, recordOrigin } from './app/origin';
import { reportChunkLoadError, showChunkLoadErrorDialog } from './app/chunk-load-error';
import { afterFirstPaint, nextTask, noteFirstPageRendered, onceAtFocusOrLoad } from './lib/first-paint';
import { hasSessionHint } from './lib/cookies';
import { collectionAllowed } from '../contract/page-events';
import { readFirstScreen, settleFirstScreenAddress } from './lib/first-screen';
import { notePaintedPage } from './app/painted-takeover';

// Tells boot.js the app's script loaded and runs (else its splash explains the failure).
(window as { __cabinetStarted?: boolean }).__cabinetStarted = true;

// Where the visitor came from (spec point 9): the address and referrer as the page opened, written in a task of its
// own (the cookie library's first parse and writes are not part of the entry's evaluation, the start's longest task).
const opened = arrival();
void nextTask().then(() => {
  try {
    recordOrigin(opened);
  } catch (error) {
    console.error('Origin tracking failed', error);
  }
});

// A dashboard page of a signed-in visitor carries its first screen (src/lib/first-screen.ts): read and taken out of
// the DOM before anything else, the session and the dashboard start from it.
const firstScreen = readFirstScreen();
// An order's page and /payments start on the tab they open (no redirect at the start: the guards run once).
if (firstScreen) settleFirstScreenAddress();

// The offline cabinet (docs/features.md "Offline"): the service worker, the update prompt and the
// per-customer caches load once the first page is on screen; a start without a network asks it for the last
// customer's session.
const offline = () => import('./app/offline');

// The actors (xstate, the machines, the session's IO) come by dynamic import: an anonymous visitor's public page
// (/login) renders and finishes loading without them. They load at once for a visit that needs the session (the
// session hint cookie, an `al` link: the server links their chunk into such a page), when something asks for them
// (the guard of a cabinet page, a sign-in form sent: slot.whenActors), when the visitor starts on a form (focus),
// and otherwise once the page has loaded and the browser is idle. Hooks and sends go through the slot
// (src/actors/actors-slot.ts).
let loading: Promise<void> | null = null;
function loadActors(): void {
  loading ??= import('./app/create-actors')
    .then(async ({ createAppActors, storedTheme }) => {
      // The chunk's evaluation and the actors' start are two tasks, not one long one.
      await nextTask();
      const inspect = import.meta.env.DEV
        ? await (await import('./app/inspector')).loadInspector()
        : undefined;
      slot.fill(
        createAppActors({
          autoLoginToken: new URLSearchParams(location.search).get('al'),
          storedTheme: storedTheme(),
          firstScreen,
          // Spec point 8: 429 is a full page load of /429 (never a loop when /429 itself gets 429).
          navigateHard: (url) => {
            if (location.pathname !== new URL(url, location.href).pathname) location.assign(url);
          },
          inspect,
          ...(import.meta.env.PROD ? { offlineSession: () => offline().then((m) => m.offlineStart()) } : {}),
        }),
      );
    })
    // The actors' chunk failed to load: a page that needs them shows the router's error page
    // (src/app/route-error.tsx).
    .catch((error: unknown) => {
      reportChunkLoadError(null, error);
      slot.fail(error);
    });
}
const slot = createActorsSlot(null, loadActors);
if (hasSessionHint() || new URLSearchParams(location.search).has('al')) loadActors();
// A visitor who starts on a form will send it: the actors load while they type.
else onceAtFocusOrLoad(loadActors);

// The entry's evaluation (React, the router's library, the app's modules) and the router's creation with the first
// route's load are two tasks, not one long one (the actors' chunk is already on its way). (Not a top-level await:
// that makes the bundler link its runtime into every page's HTML, the prerendered /login's too.)
void nextTask().then(startApp);

function startApp(): void {
  const router = createAppRouter(
    slot,
    undefined,
    document.getElementById('root')!.firstElementChild !== null,
  );
  installNavigationEffects(router, slot);

  // The splash of index.html stays until the first page is on screen (the session is asked for first when needed).
  const hideSplash = router.subscribe('onRendered', () => {
    document.getElementById('boot')?.remove();
    noteFirstPageRendered();
    hideSplash();
  });

  // The offline cabinet (service worker, update prompt, per-customer caches) loads once the first page is on screen.
  if (import.meta.env.PROD)
    void afterFirstPaint().then(() =>
      slot.onActors((actors) => void offline().then((m) => m.startOffline(actors))),
    );

  // Page views and goals go to our collector (and an optional Metrica counter) once the page has loaded, unless the
  // browser asks for no tracking (docs/analytics.md).
  // A visitor who starts typing at once (the sign-up form) may leave the page within seconds: collection then starts
  // at the first focus, so the views queued so far go with the page's `pagehide` instead of being lost with it.
  if (collectionAllowed(navigator as Navigator & { globalPrivacyControl?: boolean }))
    onceAtFocusOrLoad(
      () => void import('./features/tracking/collect').then((m) => m.startCollection()).catch(() => {}),
    );

  // Vite reports a failed preload of a lazy chunk (JS or CSS) here.
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    reportChunkLoadError(null, payload);
    slot.onActors((actors) => showChunkLoadErrorDialog(actors.dialogs));
  });

  const app = (
    <StrictMode>
      <AppActorsProvider slot={slot}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (container.hasAttribute('data-first-screen')) {
    // The server painted the signed-in dashboard from the page's first screen (src/first-screen-ssr.tsx): the same
    // components, but not the router's tree, so React does not hydrate it. The router loads first (the session from
    // the block, the route's chunks) and the first render commits the whole dashboard at once: React clears the
    // painted markup in that same commit, so no frame shows anything between the two. The machines own the page from
    // there (the list started from the same first page). What the visitor did meanwhile is carried over: typed
    // fields, the focus, buttons pressed (src/boot.js noted them).
    const takeOver = notePaintedPage(container);
    void router.load().then(() => {
      const root = createRoot(container);
      startTransition(() => root.render(app));
      const rendered = router.subscribe('onRendered', () => {
        rendered();
        const w = window as { __cabinetHydrated?: boolean; __cabinetPendingClicks?: HTMLElement[] };
        w.__cabinetHydrated = true;
        takeOver(w.__cabinetPendingClicks?.splice(0) ?? []);
      });
    });
  } else if (container.firstElementChild) {
    // A prerendered public page (scripts/prerender.ts): the visitor may already be reading it and typing into it.
    // The router resolves the route (and loads its chunk) first, so the first render is the markup the build made, and
    // React adopts the page instead of replacing it; the fields take what was typed (src/actors/form-fields.ts).
    // A form sent before this (boot.js held it) is sent again by its fields once they have taken the page over.
    router.ssr = { manifest: undefined };
    void router.load().then(() => {
      startTransition(() => void hydrateRoot(container, app));
      const hydrated = router.subscribe('onRendered', () => {
        hydrated();
        const w = window as { __cabinetHydrated?: boolean; __cabinetPendingClicks?: HTMLElement[] };
        w.__cabinetHydrated = true;
        // Buttons pressed before the app had begun taking the page over (boot.js noted them), pressed again in a task
        // of their own, once the takeover's work is done (a press from within it reaches no handler yet).
        const pressed = w.__cabinetPendingClicks?.splice(0) ?? [];
        if (pressed.length)
          setTimeout(() => {
            for (const button of pressed) if (button.isConnected) button.click();
          });
      });
    });
    // Past the prerendered page, boot.js has nothing more to hold.
    const initialPath = location.pathname;
    const left = router.subscribe('onResolved', ({ toLocation }) => {
      if (toLocation.pathname === initialPath) return;
      left();
      container.removeAttribute('data-prerendered');
    });
  } else {
    // The first render as a transition: React renders it in slices and yields to the browser between them, so a slow
    // phone's main thread is never held for the whole tree at once (Lighthouse's Total Blocking Time).
    (window as { __cabinetHydrated?: boolean }).__cabinetHydrated = true;
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
