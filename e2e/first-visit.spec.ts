// The public pages paint from HTML (scripts/prerender.ts, server/spa/index-html.ts): before the app's script has
// run, /login already shows its heading, form and links in the visitor's theme and can be filled in; the app then
// hydrates the page and keeps what was typed.
import type { Page, Route } from '@playwright/test';
import { THEME_COOKIE } from '../contract/theme';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const ENTRY = /\/assets\/index-[^/]*\.js$/;

/** Holds the app's entry script until `release()`: the page is what the server's HTML alone shows. */
async function holdEntry(page: Page): Promise<{ release(): Promise<void> }> {
  let held: Route | null = null;
  let release = false;
  await page.route(ENTRY, async (route) => {
    if (release) return route.continue();
    held = route;
  });
  return {
    // The entry may not have been asked for yet (its request follows the stylesheets, late on a busy machine): then
    // it goes through when it is.
    async release() {
      release = true;
      if (held) await (held as Route).continue();
    },
  };
}

async function setTheme(page: Page, theme: 'light' | 'dark', baseURL: string) {
  await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: baseURL }]);
  await page.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
}

test('what a visitor types into /login before the script loads survives hydration, and signs in', async ({
  page,
  customer,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const entry = await holdEntry(page);
  await page.goto('/login', { waitUntil: 'commit' });

  // The page itself, from the HTML: no splash, the form ready to fill in.
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute(
    'href',
    '/registration',
  );
  await page.getByLabel(/e-mail или телефон/i).fill(customer.email);
  await page.getByLabel(/^пароль/i).fill(customer.password);
  expect(await page.evaluate(() => (window as { __cabinetStarted?: boolean }).__cabinetStarted)).toBeFalsy();

  await entry.release();
  await expect
    .poll(() => page.evaluate(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated))
    .toBe(true);
  await expect(page.getByLabel(/e-mail или телефон/i)).toHaveValue(customer.email);
  await expect(page.getByLabel(/^пароль/i)).toHaveValue(customer.password);

  await page.getByRole('button', { name: /^войти$/i }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Здравствуйте/ })).toBeVisible();
  // React adopted the page: no hydration mismatch was reported.
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});

test('a sign-in sent before the script loads is sent once the app has taken the page over', async ({
  page,
  customer,
}) => {
  const entry = await holdEntry(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel(/e-mail или телефон/i).fill(customer.email);
  await page.getByLabel(/^пароль/i).fill(customer.password);
  // boot.js has run (it asks for the app's entry at the load event or the first focus): it holds what is sent now.
  await page.waitForFunction(() => (window as { __cabinetEntryAdded?: boolean }).__cabinetEntryAdded);
  await page.getByLabel(/^пароль/i).press('Enter');
  await page.waitForFunction(() => !!(window as { __cabinetPendingSubmit?: unknown }).__cabinetPendingSubmit);
  expect(page.url()).toMatch(/\/login$/);
  await entry.release();
  await expect(page).toHaveURL(/\/home$/);
});

test('a sign-in sent before even boot.js has run is a POST the server answers with the page: nothing typed in an address', async ({
  page,
  customer,
}) => {
  // No script at all: the browser sends the prerendered form by itself.
  await page.route(/\/boot\.js$/, (route) => route.abort());
  await page.route(ENTRY, (route) => route.abort());
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(`${r.method()} ${r.url()}`));
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel(/e-mail или телефон/i).fill(customer.email);
  await page.getByLabel(/^пароль/i).fill(customer.password);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByLabel(/^пароль/i).press('Enter');
  expect((await answer).status()).toBe(303);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  await expect(page.getByLabel(/^пароль/i)).toHaveValue('');
  expect(
    addresses.filter((a) => a.includes('password') || a.includes(encodeURIComponent(customer.email))),
  ).toEqual([]);
  expect(addresses).toContain(`POST ${new URL('/login', page.url()).href}`);
});

const PAGES = [
  { path: '/login', heading: 'Вход в кабинет' },
  { path: '/registration', heading: 'Регистрация' },
  { path: '/restore', heading: 'Восстановление пароля' },
  { path: '/404', heading: /Страница не найдена/ },
  { path: '/429', heading: /Слишком много запросов/ },
];

for (const theme of ['light', 'dark'] as const)
  test(`the prerendered pages, before any script, in the ${theme} theme: their heading, no axe violations`, async ({
    page,
    baseURL,
  }) => {
    await setTheme(page, theme, baseURL!);
    // No app script at all: what is checked is the server's HTML with its stylesheets.
    await page.route(ENTRY, (route) => route.abort());
    for (const p of PAGES) {
      await page.goto(p.path, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);
    }
  });

test('every prerendered page is taken over by the app without a hydration mismatch', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const p of [...PAGES, { path: '/429?retry=5', heading: /Слишком много запросов/ }]) {
    await page.goto(p.path);
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated))
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    // The ids React gave on the server are still there: the DOM was adopted, not rendered again.
    if (p.path === '/login')
      expect(await page.locator('input[name="login"]').getAttribute('id')).toMatch(/^_R_/);
  }
  expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});
