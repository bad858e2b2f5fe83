// The SPA's index.html per first visit: with links to the JS and CSS of the route the visitor will see, so the
// browser fetches them together with the entry instead of after the entry has run and the router has matched.
import { routeBranch } from './route-branch.ts';
import { splashStyle, toolbarColor } from '../../contract/theme.ts';
import type { ThemeName } from '../../contract/theme';

/** Route file (relative to src/routes) → what its split chunk needs beyond the entry (scripts/route-assets.ts). */
export type RouteAssets = Record<string, { js: string[]; css: string[] }>;

/**
 * The key of route-assets.json that is no route: the chunks of the app's actors (xstate and the machines, which
 * main.tsx imports dynamically). Linked for a visitor with the session hint, whose first page waits for them.
 */
export const ACTORS_ASSETS = '(actors)';

/** Written by the build beside index.html. */
export const ROUTE_ASSETS_FILE = 'route-assets.json';

/** The public pages the build prerendered (scripts/prerender.ts): path → the markup of `#root` per theme. */
export type Prerendered = Record<string, Record<ThemeName, string>>;
/** Written by the build beside index.html. */
export const PRERENDERED_FILE = 'prerendered.json';

/** Where the guard sends a visitor who is not signed in (src/lib/guard.ts LOGIN_PATH). */
export const LOGIN_PATH = '/login';

/** The pathless layout of the cabinet (src/routes/_cabinet.tsx): its routes need sign-in. */
const CABINET_LAYOUT = '_cabinet';
/** Public pages a signed-in visitor may stay on (spec point 2, guard rule 3; src/lib/guard.ts EXEMPT_PATHS). */
const EXEMPT_PATHS = ['/404', '/payment', '/429'];

/**
 * Where the guard will most likely take this visit (a wrong guess costs bandwidth, never behaviour): a cabinet page
 * without the session hint cookie goes to /login, a public page with it goes Home, anything else stays.
 */
export function likelyPath(routeFiles: string[], pathname: string, hasSessionHint: boolean): string {
  const needsSignIn = routeBranch(routeFiles, pathname).some(
    (f) => f === `${CABINET_LAYOUT}.tsx` || f.startsWith(`${CABINET_LAYOUT}/`),
  );
  if (needsSignIn && !hasSessionHint) return LOGIN_PATH;
  if (!needsSignIn && hasSessionHint && !EXEMPT_PATHS.includes(pathname.replace(/\/$/, ''))) return '/home';
  return pathname;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The build writes the light theme into index.html (`data-theme`, the splash's colours, the toolbar colour); a
 * visitor whose theme cookie says dark gets the dark ones, so the first frame is already in their theme.
 */
export function themed(html: string, theme: ThemeName): string {
  if (theme === 'light') return html;
  return html
    .replace('data-theme="light"', 'data-theme="dark"')
    .replace(`style="${splashStyle('light')}"`, () => `style="${splashStyle('dark')}"`)
    .replace(
      `<meta name="theme-color" content="${toolbarColor('light')}"`,
      () => `<meta name="theme-color" content="${toolbarColor('dark')}"`,
    );
}

/** The app's entry as the build linked it in index.html. */
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\n?/;

/**
 * A prerendered page instead of the splash: the page's markup in `#root` (the SPA hydrates it), the splash gone, and
 * the stylesheets it needs linked in <head> so its first paint is styled — the route's, then a copy of the entry's
 * (which stays at the end of <body> too, so it still comes after any stylesheet a later page adds to <head>, as
 * scripts/boot-script.ts wants).
 *
 * The page is readable and can be filled in from the HTML alone (a form sent early is held: src/boot.js), so the
 * app's scripts are not fetched before the load event: the entry and the route's chunks are named on `#root`
 * (`data-entry`, `data-modules`) and src/boot.js adds them when the page has loaded, or at the visitor's first
 * interaction if that comes sooner. The page's own bytes (HTML, CSS) have the connection to themselves, and the
 * load event comes as soon as the page is there.
 */
function withPage(html: string, markup: string, routeCss: string[], routeJs: string[]): string {
  const entryCss = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  const links = [
    ...routeCss.map((h) => `<link rel="stylesheet" crossorigin href="${escapeAttr(h)}">`),
    ...entryCss,
  ];
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  const attrs = entry
    ? ` data-entry="${escapeAttr(entry)}"` +
      (routeJs.length ? ` data-modules="${escapeAttr(routeJs.join(' '))}"` : '')
    : '';
  return (entry ? html.replace(ENTRY_SCRIPT, '') : html)
    .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
    .replace(/[ \t]*<div id="boot"[\s\S]*?<\/div>\n?/, '')
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered${attrs}>${markup}</div>`);
}

/** Ends the painted first screen in `#root`, so the service worker can keep the page without it (src/sw.ts). */
export const PAINTED_END = '<!--/first-screen-->';

/**
 * A hinted page (the splash, the scripts linked) with the signed-in first screen painted in `#root`
 * (server/spa/first-screen-paint.ts) instead of the splash: the stylesheets it needs become render-blocking links
 * in <head> (the route's, preloaded before, and a copy of the entry's, which stays at the end of <body> too), so the
 * first paint is the dashboard, styled. As on a prerendered page (withPage), the app's scripts are named on `#root`
 * (`data-entry`, `data-modules`) instead of linked, and src/boot.js adds them once the page has loaded, or at the
 * visitor's first touch, key or focus: the page's HTML and styles have the connection to themselves until then. The
 * app then takes the page over (src/main.tsx `data-first-screen`).
 */
export function paintedTemplate(html: string): { before: string; after: string } {
  const entryCss = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  const preload = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
  const modules = [...html.matchAll(preload)].map((m) => m[1]!);
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  const page = (entry ? html.replace(ENTRY_SCRIPT, '').replace(preload, '') : html)
    .replace(/<link rel="preload" as="style" /g, '<link rel="stylesheet" ')
    .replace('</head>', () => `  ${entryCss.join('\n    ')}\n  </head>`)
    .replace(/[ \t]*<div id="boot"[\s\S]*?<\/div>\n?/, '');
  const root = '<div id="root"></div>';
  const at = page.indexOf(root);
  if (at === -1) return { before: page, after: '' };
  const attrs = entry
    ? ` data-entry="${escapeAttr(entry)}"` +
      (modules.length ? ` data-modules="${escapeAttr(modules.join(' '))}"` : '')
    : '';
  return {
    before: `${page.slice(0, at)}<div id="root" data-first-screen${attrs}>`,
    after: `</div>${PAINTED_END}${page.slice(at + root.length)}`,
  };
}

/**
 * Returns index.html for a pathname: the built file in the visitor's theme, plus the links of the likely route's
 * chunks (memoised). An anonymous visit of a prerendered public page gets the page itself (`prerendered`).
 */
export function createIndexHtml(
  html: string,
  assets: RouteAssets | null,
  prerendered: Prerendered | null = null,
): (pathname: string, hasSessionHint: boolean, theme?: ThemeName) => string {
  const pages = new Map<string, string>();
  if (!assets || !html.includes('</head>'))
    return (_pathname, _hint, theme = 'light') => {
      let page = pages.get(theme);
      if (page === undefined) pages.set(theme, (page = themed(html, theme)));
      return page;
    };
  const routeFiles = Object.keys(assets).filter((f) => f !== ACTORS_ASSETS);
  return (pathname, hasSessionHint, theme = 'light') => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    // Someone who may be signed in is probably going Home: the splash, as before.
    const markup = hasSessionHint ? undefined : prerendered?.[path]?.[theme];
    const routes = routeBranch(routeFiles, likelyPath(routeFiles, pathname, hasSessionHint));
    // The actors first: the guard of a hinted visit waits for them before the route's chunk is asked for.
    const branch = hasSessionHint && assets[ACTORS_ASSETS] ? [ACTORS_ASSETS, ...routes] : routes;
    const key = `${theme}|${markup === undefined ? '' : path}|${branch.join('|')}`;
    let page = pages.get(key);
    if (page === undefined) {
      const css = new Set(branch.flatMap((f) => assets[f]?.css ?? []));
      const js = new Set(branch.flatMap((f) => assets[f]?.js ?? []));
      // Fetched at once but not render-blocking: the splash paints without them, and the route's chunk applies the
      // stylesheets (Vite's preload helper waits for each before the route renders). A prerendered page links them as
      // stylesheets instead and has its scripts fetched after the load event (withPage).
      const links =
        markup === undefined
          ? [
              ...[...css].map((h) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(h)}">`),
              ...[...js].map((h) => `<link rel="modulepreload" crossorigin href="${escapeAttr(h)}">`),
            ]
          : [];
      const block = `  ${links.join('\n    ')}\n  </head>`;
      let base = themed(html, theme);
      if (markup !== undefined) base = withPage(base, markup, [...css], [...js]);
      page = links.length ? base.replace('</head>', () => block) : base;
      pages.set(key, page);
    }
    return page;
  };
}
