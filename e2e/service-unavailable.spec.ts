// The cabinet while the service is briefly unavailable (docs/service-unavailable.md): the API answers 503 with
// Retry-After (its database or file store is gone, or it sheds load). The frame shows its "Нет соединения" bar, not
// an error page or card; reads are tried again and the page recovers by itself; a chat message written meanwhile
// waits and goes exactly once; a form keeps what was typed and says the service is briefly unavailable.
import type { Page } from '@playwright/test';
import {
  CHAT_HISTORY_LINE,
  expect,
  expectNoAxeViolations,
  messagesOnServer,
  orderWithChat,
  signInFast,
  test,
} from './support/fixtures';

const banner = (page: Page) => page.getByTestId('offline-banner').filter({ hasText: 'Нет соединения' });
const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const tab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Списки заказов' }).getByRole('link', { name });
const chatList = (page: Page) => page.getByTestId('chat-list');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' });
const bubble = (page: Page, text: string) => chatList(page).getByRole('article').filter({ hasText: text });
const UNAVAILABLE_TEXT = 'Сервис ненадолго недоступен';

/**
 * From now on every /api/** call gets what a server without its database answers: 503, Retry-After: 1 and an
 * operator's detail. Returns the calls it answered so, and `recover()`, after which the real server answers again.
 */
async function serviceDown(page: Page) {
  const answered: string[] = [];
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    answered.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    return route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({ detail: 'database unavailable' }),
    });
  };
  await page.route('**/api/**', handler);
  return { answered, recover: () => page.unroute('**/api/**', handler) };
}

test('the dashboard during a 503 period shows "Нет соединения", no error, and recovers by itself', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const archived = Number(/(\d+)\s*$/.exec((await tab(page, /Архив/).innerText()).replace(/\s+/g, ' '))?.[1]);
  expect(archived).toBeGreaterThan(0);

  const outage = await serviceDown(page);
  await tab(page, /Архив/).click();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByText('Не удалось загрузить заказы')).toHaveCount(0);
  // The read is tried again (Retry-After: 1), not given up.
  await expect.poll(() => outage.answered.filter((c) => c.startsWith('GET')).length).toBeGreaterThan(1);
  await expect(page.getByText('Не удалось загрузить заказы')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await outage.recover();
  await expect(page).toHaveURL('/home/archive', { timeout: 20_000 });
  await expect(tab(page, /Архив/)).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(archived, { timeout: 20_000 });
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Не удалось загрузить заказы')).toHaveCount(0);
});

test('the order page opened during a 503 period waits with "Нет соединения" and opens by itself', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();

  const outage = await serviceDown(page);
  await page.evaluate((id) => {
    history.pushState({}, '', `/order/${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, orderId);
  await expect(banner(page)).toBeVisible();
  await expect.poll(() => outage.answered.length).toBeGreaterThan(1);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}`));

  await outage.recover();
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible({ timeout: 20_000 });
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(page).not.toHaveURL(/\/404/);
});

test('a chat message sent during a 503 period waits and goes exactly once after recovery', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await signInFast(page, customer, `/order/${orderId}`);
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();

  const outage = await serviceDown(page);
  const text = `Написано во время сбоя ${Date.now()}`;
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(bubble(page, text).locator('[data-status="waiting"]')).toHaveText('Ожидает отправки');
  await expect(banner(page)).toBeVisible();
  // The outbox tries again by itself (the socket never dropped): more than one POST met the outage.
  await expect
    .poll(() => outage.answered.filter((c) => c === `POST /api/client/orders/${orderId}/messages/`).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(1);
  expect(await messagesOnServer(request, customer, orderId, text)).toBe(0);

  await outage.recover();
  await expect(bubble(page, text).locator('[data-status="sent"]')).toBeVisible({ timeout: 20_000 });
  await expect(bubble(page, text)).toHaveCount(1);
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  expect(await messagesOnServer(request, customer, orderId, text)).toBe(1);
  await page.reload();
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await expect(bubble(page, text)).toHaveCount(1);
  expect(await messagesOnServer(request, customer, orderId, text)).toBe(1);
});

test('a profile save during a 503 period keeps what was typed, says so, and saves after recovery', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  const personal = page.getByRole('region', { name: 'Личные данные', exact: true });
  const name = personal.getByLabel('ФИО');
  await expect(name).not.toHaveValue('');
  // The page's own cards (devices, data export, closing) have read: the outage meets the save first.
  await page.waitForLoadState('networkidle');

  const outage = await serviceDown(page);
  await name.fill('Сбоева Вера Петровна');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(personal.getByText(UNAVAILABLE_TEXT)).toBeVisible();
  await expect(page.getByText('database unavailable')).toHaveCount(0);
  await expect(name).toHaveValue('Сбоева Вера Петровна');
  await expect(banner(page)).toBeVisible();
  // One PATCH: a write is never repeated behind the customer's back.
  expect(outage.answered.filter((c) => c.startsWith('PATCH')).length).toBe(1);
  await expectNoAxeViolations(page);

  await outage.recover();
  await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(name).toHaveValue('Сбоева Вера Петровна');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(personal.getByText('Изменения сохранены')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Личные данные', exact: true }).getByLabel('ФИО'),
  ).toHaveValue('Сбоева Вера Петровна');
});
