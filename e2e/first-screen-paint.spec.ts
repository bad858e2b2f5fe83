// The server-painted first screen (docs/performance.md "The signed-in start"): a signed-in visitor's dashboard page,
// order page and payments page come as HTML with the page in it, readable before any script has run, and the app
// takes it over without a frame in between. (A revoked refresh cookie landing on /login with no flash of the
// cabinet: e2e/first-screen.spec.ts for the dashboard, below for an order's page.)
import type { Page } from '@playwright/test';
import {
  CHAT_HISTORY_LINE,
  CHAT_TOPIC,
  createCustomer,
  expect,
  expectNoAxeViolations,
  orderWithChat,
  test,
} from './support/fixtures';
import {
  brokenAfterFirstWhole,
  recordFrames,
  revokeFromElsewhere,
  sawAt,
  signIn,
  watchFor,
} from './support/first-screen';

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });

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
  // Every frame from the first paint on: were the greeting and the rows on screen?
  const recorded = await recordFrames(page, {
    painted: '[data-testid="order-list"]',
    probe: () => ({
      greeting: /^Здравствуйте/.test(document.querySelector('h1')?.textContent ?? ''),
      rows: document.querySelector('[data-testid="order-list"]')?.children.length ?? 0,
    }),
  });
  await page.goto('/home');
  await expect(greeting(page)).toBeVisible();
  // The app's own list replaced the painted one (the machines own the page now).
  await recorded.replaced();
  const frames = await recorded.frames();
  // The list as it ends; from the first frame that showed the whole dashboard on, every frame showed it.
  const shown = frames.at(-1)!.rows;
  expect(shown).toBeGreaterThan(0);
  expect(brokenAfterFirstWhole(frames, (f) => f.greeting && f.rows === shown)).toEqual([]);

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

const orderTitle = (page: Page, id: number) => page.getByRole('heading', { level: 1, name: `Заказ №${id}` });

test.describe('an order’s page', () => {
  test('with the scripts blocked: the order’s header, its tabs and the chat opening are on the page', async ({
    page,
    customer,
    request,
  }) => {
    const id = await orderWithChat(request, customer);
    await signIn(page, customer);
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto(`/order/${id}`);
    await expect(orderTitle(page, id)).toBeVisible();
    await expect(page.getByText(CHAT_TOPIC)).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Разделы заказа' });
    await expect(tabs.getByRole('link', { name: /Чат/ })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: /Файлы/ })).toHaveAttribute('href', `/order/${id}/files`);
    // The chat as the app opens it: loading its messages, the composer below.
    await expect(page.getByTestId('chat-list')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('textbox')).toBeVisible();
  });

  test('the app takes it over with no frame without the header, settles on the chat and loads it', async ({
    page,
    customer,
    request,
  }) => {
    const id = await orderWithChat(request, customer);
    await signIn(page, customer);
    const orderReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/client/orders/${id}/`) orderReads.push(r.url());
    });
    const recorded = await recordFrames(page, {
      painted: '#order-title',
      probe: () => ({
        title: document.querySelector('#order-title')?.textContent ?? '',
        topic: (document.querySelector('main')?.textContent ?? '').includes(
          'Цифровые образовательные технологии',
        ),
      }),
    });
    await page.goto(`/order/${id}`);
    await expect(orderTitle(page, id)).toBeVisible();
    await recorded.replaced();
    await expect(page).toHaveURL(new RegExp(`/order/${id}/chat$`));
    // The chat is the machines' now: its history comes from the server.
    await expect(page.getByText(CHAT_HISTORY_LINE)).toBeVisible();
    const frames = await recorded.frames();
    expect(brokenAfterFirstWhole(frames, (f) => f.title === `Заказ №${id}` && f.topic)).toEqual([]);
    // The order loader started from the page's copy: no read of the order.
    expect(orderReads).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a revoked refresh cookie lands on /login with no flash of the order', async ({
    page,
    customer,
    request,
  }) => {
    const id = await orderWithChat(request, customer);
    await signIn(page, customer);
    await revokeFromElsewhere(page.context(), request);
    await watchFor(page, '#order-title, nav[aria-label="Основное меню"], dl[aria-label="Счёт"]');
    const response = await page.goto(`/order/${id}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Forder%2F${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/order/${id}$`));
    expect(await sawAt(page)).toBeNull();
  });

  test('another customer’s order is not painted: the app shows its not-found', async ({
    page,
    customer,
    request,
  }) => {
    const other = await createCustomer(request);
    const id = await orderWithChat(request, other);
    await signIn(page, customer);
    await watchFor(page, '#order-title');
    const response = await page.goto(`/order/${id}`);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(CHAT_TOPIC);
    expect(html).not.toContain('data-first-screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sawAt(page)).toBeNull();
    await expect(page.getByText(CHAT_TOPIC)).toHaveCount(0);
  });
});

test.describe('the payments page', () => {
  const waitingRows = (page: Page) =>
    page.getByRole('region', { name: 'Заказы, ожидающие оплаты' }).getByRole('listitem');

  test('with the scripts blocked: the orders waiting for payment are on the page', async ({
    page,
    customer,
  }) => {
    await signIn(page, customer);
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 2, name: 'Заказы, ожидающие оплаты' })).toBeVisible();
    expect(await waitingRows(page).count()).toBeGreaterThan(0);
    await expect(
      waitingRows(page)
        .first()
        .getByRole('link', { name: /^Оплатить заказ/ }),
    ).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Разделы платежей' });
    await expect(tabs.getByRole('link', { name: 'Оплата' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#boot')).toHaveCount(0);
  });

  test('the app takes it over with no frame without the list, and starts from the page’s copy', async ({
    page,
    customer,
  }) => {
    await signIn(page, customer);
    const waitingReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/client/payments/waiting/') waitingReads.push(r.url());
    });
    const recorded = await recordFrames(page, {
      painted: 'section[aria-labelledby="waiting-title"] ul',
      probe: () =>
        document.querySelector('section[aria-labelledby="waiting-title"] ul')?.children.length ?? 0,
    });
    await page.goto('/payments');
    await expect(waitingRows(page).first()).toBeVisible();
    await recorded.replaced();
    await expect(page).toHaveURL(/\/payments\/pay$/);
    // From the first frame with the whole list (the HTML may still be parsing in an earlier one), every frame has it.
    const frames = await recorded.frames();
    const shown = frames.at(-1)!;
    expect(shown).toBeGreaterThan(0);
    expect(brokenAfterFirstWhole(frames, (n) => n === shown)).toEqual([]);
    expect(waitingReads).toEqual([]);
    // The app's: choosing two orders offers to pay them together.
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThanOrEqual(2); // the demo customer has several waiting
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByRole('button', { name: 'Оплатить вместе' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('a revoked refresh cookie lands on /login with no flash of the cabinet', async ({
    page,
    customer,
    request,
  }) => {
    await signIn(page, customer);
    await revokeFromElsewhere(page.context(), request);
    await watchFor(page, 'nav[aria-label="Основное меню"], dl[aria-label="Счёт"], #waiting-title');
    await page.goto('/payments');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpayments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в кабинет' })).toBeVisible();
    expect(await sawAt(page)).toBeNull();
  });
});
