import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppActorsProvider } from './actors/app-actors';
import { createActorsSlot } from './actors/actors-slot';
import { createAppRouter } from './app/router';
import { installNavigationEffects } from './app/navigation-effects';
import { recordOrigin } from './app/origin';
import { reportChunkLoadError, showChunkLoadErrorDialog } from './app/chunk-load-error';
import { afterFirstPaint, noteFirstPageRendered } from './lib/first-paint';

// Tells boot.js the app's script loaded and runs (else its splash explains the failure).
(window as { __cabinetStarted?: boolean }).__cabinetStarted = true;

try {
  recordOrigin();
} catch (error) {
  console.error('Origin tracking failed', error);
}

// The offline cabinet (README "Offline"): the service worker, the update prompt and the per-customer caches load
// once the first page is on screen; a start without a network asks it for the last customer's session.
const offline = () => import('./app/offline');

// The actors (xstate, the machines, the session's IO) come by dynamic import, started now: an anonymous visitor's
// public page (/login) renders without waiting for them; a visit that needs the session awaits them in the root
// guard (src/routes/__root.tsx). Hooks and sends go through the slot (src/actors/actors-slot.ts).
const slot = createActorsSlot();
const started = import('./app/create-actors').then(async ({ createAppActors, storedTheme }) => {
  const inspect = import.meta.env.DEV ? await (await import('./app/inspector')).loadInspector() : undefined;
  slot.fill(
    createAppActors({
      autoLoginToken: new URLSearchParams(location.search).get('al'),
      storedTheme: storedTheme(),
      // Spec point 8: 429 is a full page load of /429 (never a loop when /429 itself gets 429).
      navigateHard: (url) => {
        if (location.pathname !== new URL(url, location.href).pathname) location.assign(url);
      },
      inspect,
      ...(import.meta.env.PROD ? { offlineSession: () => offline().then((m) => m.offlineStart()) } : {}),
    }),
  );
});
// The actors' chunk failed to load: a page that needs them shows the router's error page (src/app/route-error.tsx).
started.catch((error: unknown) => {
  reportChunkLoadError(null, error);
  slot.fail(error);
});

const router = createAppRouter(slot);
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

// Vite reports a failed preload of a lazy chunk (JS or CSS) here.
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  reportChunkLoadError(null, payload);
  slot.onActors((actors) => showChunkLoadErrorDialog(actors.dialogs));
});

// The first render as a transition: React renders it in slices and yields to the browser between them, so a slow
// phone's main thread is never held for the whole tree at once (Lighthouse's Total Blocking Time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppActorsProvider slot={slot}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </StrictMode>,
  ),
);
