import { serveStatic } from '@hono/node-server/serve-static';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import type { AppEnv, Deps } from '../env';
import {
  createIndexHtml,
  paintedTemplate,
  PRERENDERED_FILE,
  ROUTE_ASSETS_FILE,
  type Prerendered,
  type RouteAssets,
} from './index-html';
import { THEME_COOKIE, themeFromCookie } from '../../contract/theme';
import {
  PAGE_SESSION_COOKIE,
  firstScreenPage,
  firstScreenSettlesOn,
  type FirstScreenPage,
} from '../../contract/first-screen';
import type { FirstScreen, RenderFirstScreen } from '../../contract/first-screen.api';
import type { ThemeName } from '../../contract/theme';
import { readSessionData } from '../domain/profile';
import { FIRST_SCREEN_SSR_DIR, firstScreenRenderer } from './first-screen-paint';
import { orderQueryParams, parseOrderQuery } from '../../contract/order-query';
import { checkPageSession, loadFirstScreen, withFirstScreen } from './first-screen';
import { clearPageCookies } from '../middleware/sign-in';
import { LOGIN_PATH } from './index-html';
import { encodeRedirect } from '../../contract/redirect';

const gzipped = promisify(gzip);

/** The favicon: Chromium asks for it again after every navigation, in-app ones too (issue 36's profiles of the
 * clicks). A day in the browser's cache keeps those requests off the phone's network and off the server. */
export const FAVICON_CACHE = 'public, max-age=86400';

/** An If-None-Match header that names `tag` (weak comparison, RFC 9110 13.1.2), or `*`. */
function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || weak(t) === weak(tag));
}

/**
 * The files at the build's root keep their names across versions (boot.js, the service worker, the manifest, the
 * favicon): the browser must ask for them every time (a new version must not wait for a cache to expire: the
 * update prompt, docs/features.md "Offline"; boot.js goes with the page that names it), and each gets a validator
 * so that asking costs a 304 and no body. The validator is a weak ETag of the file's size and modification time (as
 * nginx makes its own), read at each request: one for its br, gzip and plain bodies, and a file replaced in place
 * (a deploy into the same directory, e2e/offline.spec.ts's next worker) gets a new one at once.
 */
function rootFileValidators(staticDir: string): MiddlewareHandler<AppEnv> {
  const files = new Map<string, string>();
  for (const name of readdirSync(staticDir)) {
    const file = join(staticDir, name);
    if (name === 'index.html' || /\.(br|gz)$/.test(name) || !statSync(file).isFile()) continue;
    files.set(`/${name}`, file);
  }
  return async (c, next) => {
    const file = files.get(c.req.path);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!info) return next();
    const tag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const cacheControl = c.req.path === '/favicon.svg' ? FAVICON_CACHE : 'no-cache';
    if (matchesTag(c.req.header('If-None-Match'), tag)) {
      return c.body(null, 304, { ETag: tag, 'Cache-Control': cacheControl });
    }
    await next();
    if (c.res.status === 200) {
      c.res.headers.set('ETag', tag);
      c.res.headers.set('Cache-Control', cacheControl);
    }
  };
}

/**
 * The first screen of a first screen page (contract/first-screen.ts) for this request (server/spa/first-screen.ts):
 * its data, `signedOut` when the page session cookie names no live session, or null for today's page (no cookie,
 * not such a page, an `al` link, a token the refresh route must judge, or a database that does not answer: never a
 * 500 for a page).
 */
async function firstScreenOf(
  deps: Pick<Deps, 'db' | 'database' | 'now'>,
  page: FirstScreenPage | null,
  url: URL,
  cookie: string | undefined,
  paints: boolean,
): Promise<{ screen: FirstScreen; tipsHidden: boolean } | 'signedOut' | null> {
  if (!page || !cookie || url.searchParams.has('al')) return null;
  try {
    const session = await checkPageSession(deps, cookie);
    if (session === 'signedOut') return session;
    if (session === 'unsure') return null;
    const search = Object.fromEntries(url.searchParams);
    const plainList = Object.keys(orderQueryParams(parseOrderQuery(search))).length === 0;
    // The tips the customer hid (their session data), read only when the dashboard's list is painted: the painting
    // shows what the app's first render will.
    const [screen, tipsHidden] = await Promise.all([
      loadFirstScreen(deps, session.userId, page, plainList),
      paints && plainList && page.kind === 'dashboard'
        ? readSessionData(deps, session.userId).then((data) => data.tipsHidden === true)
        : false,
    ]);
    return { screen, tipsHidden };
  } catch {
    return null;
  }
}

/**
 * The page with the first screen painted by the build's renderer (server/spa/first-screen-paint.ts), or null for
 * the page without it: no renderer in this build (or an older one that does not paint this page), nothing to paint
 * (a search in the URL, an order that is not the customer's), or a render that threw.
 */
function painted(
  render: RenderFirstScreen | null,
  template: { before: string; after: string },
  screen: FirstScreen,
  tipsHidden: boolean,
  pathname: string,
  theme: ThemeName,
): string | null {
  if (!render) return null;
  try {
    const markup = render({ screen, pathname, theme, tipsHidden });
    return markup === null ? null : template.before + markup + template.after;
  } catch (error) {
    console.error('The first screen did not render: the page gets the splash', error);
    return null;
  }
}

/**
 * Static files of the built SPA; every other GET that is not an API path gets index.html (client routing). With
 * `deps`, a first screen page (a dashboard page, an order's page, the payments: contract/first-screen.ts) of a
 * signed-in visitor carries its first screen (server/spa/first-screen.ts), painted as HTML when the build has the
 * renderer (server/spa/first-screen-paint.ts).
 */
export function serveSpa(
  app: Hono<AppEnv>,
  staticDir: string,
  deps?: Pick<Deps, 'db' | 'database' | 'now'>,
  options: {
    /** The first screen's renderer: the build's (`<staticDir>/ssr/`) unless given (a test gives the source's). */
    renderer?: () => Promise<RenderFirstScreen | null>;
  } = {},
) {
  const indexFile = join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503),
    );
    return;
  }
  const root = relative(process.cwd(), staticDir) || '.';
  // The build's server renderer is not a file for browsers.
  app.all(`/${FIRST_SCREEN_SSR_DIR}/*`, (c) => c.notFound());
  const renderer = options.renderer ?? firstScreenRenderer(staticDir);
  const templates = new Map<string, { before: string; after: string }>();
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      // Hashed names: a file never changes. (serveStatic's onFound runs after its response is built.)
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    // The build writes .br and .gz beside each text asset (scripts/precompress.ts).
    serveStatic({ root, precompressed: true }),
  );
  const assetsFile = join(staticDir, ROUTE_ASSETS_FILE);
  const prerenderedFile = join(staticDir, PRERENDERED_FILE);
  const prerendered = existsSync(prerenderedFile)
    ? (JSON.parse(readFileSync(prerenderedFile, 'utf8')) as Prerendered)
    : null;
  const indexHtml = createIndexHtml(
    readFileSync(indexFile, 'utf8'),
    existsSync(assetsFile) ? (JSON.parse(readFileSync(assetsFile, 'utf8')) as RouteAssets) : null,
    prerendered,
  );
  // A prerendered form sent before src/boot.js could hold it (a slow connection, a fast Enter) is the browser's own
  // submit: its forms say method="post", so what was typed travels in a body, never in the address (history, logs),
  // and its body is neither read nor kept here. The visitor gets the page again, as a GET (303), to send it once
  // the app has it. The body limit of every write holds (server/middleware/body-limit.ts).
  for (const path of Object.keys(prerendered ?? {}))
    app.post(path, (c) => {
      const { pathname, search } = new URL(c.req.url);
      c.header('Cache-Control', 'no-store');
      return c.redirect(pathname + search, 303);
    });
  const page: Handler<AppEnv> = async (c) => {
    const hint = getCookie(c, SESSION_HINT_COOKIE) === '1';
    const theme = themeFromCookie(getCookie(c, THEME_COOKIE));
    const firstPage = firstScreenPage(c.req.path);
    // An order's page and /payments open their default tab: the page links that tab's chunks.
    const settlesOn = firstPage ? firstScreenSettlesOn(firstPage, c.req.path) : c.req.path;
    const html = indexHtml(settlesOn, hint, theme);
    // The page differs by the session hint cookie (which route's chunks it links), the theme cookie and, on a
    // first screen page, the page session cookie (whose data it carries).
    c.header('Vary', 'Cookie');
    const render = deps && hint && firstPage ? await renderer() : null;
    const screen =
      deps && hint
        ? await firstScreenOf(
            deps,
            firstPage,
            new URL(c.req.url),
            getCookie(c, PAGE_SESSION_COOKIE),
            render !== null,
          )
        : null;
    if (screen === 'signedOut') {
      // A stale, revoked or unknown session: straight to /login, no flash of the cabinet; the hint goes, so the
      // app there does not ask for a refresh that cannot succeed.
      c.header('Cache-Control', 'no-store');
      clearPageCookies(c);
      // As the SPA's guard sends a signed-out visitor: with the page to come back to after the sign-in.
      const { pathname, searchParams } = new URL(c.req.url);
      searchParams.delete('msg');
      const redirect = encodeRedirect(pathname, searchParams);
      return c.redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirect })}`, 302);
    }
    if (screen) {
      // Personal: no shared cache may keep it, and no browser cache either.
      c.header('Cache-Control', 'private, no-store');
      let template = templates.get(html);
      if (!template) templates.set(html, (template = paintedTemplate(html)));
      const page = painted(render, template, screen.screen, screen.tipsHidden, settlesOn, theme);
      if (page === null) return c.html(withFirstScreen(html, screen.screen));
      const body = withFirstScreen(page, screen.screen);
      // The painted page is ~30–40 KB of markup, ~5 KB gzipped (~0.3 ms of CPU, in libuv's pool, not on the event
      // loop): on a phone's network the bytes before the first paint matter more. The static files come compressed
      // by the build; this is the one page compressed per request.
      if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.html(body);
      c.header('Vary', 'Cookie, Accept-Encoding');
      c.header('Content-Encoding', 'gzip');
      c.header('Content-Type', 'text/html; charset=UTF-8');
      return c.body(new Uint8Array(await gzipped(body, { level: 6 })));
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };
  // Before the static files, which would answer `/` with the bare index.html.
  app.get('/', page);
  app.on(['GET', 'HEAD'], '*', rootFileValidators(staticDir));
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', page);
}
