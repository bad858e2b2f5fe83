import { serveStatic } from '@hono/node-server/serve-static';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import type { AppEnv } from '../env';
import {
  createIndexHtml,
  PRERENDERED_FILE,
  ROUTE_ASSETS_FILE,
  type Prerendered,
  type RouteAssets,
} from './index-html';
import { THEME_COOKIE, themeFromCookie } from '../../contract/theme';

const noCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
};

/** Static files of the built SPA; every other GET that is not an API path gets index.html (client routing). */
export function serveSpa(app: Hono<AppEnv>, staticDir: string) {
  const indexFile = join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503),
    );
    return;
  }
  const root = relative(process.cwd(), staticDir) || '.';
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
  // The service worker and the manifest keep their names across versions: the browser must ask every time, or a
  // new version would wait for an HTTP cache to expire before the update prompt could show (docs/features.md
  // "Offline").
  app.use('/sw.js', noCache);
  app.use('/manifest.webmanifest', noCache);
  const assetsFile = join(staticDir, ROUTE_ASSETS_FILE);
  const prerenderedFile = join(staticDir, PRERENDERED_FILE);
  const indexHtml = createIndexHtml(
    readFileSync(indexFile, 'utf8'),
    existsSync(assetsFile) ? (JSON.parse(readFileSync(assetsFile, 'utf8')) as RouteAssets) : null,
    existsSync(prerenderedFile) ? (JSON.parse(readFileSync(prerenderedFile, 'utf8')) as Prerendered) : null,
  );
  const page: Handler<AppEnv> = (c) => {
    c.header('Cache-Control', 'no-cache');
    // The page differs by the session hint cookie (which route's chunks it links) and the theme cookie.
    c.header('Vary', 'Cookie');
    return c.html(
      indexHtml(
        c.req.path,
        getCookie(c, SESSION_HINT_COOKIE) === '1',
        themeFromCookie(getCookie(c, THEME_COOKIE)),
      ),
    );
  };
  // Before the static files, which would answer `/` with the bare index.html.
  app.get('/', page);
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', page);
}
