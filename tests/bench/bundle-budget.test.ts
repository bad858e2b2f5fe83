// The bundle budgets, on a fresh production build in a temporary directory: `npm test` runs Vitest before
// `npm run build`, so the test builds on its own (≈10 s) instead of depending on dist/. Method: bench/bundle.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  BUDGETS,
  ROOT,
  buildToTemp,
  measureBundle,
  routeBranch,
  routePathOf,
  type BundleSizes,
} from '../../bench/bundle';

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
  let cleanup = () => {};

  beforeAll(() => {
    const build = buildToTemp();
    cleanup = build.cleanup;
    sizes = measureBundle(build.dir);
  }, 240_000);
  afterAll(() => cleanup());

  it('finds the entry chunk of index.html', () => {
    expect(sizes.entry.some((f) => f.file.endsWith('.js') && f.gzip > 0)).toBe(true);
  });

  it(`a first visit of /login loads at most ${BUDGETS.loginJs.limit} KB of JS`, () => {
    const login = sizes.visits.find((v) => v.url === '/login')!;
    expect(
      login.jsGzip / KB,
      'KB of gzip JS, first visit of /login (npm run bench -- bundle shows what it is made of)',
    ).toBeLessThanOrEqual(BUDGETS.loginJs.limit);
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
