// Every public screen and the cabinet shell, on a phone and a desktop, in both themes: it renders its heading and
// axe finds no violations.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInFast, test } from './support/fixtures';

const SCREENS: { path: string; heading: string | RegExp }[] = [
  { path: '/login', heading: 'Вход в кабинет' },
  { path: '/registration', heading: 'Регистрация' },
  { path: '/restore', heading: 'Восстановление пароля' },
  {
    path: '/change-password/not-a-real-link/',
    heading: /Ссылка больше не действует|Не удалось проверить ссылку/,
  },
  { path: '/socials-email-auth?token=not-a-real-token', heading: /Последний шаг|Вход через соцсеть устарел/ },
  { path: '/404', heading: /Страница не найдена/ },
  { path: '/429', heading: /Слишком много запросов/ },
  { path: '/payment?status=success', heading: 'Оплата прошла' },
  { path: '/payment?status=fail', heading: 'Оплата не прошла' },
];

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${viewport.name} ${viewport.width}×${viewport.height}, ${theme} theme`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      for (const screen of SCREENS) {
        test(`${screen.path}: renders and has no axe violations`, async ({ page }) => {
          await useTheme(page, theme);
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectNoAxeViolations(page);
        });
      }

      test('the cabinet shell (/home): renders and has no axe violations', async ({ page, customer }) => {
        await useTheme(page, theme);
        await signInFast(page, customer, '/home');
        await expect(page.getByRole('heading', { level: 1, name: /^Здравствуйте/ })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Основное меню' }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page);
      });
    });
  }
}

test('the first visit moves compressed scripts and styles, cached for a year', async ({ page }) => {
  const assets: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
  page.on('response', (res) => {
    if (/\/assets\/[^/]+\.(js|css)$/.test(new URL(res.url()).pathname))
      assets.push({
        url: res.url(),
        encoding: res.headers()['content-encoding'],
        cache: res.headers()['cache-control'],
      });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  const big = assets.filter((a) => !/\/(404|429)-/.test(a.url));
  expect(big.length).toBeGreaterThan(3);
  // Chromium asks for br; every asset over 1 KB has a brotli twin from the build (scripts/precompress.ts).
  const plain = big.filter((a) => a.encoding !== 'br');
  const sizes = await Promise.all(
    plain.map(
      async (a) =>
        (await (await page.request.get(a.url, { headers: { 'accept-encoding': 'identity' } })).body()).length,
    ),
  );
  expect(plain.filter((_, i) => sizes[i]! >= 1024).map((a) => a.url)).toEqual([]);
  for (const a of big) expect(a.cache).toBe('public, max-age=31536000, immutable');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the splash paints in the ${theme} theme before any stylesheet arrives; no page renders before them`, async ({
    page,
  }) => {
    // A visit applies the theme, and the app notes it in a cookie; the server answers the next document in it.
    if (theme === 'dark') await useTheme(page, 'dark');
    await page.goto('/404');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Every stylesheet is held back for a second and a half.
    await page.route('**/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { sheetsAtRender?: boolean[] };
      new MutationObserver((_, observer) => {
        if (document.getElementById('root')?.childElementCount) {
          w.sheetsAtRender = [...document.querySelectorAll('link[rel="stylesheet"]')].map(
            (l) => (l as HTMLLinkElement).sheet !== null,
          );
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // A cabinet page signed out: the splash, then the guard's /login (an anonymous /login itself is prerendered
    // and paints as a page, with its stylesheets: e2e/first-visit.spec.ts).
    await page.goto('/home', { waitUntil: 'commit' });
    const splash = page.locator('#boot');
    await expect(splash).toBeVisible();
    // The splash's colours: the server's (its style attribute), not a stylesheet's, none having arrived.
    const painted = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      background: getComputedStyle(document.getElementById('boot')!).backgroundColor,
      position: getComputedStyle(document.getElementById('boot')!).position,
    }));
    expect(painted.theme).toBe(theme);
    expect(painted.position).toBe('fixed');
    expect(painted.background).toBe(theme === 'dark' ? 'rgb(15, 16, 20)' : 'rgb(247, 247, 249)');
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
      .toBe(1);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
    expect(fcp, 'first contentful paint (ms) with the stylesheets 1.5 s away').toBeLessThan(1500);

    await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
    const sheets = await page.evaluate(
      () => (window as unknown as { sheetsAtRender?: boolean[] }).sheetsAtRender,
    );
    expect(sheets?.length).toBeGreaterThan(0);
    expect(sheets, 'every stylesheet had loaded when the app first rendered').not.toContain(false);
  });
}
