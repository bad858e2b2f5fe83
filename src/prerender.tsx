// The build's prerender of the public pages (scripts/prerender.ts runs this after `vite build`, as a small SSR build
// of its own): each page rendered to HTML with the same components the SPA renders, once per theme, so the server can
// send a first visit the page itself (heading, form, links) instead of a splash; the SPA hydrates it (src/main.tsx).
// An anonymous visitor is what these pages show: no actors (the slot stays empty), so every hook gives the value a
// fresh anonymous session would give.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { AppActorsProvider } from './actors/app-actors';
import { createActorsSlot } from './actors/actors-slot';
import { setPrerenderTheme } from './actors/hooks';
import { createAppRouter } from './app/router';
import type { ThemeName } from '../contract/theme';

/** The pages an anonymous visitor may land on first, whose content does not depend on who visits. */
export const PRERENDERED_PATHS = ['/login', '/registration', '/restore', '/404', '/429'];

const SEARCH_DEFAULTS: Record<string, string> = { '/429': 'retry=20' };

/** The markup of `#root` for `path` in `theme`, and the route files it rendered (their CSS must be linked). */
export async function render(path: string, theme: ThemeName): Promise<{ html: string; finalPath: string }> {
  setPrerenderTheme(theme);
  const slot = createActorsSlot();
  // The router on a server redirects a URL whose search its route would write differently (/429 → /429?retry=20,
  // the default it fills in): render that URL, which is what the page shows in the browser too.
  const url = SEARCH_DEFAULTS[path] ? `${path}?${SEARCH_DEFAULTS[path]}` : path;
  const router = createAppRouter(slot, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(
    <StrictMode>
      <AppActorsProvider slot={slot}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </StrictMode>,
  );
  return { html, finalPath: router.state.location.pathname };
}
