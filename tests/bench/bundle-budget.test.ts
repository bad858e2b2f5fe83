// The bundle budgets, on a production build: the one `npm test` has just made (scripts/test.mjs names it in
// TEST_BUILD_DIR), or, run on its own, a fresh build in a temporary directory (≈10 s), never a dist/ of unknown age. The budget of /login's JS is
// the browser's figure: Chromium loads /login from the real server on that build and counts what it requests before
// the load event (bench/first-visit.ts, ≈5 s); the static view (bench/bundle.ts) keeps the CSS and chunk budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  BUDGETS,
  ROOT,
  buildToTemp,
  measureBundle,
  routeBranch,
  routePathOf,
  type BundleSizes,
} from '../../bench/bundle';
import { measureBrowserVisits, type BrowserVisit } from '../../bench/first-visit';

const KB = 1024;

function routeFiles(dir = join(ROOT, 'src/routes')): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? routeFiles(p) : [relative(join(ROOT, 'src/routes'), p)];
  });
}
const hasLoginRoute = routeFiles().some((f) => routePathOf(f).path === '/login');

describe('bundle budgets (gzip)', () => {
  let sizes: BundleSizes;
  let login: BrowserVisit;
  let cleanup = () => {};

  beforeAll(async () => {
    const given = process.env.TEST_BUILD_DIR;
    const build = given ? { dir: resolve(ROOT, given), cleanup: () => {} } : buildToTemp();
    cleanup = build.cleanup;
    sizes = measureBundle(build.dir);
    login = (await measureBrowserVisits(build.dir, { home: false, timeoutMs: 20_000 })).login;
  }, 240_000);
  afterAll(() => cleanup());

  it('finds the entry chunk of index.html', () => {
    expect(sizes.entry.some((f) => f.file.endsWith('.js') && f.gzip > 0)).toBe(true);
  });

  it(`Chromium on /login requests at most ${BUDGETS.loginJsBrowser.limit} KB of JS before the load event`, () => {
    expect(login.finalPath).toBe('/login');
    // The entry at least: a measurement that saw no script measured nothing.
    expect(login.files.some((f) => f.kind === 'script' && f.path.startsWith('/assets/index-'))).toBe(true);
    const scripts = login.files
      .filter((f) => f.kind === 'script' && f.beforeLoad)
      .map((f) => `${f.path}: ${(f.gzip / KB).toFixed(1)} KB`);
    expect(
      login.jsBeforeLoad.gzip / KB,
      `KB of gzip JS before load, first visit of /login (npm run bench -- bundle lists them):\n${scripts.join('\n')}`,
    ).toBeLessThanOrEqual(BUDGETS.loginJsBrowser.limit);
  });

  it(`and at most ${BUDGETS.loginJsUntilIdle.limit} KB of JS in all until the network is idle`, () => {
    // The app's scripts follow the load event on the prerendered page: the whole visit is bounded too.
    const scripts = login.files
      .filter((f) => f.kind === 'script')
      .map((f) => `${f.path}: ${(f.gzip / KB).toFixed(1)} KB`);
    expect(
      login.jsUntilIdle.gzip / KB,
      `KB of gzip JS until the network was idle, first visit of /login:\n${scripts.join('\n')}`,
    ).toBeLessThanOrEqual(BUDGETS.loginJsUntilIdle.limit);
  });

  it('the prerendered /login fetches the app after the load event, and the app takes the page over', () => {
    const entry = login.files.find((f) => f.kind === 'script' && f.path.startsWith('/assets/index-'));
    expect(entry?.beforeLoad).toBe(false);
    expect(login.hydrated).toBe(true);
  });

  it('an anonymous /login requests nothing of the signed-in cabinet (the actors chunk) before the load event', () => {
    const early = login.files.filter((f) => f.beforeLoad && /\/assets\/actors-[^/]*\.js$/.test(f.path));
    expect(early.map((f) => f.path)).toEqual([]);
    // …and fetches them after it, so a sign-in finds them there.
    expect(login.files.some((f) => !f.beforeLoad && /\/assets\/actors-[^/]*\.js$/.test(f.path))).toBe(true);
  });

  it(`the static view of /login's JS is at most ${BUDGETS.loginJs.limit} KB`, () => {
    const login = sizes.visits.find((v) => v.url === '/login')!;
    expect(login.jsGzip / KB, 'KB of gzip JS, entry closure + the route chunks').toBeLessThanOrEqual(
      BUDGETS.loginJs.limit,
    );
  });

  it(`a first visit of /login loads at most ${BUDGETS.loginCss.limit} KB of CSS`, () => {
    const login = sizes.visits.find((v) => v.url === '/login')!;
    expect(login.cssGzip / KB, 'KB of gzip CSS, first visit of /login').toBeLessThanOrEqual(
      BUDGETS.loginCss.limit,
    );
  });

  it(`every lazy chunk is at most ${BUDGETS.lazyChunk.limit} KB`, () => {
    const over = sizes.lazy.filter((c) => c.gzip / KB > BUDGETS.lazyChunk.limit);
    expect(over.map((c) => `${c.file}: ${(c.gzip / KB).toFixed(1)} KB`)).toEqual([]);
  });

  it.skipIf(!hasLoginRoute)(
    'counts the /login route lazy chunk in its first visit (skipped while src/routes has no /login route)',
    () => {
      const login = sizes.visits.find((v) => v.url === '/login')!;
      expect(login.routeFiles.some((f) => routePathOf(f).path === '/login')).toBe(true);
    },
  );
});

describe('route file → URL (TanStack file naming)', () => {
  it.each([
    ['login.tsx', '/login', false],
    ['index.tsx', '/', true],
    ['_auth.tsx', '/', false],
    ['_auth/home/index.tsx', '/home', true],
    ['_auth/home.$tab.tsx', '/home/$tab', false],
    ['(public)/login.tsx', '/login', false],
    ['_auth/order/$id/route.tsx', '/order/$id', false],
    ['_auth/order.$id.index.tsx', '/order/$id', true],
    ['_auth/order_/$id/pay.tsx', '/order/$id/pay', false],
  ])('%s → %s', (file, path, index) => {
    expect(routePathOf(file)).toEqual({ path, index });
  });
});

describe('route files a URL renders', () => {
  const files = [
    '__root.tsx',
    'login.tsx',
    'index.tsx',
    '_cabinet.tsx',
    '_cabinet/home.index.tsx',
    '_cabinet/home.$tab.tsx',
    '_cabinet/order.$id.tsx',
    '_cabinet/order.$id.index.tsx',
    '_cabinet/order.$id.chat.tsx',
    '_cabinet/order_.$id.pay.tsx',
  ];
  it.each([
    ['/login', ['__root.tsx', 'login.tsx']],
    ['/home', ['__root.tsx', '_cabinet.tsx', '_cabinet/home.index.tsx']],
    ['/home/active', ['__root.tsx', '_cabinet.tsx', '_cabinet/home.$tab.tsx']],
    ['/order/7', ['__root.tsx', '_cabinet.tsx', '_cabinet/order.$id.tsx', '_cabinet/order.$id.index.tsx']],
    [
      '/order/7/chat',
      ['__root.tsx', '_cabinet.tsx', '_cabinet/order.$id.tsx', '_cabinet/order.$id.chat.tsx'],
    ],
    ['/order/7/pay', ['__root.tsx', '_cabinet.tsx', '_cabinet/order_.$id.pay.tsx']],
    ['/nowhere', ['__root.tsx']],
  ])('%s', (url, branch) => {
    expect(routeBranch(files, url)).toEqual(branch);
  });
});
