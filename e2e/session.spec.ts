// The session and the token across the wire: sign-out really ends the session, a refused refresh anywhere leads to
// /login?redirect=…, two tabs share one refresh, and the scheduled refresh at 80 % of the token's life.
import type { Page, Route } from '@playwright/test';
import { appRunning, expect, signInFast, test } from './support/fixtures';

const REFRESH = (url: URL) => url.pathname === '/api/client/auth/token/refresh/';
const LOGOUT = (url: URL) => url.pathname === '/api/client/auth/logout/';
const ORDERS = (url: URL) => url.pathname.startsWith('/api/client/orders/');
const orderRows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });
const isRefresh = (url: string) => REFRESH(new URL(url));
const unauthorized = (route: Route) =>
  route.fulfill({
    status: 401,
    contentType: 'application/json',
    body: JSON.stringify({ detail: 'Токен недействителен или просрочен.' }),
  });

async function signOutWithMenu(page: Page) {
  await page.getByRole('button', { name: /^Меню пользователя/ }).click();
  await page.getByRole('link', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The refresh cookie's value the server set in a response. */
function refreshCookieIn(setCookie: string | null): string {
  const value = /(?:^|\n)cabinet_refresh=([^;]+)/.exec(setCookie ?? '')?.[1];
  if (!value) throw new Error(`no refresh cookie in ${setCookie}`);
  return value;
}

async function openDoneTab(page: Page) {
  await page
    .getByRole('navigation', { name: 'Списки заказов' })
    .getByRole('link', { name: /Выполненные/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Выполненные заказы' })).toBeVisible();
}

/** Lets the first order-list call of the page fail with 401, as an expired access token would. */
async function failFirstOrderCallWith401(page: Page) {
  let failed = false;
  await page.route(ORDERS, (route) => {
    if (failed) return route.continue();
    failed = true;
    return unauthorized(route);
  });
}

test('sign-out ends the session on the server: its refresh cookie no longer works', async ({
  page,
  request,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cabinet_refresh');
  expect(cookie, 'the refresh cookie').toBeDefined();
  // The tab signs out at once and tells the server right after: the replay waits for that answer.
  const loggedOut = page.waitForResponse((r) => LOGOUT(new URL(r.url())));
  await signOutWithMenu(page);
  expect((await loggedOut).status()).toBe(200);
  const replay = await request.post('/api/client/auth/token/refresh/', {
    headers: { cookie: `cabinet_refresh=${cookie!.value}` },
  });
  expect(replay.status()).toBe(401);
});

test('sign-out during a refresh waits for it, then ends the session with the rotated cookie', async ({
  page,
  request,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  const order: string[] = [];
  page.on('request', (r) => {
    if (LOGOUT(new URL(r.url()))) order.push('logout');
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REFRESH, async (route) => {
    order.push('refresh');
    await held;
    await route.continue();
  });
  await failFirstOrderCallWith401(page);
  await page
    .getByRole('navigation', { name: 'Списки заказов' })
    .getByRole('link', { name: /Выполненные/ })
    .click();
  await expect.poll(() => order).toEqual(['refresh']);

  await signOutWithMenu(page);
  expect(order, 'no logout while the refresh is under way').toEqual(['refresh']);
  const refreshed = page.waitForResponse((r) => isRefresh(r.url()));
  const loggedOut = page.waitForResponse((r) => LOGOUT(new URL(r.url())));
  release();
  const rotated = refreshCookieIn(await (await refreshed).headerValue('set-cookie'));
  expect((await loggedOut).status()).toBe(200);
  expect(order).toEqual(['refresh', 'logout']);
  const replay = await request.post('/api/client/auth/token/refresh/', {
    headers: { cookie: `cabinet_refresh=${rotated}` },
  });
  expect(replay.status()).toBe(401);
});

test('a sign-out that gets no answer still holds after a reload', async ({ page, customer }) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  await page.route(LOGOUT, (route) => route.abort('connectionfailed'));
  await signOutWithMenu(page);
  await expect
    .poll(async () => (await page.context().cookies()).map((c) => c.name))
    .not.toContain('cabinet_signed_in');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test('a refused refresh on /payment signs out and goes to /login with the page to come back to', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  // The start-up refresh of the next page load goes through; the one after the 401 is refused.
  let refreshes = 0;
  await page.route(REFRESH, (route) => (++refreshes === 1 ? route.continue() : unauthorized(route)));
  // The balances the result page asks for (with the tab's own token, so a 401 there means "refresh").
  await page.route(
    (url) => url.pathname === '/api/client/profile/status/',
    (route) =>
      route.request().headers().authorization && refreshes > 0 ? unauthorized(route) : route.continue(),
  );
  await page.goto('/payment?status=success');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpayment%3Fstatus%3Dsuccess$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  expect(refreshes).toBe(2);
});

test('two tabs needing a refresh at the same moment: one refresh reaches the server, both keep working', async ({
  context,
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  const second = await context.newPage();
  await second.goto('/home');
  await expect(greeting(second)).toBeVisible();
  // The greeting is painted by the server: the second tab's app, and its own start-up refresh, may still be coming.
  await appRunning(second);

  const refreshes: string[] = [];
  context.on('request', (r) => {
    if (isRefresh(r.url())) refreshes.push(r.method());
  });
  // Each tab's first list call is answered 401 once both have asked: both need a refresh at the same moment.
  let arrived = 0;
  let bothAsked!: () => void;
  const barrier = new Promise<void>((resolve) => (bothAsked = resolve));
  for (const tab of [page, second]) {
    let failed = false;
    await tab.route(ORDERS, async (route) => {
      if (failed) return route.continue();
      failed = true;
      // Counted from here: a refresh that started before both tabs asked (a start-up's) is not the one under test.
      if (++arrived === 2) {
        refreshes.length = 0;
        bothAsked();
      }
      await barrier;
      return unauthorized(route);
    });
  }
  await Promise.all([openDoneTab(page), openDoneTab(second)]);
  for (const tab of [page, second]) {
    await expect(tab.getByRole('alert')).toHaveCount(0);
    await expect(orderRows(tab).first()).toBeVisible();
  }
  expect(refreshes).toEqual(['POST']);

  // Both still signed in, with a token the server takes.
  for (const tab of [page, second]) {
    await tab
      .getByRole('navigation', { name: 'Списки заказов' })
      .getByRole('link', { name: /Активные/ })
      .click();
    await expect(tab.getByRole('heading', { level: 1, name: 'Активные заказы' })).toBeVisible();
    await expect(orderRows(tab).first()).toBeVisible();
    await expect(tab.getByRole('alert')).toHaveCount(0);
  }
  expect(refreshes).toEqual(['POST']);
});

test('the access token is refreshed at 80 % of its life without any 401, not before', async ({
  page,
  customer,
}) => {
  await page.clock.install();
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  const refreshes: string[] = [];
  const rejected: string[] = [];
  page.on('request', (r) => {
    if (isRefresh(r.url())) refreshes.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() === 401) rejected.push(r.url());
  });

  // 230 s into the 300 s of the token: nothing yet (the list call after the jump would follow a refresh).
  await page.clock.fastForward(230_000);
  await openDoneTab(page);
  expect(refreshes).toEqual([]);

  const refreshed = page.waitForResponse((r) => isRefresh(r.url()));
  await page.clock.fastForward(15_000); // past 240 s = 80 %
  expect((await refreshed).status()).toBe(200);
  expect(refreshes).toHaveLength(1);

  await page
    .getByRole('navigation', { name: 'Списки заказов' })
    .getByRole('link', { name: /Активные/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Активные заказы' })).toBeVisible();
  await expect(orderRows(page).first()).toBeVisible();
  expect(rejected).toEqual([]);
});

test("a return visit asks who the visitor is while the app's scripts still load, and only once", async ({
  page,
  context,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(greeting(page)).toBeVisible();
  // A slow entry script: the start-up refresh must not wait for it.
  const ENTRY = /\/assets\/index-[\w-]+\.js$/;
  let entryDone = 0;
  await page.route(ENTRY, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  page.on('requestfinished', (r) => {
    if (ENTRY.test(r.url())) entryDone = Date.now();
  });
  const refreshes: number[] = [];
  page.on('request', (r) => {
    if (isRefresh(r.url())) refreshes.push(Date.now());
  });
  await page.reload();
  await expect(greeting(page)).toBeVisible(); // painted by the server: the app has yet to start
  await appRunning(page);
  expect(refreshes).toHaveLength(1); // the app took boot.js's answer instead of refreshing again
  expect(entryDone).toBeGreaterThan(0);
  expect(refreshes[0]!).toBeLessThan(entryDone);

  // Two tabs of the same browser starting at once: both signed in, and the session survives (no reuse).
  const other = await context.newPage();
  await page.unroute(ENTRY);
  await Promise.all([page.reload(), other.goto('/home')]);
  await expect(greeting(page)).toBeVisible();
  await expect(greeting(other)).toBeVisible();
  await page.reload();
  await expect(greeting(page)).toBeVisible();
});
