// The signed-in first screen (docs/performance.md "The signed-in start"): a dashboard page of a signed-in visitor
// comes with its data, so the dashboard paints before the refresh, the user, the orders and the finances answer;
// a session that is over gets /login without the cabinet ever showing.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { revokeFromElsewhere, sawAt, signIn, watchFor } from './support/first-screen';
import { FIRST_SCREEN_ELEMENT_ID } from '../contract/first-screen';

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });

/** The calls the dashboard's first paint waited for before: the refresh, the user and finances, the orders. */
const FIRST_SCREEN_CALLS = /^\/api\/client\/(auth\/token\/refresh|profile|orders)\//;

/** Holds those calls (the browser waits) until `release()`; `asked` lists what the page asked meanwhile. */
async function holdFirstScreenCalls(page: Page) {
  const asked: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => FIRST_SCREEN_CALLS.test(url.pathname),
    async (route: Route) => {
      asked.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue().catch(() => {}); // the page may have gone meanwhile
    },
  );
  return { asked, release };
}

/** Any cabinet element, where the watch saw it first: any h1 counts only in the cabinet (the greeting). */
const watchForCabinet = (page: Page) =>
  watchFor(
    page,
    'nav[aria-label="Основное меню"], dl[aria-label="Счёт"], [data-testid="order-list"], h1',
    (el) => el.tagName !== 'H1' || /^Здравствуйте/.test(el.textContent ?? ''),
  );

test('a signed-in first visit of /home paints the dashboard before the API answers, then works as usual', async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 401 && refused.push(new URL(r.url()).pathname));
  const held = await holdFirstScreenCalls(page);
  await page.goto('/home');
  // Everything the first screen used to wait for is still held: the page's own data painted it.
  await expect(greeting(page)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('definition').first()).toBeVisible(); // the balances in the header
  await expect(page.locator(`#${FIRST_SCREEN_ELEMENT_ID}`)).toHaveCount(0); // read, then taken out of the DOM
  const shown = await rows(page).count();
  expect(shown).toBeGreaterThan(0);
  // The machines asked for their token meanwhile (the start-up refresh, held), and no order list was asked for.
  await expect.poll(() => held.asked).toContain('/api/client/auth/token/refresh/');
  // Nothing else went out meanwhile: no order list, and the page's other calls wait for the token (none refused).
  expect(held.asked.filter((p) => p !== '/api/client/auth/token/refresh/')).toEqual([]);

  held.release();
  // The usual cabinet from here: an order opens (its own request, with the refreshed token).
  const order = page.getByTestId('order-list').locator('a[href^="/order/"]').first();
  const href = (await order.getAttribute('href'))!;
  await order.click();
  // The order page (it opens on its chat when the chat has news).
  await expect(page).toHaveURL(new RegExp(`${href}(/chat)?$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(rows(page)).toHaveCount(shown);
  expect(refused).toEqual([]);
});

test('a revoked refresh cookie lands on /login with no flash of the cabinet', async ({
  page,
  customer,
  request,
}) => {
  await signIn(page, customer);
  await revokeFromElsewhere(page.context(), request);
  await watchForCabinet(page);
  const response = await page.goto('/home');
  // As the SPA's guard would send a signed-out visitor: with the page to come back to.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  // The server answered the first navigation with the redirect itself.
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/home$/);
  expect(await sawAt(page)).toBeNull();
  // The hint went with it: the sign-in page made no doomed refresh.
  expect((await page.context().cookies()).some((c) => c.name === 'cabinet_signed_in')).toBe(false);
});

test('a session ended between the page and its refresh signs out to /login', async ({
  page,
  customer,
  request,
}) => {
  await signIn(page, customer);
  const held = await holdFirstScreenCalls(page);
  await page.goto('/home');
  await expect(rows(page).first()).toBeVisible();
  await revokeFromElsewhere(page.context(), request);
  held.release();
  // The start-up refresh is refused: the session machine signs out and the guard takes the page to /login.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});
