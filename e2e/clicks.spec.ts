// The budget of the clicks after the first screen (docs/performance.md "Clicks after the first screen"), held by
// their structural cause rather than by a time (speed is the bench's, `npm run bench -- interactions`): signed in
// as a customer on a phone-sized screen, each click of the bench's walk paints its content with every script and
// stylesheet requested after the click held back (the chunks were loaded while the page was idle) and makes no more
// reads than the step needs; a tab switch paints the rows the app holds while the server's fresh answer is held back.
import type { Page, Request, Route } from '@playwright/test';
import { expect, signInFast, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const TOPIC = 'Анализ финансовой устойчивости ООО «Вектор»';
/** The route chunks the cabinet loads while idle (src/app/route-warmup.ts), by their build names. */
// (A tab of the dashboard is the same page: home.tsx renders all of them, so there is no chunk to warm for it.)
const WARMED = [/\/order\._id-[^/]*\.js$/, /\/order\._id\.chat-[^/]*\.js$/, /\/order_\._id\.pay-[^/]*\.js$/];

const CODE = /\/assets\/[^/?]+\.(?:js|css)(?:\?|$)/;

/**
 * Every request the page makes, in order; `during` runs one step with every script and stylesheet it requests held
 * back until the step's content shows: content that needed one would never show (the step fails on its wait), so a
 * step that passes painted from code already loaded. (The idle page may start loading the next pages' chunks
 * meanwhile; they are let through once the content shows.)
 */
function recordRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return {
    async during(action: () => Promise<unknown>, done: () => Promise<unknown>) {
      const from = seen.length;
      let open: () => void = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const hold = async (route: Route) => {
        await gate;
        await route.continue().catch(() => {});
      };
      await page.route(CODE, hold);
      try {
        await action();
        await done();
      } finally {
        open();
        await page.unroute(CODE, hold);
      }
      return seen.slice(from);
    },
    urls: () => seen.map((r) => r.url()),
  };
}

const api = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/analytics/'))
    .map((r) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);

test('the clicks after the dashboard wait for no script, and a tab paints the rows the app holds', async ({
  page,
  customer,
}) => {
  const requests = recordRequests(page);
  await signInFast(page, customer, '/home');
  const list = page.getByTestId('order-list');
  await expect(list.getByRole('link', { name: TOPIC })).toBeVisible();
  // The idle page loads the next pages' chunks and the other tabs' first pages.
  await expect
    .poll(() => WARMED.filter((chunk) => !requests.urls().some((u) => chunk.test(u))).map(String))
    .toEqual([]);
  await expect
    .poll(() => requests.urls().filter((u) => /\/api\/client\/orders\/\?tab=done/.test(u)).length)
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');

  // The tab switch: the done tab's rows show while its refresh is held back by the test; then the answer comes.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/client\/orders\/\?tab=done/, async (route: Route) => {
    await held;
    // The list may have moved on meanwhile (its request aborted): nothing to continue then.
    await route.continue().catch(() => {});
  });
  const tabs = page.getByRole('navigation', { name: 'Списки заказов' });
  const doneRows = page
    .getByRole('region', { name: /Выполненные/ })
    .getByTestId('order-list')
    .locator(':scope > li');
  const tabSwitch = await requests.during(
    () => tabs.getByRole('link', { name: /Выполненные/ }).click(),
    // The done list's own rows (the active list stays on screen until the new page renders).
    () => expect(doneRows.first()).toBeVisible(),
  );
  expect(api(tabSwitch).filter((r) => !r.startsWith('GET /api/client/orders/?tab=done'))).toEqual([]);
  release();
  await tabs.getByRole('link', { name: /Активные/ }).click();
  await expect(list.getByRole('link', { name: TOPIC })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Dashboard → order page: the order is read at the press on its row; the click that follows reads it no more.
  // (No link preloads on a hover: src/app/router.ts.)
  const link = list.getByRole('link', { name: TOPIC });
  const id = Number(/\/order\/(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  const hovered = requests.urls().length;
  await link.hover();
  await page.waitForTimeout(300);
  expect(
    requests
      .urls()
      .slice(hovered)
      .filter((u) => u.includes(`/api/client/orders/${id}/`)),
  ).toEqual([]);
  const prefetched = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/client/orders/${id}/`);
  await page.mouse.down();
  await prefetched;
  const openOrder = await requests.during(
    () => page.mouse.up(),
    () => expect(page.locator('#order-title')).toContainText(`№${id}`),
  );
  expect(api(openOrder).filter((r) => !r.includes('/messages/'))).toEqual([]);
  await expect(page.getByTestId('chat-list').getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Order → chat (from the files tab) and → the payment page: chunks held, only their own reads.
  await page.getByRole('link', { name: /^Файлы/ }).click();
  await expect(page).toHaveURL(/\/files$/);
  await page.waitForLoadState('networkidle');
  const openChat = await requests.during(
    () => page.getByRole('link', { name: /^Чат/ }).click(),
    () => expect(page.getByTestId('chat-list').getByRole('article').first()).toBeVisible(),
  );
  expect(api(openChat).filter((r) => !r.includes(`/orders/${id}/messages/`))).toEqual([]);
  await page.waitForLoadState('networkidle');

  const openPayment = await requests.during(
    () => page.getByRole('link', { name: 'Оплатить', exact: true }).click(),
    () => expect(page.getByRole('heading', { name: `Оплата заказа №${id}` })).toBeVisible(),
  );
  const allowed = [
    `/api/client/orders/${id}/`,
    '/api/client/profile/status/',
    '/api/client/payments/methods/',
  ];
  expect(api(openPayment).filter((r) => !allowed.some((a) => r.split(' ')[1]!.startsWith(a)))).toEqual([]);
});
