// Route behaviour of spec point 2 and the 429 row of spec point 8 in the browser: page views, dialogs and scroll
// after navigations, return targets with any query, and the /429 page with the server's Retry-After.
import type { Page, Route } from '@playwright/test';
import type { AnalyticsEvent } from '../src/lib/analytics';
import { DEMO, expect, signInFast, signInWithForm, test } from './support/fixtures';

const ORDERS = (url: URL) => url.pathname.startsWith('/api/client/orders/');
const isRefresh = (url: string) => new URL(url).pathname === '/api/client/auth/token/refresh/';
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const orderRows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const tabLink = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Списки заказов' }).getByRole('link', { name });
const tooManyRequests = (retryAfter?: string) => (route: Route) =>
  route.fulfill({
    status: 429,
    contentType: 'application/json',
    headers: retryAfter ? { 'Retry-After': retryAfter } : {},
    body: JSON.stringify({ detail: 'Слишком много запросов.' }),
  });

/** The page views the default analytics sink kept (window.__analytics). */
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as { __analytics?: AnalyticsEvent[] }).__analytics ?? []).filter((e) => e.type === 'pageView'),
  );

test('page views: the route name as title, the previous path as referrer, or the ref query', async ({
  page,
}) => {
  await page.goto('/login?ref=newsletter', { referer: 'https://search.example/' });
  await expect(heading(page, 'Вход в кабинет')).toBeVisible();
  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(heading(page, /^Здравствуйте/)).toBeVisible();
  await tabLink(page, /Выполненные/).click();
  await expect(heading(page, 'Выполненные заказы')).toBeVisible();
  await expect
    .poll(() => pageViews(page))
    .toEqual([
      { type: 'pageView', title: 'Enter', referrer: 'newsletter', path: '/login' },
      { type: 'pageView', title: 'Home', referrer: '/login', path: '/home' },
      { type: 'pageView', title: 'HomeTab', referrer: '/home', path: '/home/done' },
    ]);
});

test('the first page view names the page that linked here', async ({ page }) => {
  await page.goto('/registration', { referer: 'https://search.example/?q=курсовая' });
  await expect(heading(page, 'Регистрация')).toBeVisible();
  await expect
    .poll(() => pageViews(page))
    .toEqual([
      {
        type: 'pageView',
        title: 'Registration',
        referrer: 'https://search.example/?q=%D0%BA%D1%83%D1%80%D1%81%D0%BE%D0%B2%D0%B0%D1%8F',
        path: '/registration',
      },
    ]);
});

test('a navigation closes an open dialog; a dismissed message leaves the address', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home?msg=Добро пожаловать');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Добро пожаловать');
  await dialog.getByRole('button', { name: 'Понятно' }).click();
  // Read and closed: the address forgets it, so neither Back nor a reload (nor a sign-in from /login?msg=…) shows
  // it again.
  await expect.poll(() => new URL(page.url()).searchParams.has('msg')).toBe(false);
  await tabLink(page, /Выполненные/).click();
  await expect(heading(page, 'Выполненные заказы')).toBeVisible();
  await page.goBack();
  await expect(heading(page, /^Здравствуйте/)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Not closed: Back, with the dialog open, closes it; Forward to its address opens it again.
  await page.goto('/home/done?msg=Ещё одно сообщение');
  await expect(dialog).toContainText('Ещё одно сообщение');
  await page.goBack();
  await expect(heading(page, /^Здравствуйте/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.goForward();
  await expect(dialog).toContainText('Ещё одно сообщение');
});

test('scroll: a new page starts at the top, Back returns to where the list was left', async ({
  page,
  customer,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, customer, '/home/active');
  await expect(orderRows(page).nth(5)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  // The tab bar stays on screen: following it does not scroll the list first.
  await page.getByRole('link', { name: 'Оплата' }).locator('visible=true').click();
  await expect(heading(page, 'Платежи')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(heading(page, 'Активные заказы')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
});

test('a return target with % and \\ in its query survives the sign-in', async ({ page, customer }) => {
  await page.goto('/payments/history?page=1&q=50%25%20a%5Cb');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/payments/history?page=1&q=50%25+a\\b');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/payments\/history\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ page: '1', q: '50% a\\b' });
  await expect(heading(page, 'Платежи')).toBeVisible();
});

test("a 429 sends to /429 with the server's Retry-After; long waits are shown in minutes", async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(heading(page, /^Здравствуйте/)).toBeVisible();
  await page.route(ORDERS, tooManyRequests('150'));
  await tabLink(page, /Выполненные/).click();
  await expect(page).toHaveURL(/\/429\?retry=150$/);
  await expect(heading(page, /Слишком много запросов/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Повторить можно через 3 мин' })).toBeDisabled();
});

test('/429 counts down from retry (20 s without one), then offers to try again', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.goto('/429?retry=75');
  const button = page.getByRole('button', { name: /^Повторить можно через|^Попробовать снова$/ });
  await expect(button).toHaveText('Повторить можно через 2 мин');
  await expect(button).toBeDisabled();
  await page.clock.fastForward(20_000);
  await expect(button).toHaveText('Повторить можно через 55 с');
  await page.clock.fastForward(56_000);
  await expect(button).toHaveText('Попробовать снова');
  await button.click();
  await expect(page).toHaveURL(/\/login$/);

  for (const address of ['/429', '/429?retry=abc', '/429?retry=0']) {
    await page.goto(address);
    await expect(button).toHaveText('Повторить можно через 20 с');
  }
});

test('a 429 on /429 itself does not reload the page again and again', async ({ page, customer }) => {
  await signInFast(page, customer, '/home');
  await expect(heading(page, /^Здравствуйте/)).toBeVisible();
  await page.route((url) => isRefresh(url.href), tooManyRequests('30'));
  const limited: string[] = [];
  page.on('response', (r) => {
    if (isRefresh(r.url()) && r.status() === 429) limited.push(new URL(page.url()).pathname);
  });
  const loads: string[] = [];
  page.on('domcontentloaded', () => loads.push(new URL(page.url()).pathname));
  const addresses: string[] = []; // every URL the tab showed, client-side navigations included
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
  });
  await page.reload(); // the start-up refresh gets a 429
  await expect(page).toHaveURL(/\/429\?retry=30$/);
  await expect(heading(page, /Слишком много запросов/)).toBeVisible();
  await expect.poll(() => limited).toEqual(['/home', '/429']);
  // The countdown runs on in the same page: a page that reloaded itself would start again at 30 s.
  await expect(page.getByRole('button', { name: 'Повторить можно через 29 с' })).toBeVisible();
  // One load of /429 (the /home document may be left before it finished loading: boot.js saw the 429 first).
  expect(loads.filter((path) => path === '/429')).toEqual(['/429']);
  expect(loads.at(-1)).toBe('/429');
  // Straight to /429: the Error route of a failed start-up never flashed up in between.
  expect(addresses).not.toContain('/404');
});

test('a bad id in a $id route goes to /404 (signed out: Enter first); a good one opens', async ({
  page,
  customer,
}) => {
  await page.goto('/order/abc/files');
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/order/abc/files');
  await signInFast(page, customer, '/home/active');
  const link = orderRows(page).first().getByRole('link');
  const id = /^\/order\/(\d+)\//.exec((await link.getAttribute('href'))!)![1]!;
  await link.click();
  await expect(page).toHaveURL(`/order/${id}/chat`);
  await expect(heading(page, `Заказ №${id}`)).toBeVisible();
  await page.getByRole('navigation', { name: 'Разделы заказа' }).getByRole('link', { name: /Файлы/ }).click();
  await expect(page).toHaveURL(`/order/${id}/files`);
  for (const address of [
    '/order/abc',
    '/order/0/chat',
    '/order/05/files',
    '/order/1e3/reworks',
    '/order/abc/edit',
    '/order/-1/pay',
    '/order/x/success',
    '/order/x/welcome',
    '/pay-packet/abc',
    '/order-continue/0',
    '/home/trash',
  ]) {
    await page.goto(address);
    await expect(page, address).toHaveURL(/\/404$/);
  }
});
