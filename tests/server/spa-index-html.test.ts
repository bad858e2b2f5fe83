import { afterAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTORS_ASSETS, createIndexHtml, likelyPath, type RouteAssets } from '../../server/spa/index-html';
import { FAVICON_CACHE, serveSpa } from '../../server/spa/serve-spa';
import { limitBodies } from '../../server/middleware/body-limit';
import { SMALL_BODY_LIMIT } from '../../contract/http';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import type { AppEnv } from '../../server/env';
import { THEME_COOKIE, splashStyle, dark, light } from '../../contract/theme';

const HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';

const ASSETS: RouteAssets = {
  'login.tsx': { js: ['/assets/login.js', '/assets/field.js'], css: ['/assets/field.css'] },
  '404.tsx': { js: ['/assets/404.js'], css: [] },
  'payment.tsx': { js: ['/assets/payment.js'], css: [] },
  '_cabinet.tsx': { js: ['/assets/cabinet.js', '/assets/field.js'], css: ['/assets/cabinet.css'] },
  '_cabinet/home.index.tsx': { js: ['/assets/home.js'], css: ['/assets/home.css'] },
  '_cabinet/order.$id.tsx': { js: ['/assets/order.js'], css: [] },
  '_cabinet/order.$id.chat.tsx': { js: ['/assets/chat.js'], css: [] },
};
const FILES = Object.keys(ASSETS);

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((m) => m[1]);
/** Stylesheets fetched early without blocking the first paint. */
const stylePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the route a first visit will most likely show', () => {
  it.each([
    [
      '/home',
      false,
      '/login',
      'a cabinet page without the session hint: the guard sends the visitor to sign in',
    ],
    ['/order/7/chat', false, '/login', 'the same for a deep cabinet page'],
    ['/home', true, '/home', 'signed in: the page itself'],
    ['/order/7/chat', true, '/order/7/chat', 'signed in, deep page'],
    ['/login', true, '/home', 'a signed-in visitor on /login goes Home (guard rule 3)'],
    ['/login', false, '/login', 'anonymous on /login stays'],
    ['/404', true, '/404', '/404 is exempt from rule 3'],
    ['/payment', true, '/payment', '/payment is exempt from rule 3'],
  ])('%s (hint %s) → %s: %s', (path, hint, expected) => {
    expect(likelyPath(FILES, path, hint)).toBe(expected);
  });
});

describe('index.html per first visit', () => {
  const page = createIndexHtml(HTML, ASSETS);

  it('links the CSS and modules of every route file on the branch, each once, before </head>', () => {
    const html = page('/order/7/chat', true);
    expect(links(html, 'modulepreload')).toEqual([
      '/assets/cabinet.js',
      '/assets/field.js',
      '/assets/order.js',
      '/assets/chat.js',
    ]);
    expect(stylePreloads(html)).toEqual(['/assets/cabinet.css']);
    expect(links(html, 'stylesheet')).toEqual([]); // never render-blocking: the splash paints first
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" src="/assets/index.js">');
  });

  it('gives an anonymous visitor of a cabinet page the sign-in chunks, not the cabinet', () => {
    expect(links(page('/home', false), 'modulepreload')).toEqual(['/assets/login.js', '/assets/field.js']);
  });

  it("links the actors' chunks first for a visitor with the session hint, never for an anonymous one", () => {
    const withActors = createIndexHtml(HTML, {
      ...ASSETS,
      [ACTORS_ASSETS]: { js: ['/assets/create-actors.js', '/assets/field.js'], css: [] },
    });
    expect(links(withActors('/login', true), 'modulepreload')).toEqual([
      '/assets/create-actors.js',
      '/assets/field.js',
      '/assets/cabinet.js',
      '/assets/home.js',
    ]);
    expect(links(withActors('/login', false), 'modulepreload')).toEqual([
      '/assets/login.js',
      '/assets/field.js',
    ]);
    // Not a route: no path takes its chunks as a page's.
    expect(withActors('/(actors)', false)).toBe(HTML);
  });

  it('leaves a page with no split route (an unknown deep path) as built', () => {
    expect(page('/no/such/page/here', false)).toBe(HTML);
  });

  it('is the built file unchanged when the build wrote no route assets', () => {
    expect(createIndexHtml(HTML, null)('/home', true)).toBe(HTML);
  });
});

/** A built index.html as the build writes it: light theme, the splash styled for it (scripts/boot-script.ts). */
const THEMED = `<!doctype html><html lang="ru" data-theme="light"><head><meta name="theme-color" content="#ffffff" /><script type="module" src="/assets/index.js"></script></head><body><div id="boot" style="${splashStyle('light')}" role="progressbar"></div><div id="root"></div></body></html>`;

describe("index.html in the visitor's theme (the first frame, before any stylesheet)", () => {
  const page = createIndexHtml(THEMED, ASSETS);

  it('is the light page as built when the visitor has no theme cookie', () => {
    const html = page('/login', false);
    expect(html).toContain('data-theme="light"');
    expect(html).toContain(`background:${light.color.bg}`);
    expect(html).toContain('<meta name="theme-color" content="#ffffff"');
  });

  it('is dark everywhere the first frame shows for a dark-theme visitor: <html>, the splash, the toolbar', () => {
    const html = page('/login', false, 'dark');
    expect(html).toContain('data-theme="dark"');
    expect(html).not.toContain('data-theme="light"');
    expect(html).toContain(`style="${splashStyle('dark')}"`);
    expect(html).toContain(`background:${dark.color.bg};color:${dark.color.textMuted};color-scheme:dark`);
    expect(html).toContain(`<meta name="theme-color" content="${dark.color.surface}"`);
    // The route's links are there as for a light page.
    expect(links(html, 'modulepreload')).toEqual(links(page('/login', false), 'modulepreload'));
  });

  it('keeps the light and dark pages apart in its memo', () => {
    expect(page('/home', true, 'dark')).toContain('data-theme="dark"');
    expect(page('/home', true)).toContain('data-theme="light"');
    expect(createIndexHtml(THEMED, null)('/home', true, 'dark')).toContain('data-theme="dark"');
    expect(createIndexHtml(THEMED, null)('/home', true)).toBe(THEMED);
  });
});

describe('a prerendered public page (scripts/prerender.ts) for an anonymous first visit', () => {
  const BUILT = THEMED.replace(
    '</body>',
    '<link rel="stylesheet" crossorigin href="/assets/index.css"></body>',
  );
  const PRERENDERED = {
    '/login': {
      light: '<main><h1>Вход</h1><form></form></main>',
      dark: '<main data-dark><h1>Вход</h1></main>',
    },
  };
  const page = createIndexHtml(BUILT, ASSETS, PRERENDERED);

  it("holds the page in #root instead of the splash, in the visitor's theme", () => {
    const light = page('/login', false);
    expect(light).toContain('<main><h1>Вход</h1><form></form></main></div>');
    expect(light).toMatch(/<div id="root" data-prerendered[ >]/);
    expect(light).not.toContain('id="boot"');
    const dark = page('/login/', false, 'dark');
    expect(dark).toContain('<main data-dark><h1>Вход</h1></main>');
    expect(dark).toContain('data-theme="dark"');
  });

  it("links the route's stylesheets and the entry's in <head> (render-blocking: the first paint is styled), the entry's last", () => {
    const html = page('/login', false);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(links(head, 'stylesheet')).toEqual(['/assets/field.css', '/assets/index.css']);
    expect(stylePreloads(html)).toEqual([]);
    // The entry's stays at the end of <body> too, after anything a later page adds to <head>.
    expect(html.slice(html.indexOf('<body>'))).toContain('href="/assets/index.css"></body>');
  });

  it('fetches no script before the load event: the entry and the route chunks are named on #root for boot.js', () => {
    const html = page('/login', false);
    expect(links(html, 'modulepreload')).toEqual([]);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<div id="root" data-prerendered data-entry="/assets/index.js" data-modules="/assets/login.js /assets/field.js">',
    );
    // The splash page of a visitor with the hint links them as before.
    expect(page('/login', true)).toContain('<script type="module" src="/assets/index.js">');
  });

  it('is the splash for a visitor with the session hint (most likely going Home) and for other pages', () => {
    expect(page('/login', true)).toContain('id="boot"');
    expect(page('/login', true)).toContain('<div id="root"></div>');
    expect(page('/404', false)).toContain('<div id="root"></div>');
  });
});

describe('serveSpa', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'route-assets.json'), JSON.stringify(ASSETS));
  writeFileSync(join(dir, 'assets/login.js'), 'export {};');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Личный кабинет"}');
  writeFileSync(join(dir, 'boot.js'), '(function(){})();');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = new Hono<AppEnv>();
  serveSpa(app, dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a client route with the page for it, not cached, varying by cookie', async () => {
    const res = await app.request('/home', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(links(await res.text(), 'modulepreload')).toContain('/assets/home.js');
  });

  it('answers / through the same page (not the bare file)', async () => {
    const res = await app.request('/', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(links(await res.text(), 'modulepreload')).toContain('/assets/home.js');
  });

  it('answers in the theme of the theme cookie; any other value is the default light', async () => {
    const themed = mkdtempSync(join(tmpdir(), 'cabinet-spa-'));
    writeFileSync(join(themed, 'index.html'), THEMED);
    const spa = new Hono<AppEnv>();
    serveSpa(spa, themed);
    try {
      const theme = async (cookie?: string) =>
        /data-theme="(\w+)"/.exec(
          await (await spa.request('/login', { headers: cookie ? { cookie } : {} })).text(),
        )?.[1];
      expect(await theme(`${THEME_COOKIE}=dark`)).toBe('dark');
      expect(await theme(`${THEME_COOKIE}=light`)).toBe('light');
      expect(await theme(`${THEME_COOKIE}=%3Cscript%3E`)).toBe('light');
      expect(await theme()).toBe('light');
    } finally {
      rmSync(themed, { recursive: true, force: true });
    }
  });

  it('serves the hashed assets as immutable files', async () => {
    const res = await app.request('/assets/login.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('export {};');
  });

  it('serves the service worker and the manifest as scripts and JSON the browser asks for every time', async () => {
    const sw = await app.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toEqual({ name: 'Личный кабинет' });
  });

  it('answers a revalidation of an unchanged root file with a 304 and no body, a changed one with the file', async () => {
    for (const path of ['/boot.js', '/sw.js', '/manifest.webmanifest', '/favicon.svg']) {
      const first = await app.request(path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('etag');
      expect(tag, path).toMatch(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
      const again = await app.request(path, { headers: { 'If-None-Match': tag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(tag);
      const stale = await app.request(path, { headers: { 'If-None-Match': 'W/"an-older-version"' } });
      expect(stale.status, path).toBe(200);
      expect((await stale.text()).length, path).toBeGreaterThan(0);
    }
    const boot = await app.request('/boot.js');
    expect(boot.headers.get('cache-control')).toBe('no-cache');
    expect(await boot.text()).toBe('(function(){})();');
  });

  it('gives a root file replaced in place (a deploy into the same directory) a new validator at once', async () => {
    const before = (await app.request('/sw.js')).headers.get('etag')!;
    const file = join(dir, 'sw.js');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, `${original}\n// the next version`);
      utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      const revalidated = await app.request('/sw.js', { headers: { 'If-None-Match': before } });
      expect(revalidated.status).toBe(200);
      expect(await revalidated.text()).toContain('the next version');
      expect(revalidated.headers.get('etag')).not.toBe(before);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('lets the browser keep the favicon, which Chromium asks for after every navigation, for a day', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe(FAVICON_CACHE);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('gives a file that is not there the page, not a validator', async () => {
    const res = await app.request('/nothing-here.js', { headers: { 'If-None-Match': '*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe("a prerendered form sent before boot.js could hold it (the browser's own POST)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-spa-'));
  writeFileSync(join(dir, 'index.html'), THEMED);
  writeFileSync(
    join(dir, 'prerendered.json'),
    JSON.stringify({ '/login': { light: '<main><h1>Вход</h1></main>', dark: '<main><h1>Вход</h1></main>' } }),
  );
  const app = new Hono<AppEnv>();
  app.use(limitBodies());
  serveSpa(app, dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sent = (path: string, body: string) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('gets the page again as a GET (303, its query kept), with nothing typed in the address', async () => {
    const res = await sent('/login?redirect=%2Forder%2F7', 'login=ann%40example.com&password=secret-42');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Forder%2F7');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('location')).not.toContain('secret');
  });

  it('is refused past the smallest body limit (413), as any write', async () => {
    const res = await sent('/login', `password=${'x'.repeat(SMALL_BODY_LIMIT + 1)}`);
    expect(res.status).toBe(413);
  });

  it('is for the prerendered pages only: a POST elsewhere is no page', async () => {
    expect((await sent('/home', 'a=1')).status).toBe(404);
  });
});
