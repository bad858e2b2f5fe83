import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppActorsProvider } from './actors/app-actors';
import { createAppActors } from './app/create-actors';
import { createAppRouter } from './app/router';
import { installNavigationEffects } from './app/navigation-effects';
import { loadInspector } from './app/inspector';
import { recordOrigin } from './app/origin';
import { reportChunkLoadError } from './app/chunk-load-error';
import { THEME_STORAGE_KEY } from '../machines/theme/theme.machine';
import { afterFirstPaint, noteFirstPageRendered } from './lib/first-paint';

// Tells boot.js the app's script loaded and runs (else its splash explains the failure).
(window as { __cabinetStarted?: boolean }).__cabinetStarted = true;

/** The remembered theme: this browser's record, else the one the server painted the page in (its theme cookie). */
function storedTheme(): string | null {
  const painted = document.documentElement.dataset.theme ?? null;
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) ?? painted;
  } catch {
    return painted;
  }
}

try {
  recordOrigin();
} catch (error) {
  console.error('Origin tracking failed', error);
}

const inspect = import.meta.env.DEV ? await loadInspector() : undefined;

// The offline cabinet (README "Offline"): the service worker, the update prompt and the per-customer caches load
// once the first page is on screen; a start without a network asks it for the last customer's session.
const offline = () => import('./app/offline');

const actors = createAppActors({
  autoLoginToken: new URLSearchParams(location.search).get('al'),
  storedTheme: storedTheme(),
  // Spec point 8: 429 is a full page load of /429 (never a loop when /429 itself gets 429).
  navigateHard: (url) => {
    if (location.pathname !== new URL(url, location.href).pathname) location.assign(url);
  },
  inspect,
  ...(import.meta.env.PROD ? { offlineSession: () => offline().then((m) => m.offlineStart()) } : {}),
});

const router = createAppRouter(actors);
installNavigationEffects(router, actors);

// The splash of index.html stays until the first page is on screen (the session is asked for first).
const hideSplash = router.subscribe('onRendered', () => {
  document.getElementById('boot')?.remove();
  noteFirstPageRendered();
  hideSplash();
});

// The offline cabinet (service worker, update prompt, per-customer caches) loads once the first page is on screen.
if (import.meta.env.PROD)
  void afterFirstPaint().then(() => import('./app/offline').then((m) => m.startOffline(actors)));

// Vite reports a failed preload of a lazy chunk (JS or CSS) here.
window.addEventListener('vite:preloadError', (event) => {
  reportChunkLoadError(actors.dialogs, (event as Event & { payload?: unknown }).payload);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppActorsProvider actors={actors}>
      <RouterProvider router={router} />
    </AppActorsProvider>
  </StrictMode>,
);
