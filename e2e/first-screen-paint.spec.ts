// The server-painted first screen (docs/performance.md "The signed-in start"): a signed-in visitor's dashboard page
// comes as HTML with the dashboard in it, readable before any script has run, and the app takes it over without a
// frame in between. (A revoked refresh cookie landing on /login with no flash of the cabinet: e2e/first-screen.spec.ts.)
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });

async function signIn(page: Page, customer: { email: string; password: string }) {
  const res = await page.request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
}

test.describe('with the scripts blocked', () => {
  test('the dashboard is on the page: greeting, balances, tabs with counters and the first orders', async ({
    page,
    customer,
  }) => {
    await signIn(page, customer);
    const scripts: string[] = [];
    await page.route(/\.m?js(\?|$)/, (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    await page.goto('/home');
    await expect(greeting(page)).toBeVisible();
    await expect(page.getByRole('definition').first()).toBeVisible(); // the balances in the header
    expect(await rows(page).count()).toBeGreaterThan(0);
    await expect(rows(page).first().getByRole('link')).toBeVisible();
    // The tabs are links with their counters: another tab is a page of its own, painted too.
    const done = page
      .getByRole('navigation', { name: 'Списки заказов' })
      .getByRole('link', { name: /Выполненные/ });
    await expect(done).toHaveAttribute('href', '/home/done');
    await expect(page.locator('#boot')).toHaveCount(0); // no splash: the page itself
    expect(scripts.length).toBeGreaterThan(0); // the app was asked for, and never ran
    await done.click();
    await expect(page).toHaveURL(/\/home\/done$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Выполненные заказы' })).toBeVisible();
  });

  test('with JavaScript off, the same', async ({ browser, customer, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await signIn(page, customer);
    await page.goto('/home');
    await expect(greeting(page)).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThan(0);
    await context.close();
  });
});

test('the app takes the painted dashboard over with no frame without it, and it works', async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  // Every frame from the first paint on: were the greeting and the rows on screen? And the painted list element, to
  // tell when React has replaced it.
  await page.addInitScript(() => {
    const w = window as unknown as {
      __frames: { greeting: boolean; rows: number }[];
      __painted: Element | null;
    };
    w.__frames = [];
    w.__painted = null;
    const frame = () => {
      const list = document.querySelector('[data-testid="order-list"]');
      w.__painted ??= list;
      if (document.body)
        w.__frames.push({
          greeting: /^Здравствуйте/.test(document.querySelector('h1')?.textContent ?? ''),
          rows: list ? list.children.length : 0,
        });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto('/home');
  await expect(greeting(page)).toBeVisible();
  // The app's own list replaced the painted one (the machines own the page now).
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __painted: Element | null }).__painted?.isConnected),
    )
    .toBe(false);
  const frames = await page.evaluate(
    () => (window as unknown as { __frames: { greeting: boolean; rows: number }[] }).__frames,
  );
  const first = frames.findIndex((f) => f.greeting && f.rows > 0);
  expect(first).toBeGreaterThanOrEqual(0);
  const shown = frames[first]!.rows;
  // From the first frame that showed the dashboard on, every frame showed it, with the same rows.
  expect(frames.slice(first).filter((f) => !f.greeting || f.rows !== shown)).toEqual([]);

  // Interactive: a tab switch is the app's (no page load), and its list comes from the server.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page
    .getByRole('link', { name: /Выполненные/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/home\/done$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Выполненные заказы' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('what the visitor did to the painted page before the app took it over is carried over', async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  // The app's entry is held: the page is the server's painting (boot.js runs) until it is released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto('/home', { waitUntil: 'commit' }); // the load event waits for the held script
  await expect(greeting(page)).toBeVisible();
  const filters = page.getByRole('button', { name: /^Фильтры/ });
  await filters.click(); // no handler yet: noted by boot.js
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill('курс');
  release();
  // The app's own page: the filters open (the press replayed), the typed search kept and run.
  await expect(page.getByRole('button', { name: /^Фильтры/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('group', { name: 'Фильтры заказов' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Поиск заказов' })).toHaveValue('курс');
  await expect(page).toHaveURL(/search=%D0%BA%D1%83%D1%80%D1%81/);
});

test('a search in the address is the app’s to load: that page is not painted', async ({ page, customer }) => {
  await signIn(page, customer);
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await page.goto('/home?search=%D0%BA%D1%83%D1%80%D1%81');
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.getByTestId('order-list')).toHaveCount(0);
});
