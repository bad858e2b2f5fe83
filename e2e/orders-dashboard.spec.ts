import { expect, expectNoAxeViolations, signInFast, staff, test } from './support/fixtures';
import type { Page } from '@playwright/test';

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const tab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Списки заказов' }).getByRole('link', { name });
/** The counter shown on a tab link. */
async function counter(page: Page, name: RegExp) {
  const text = (await tab(page, name).innerText()).replace(/\s+/g, ' ');
  return Number(/(\d+)\s*$/.exec(text)?.[1]);
}

test('every tab lists as many orders as its counter says', async ({ page, customer }) => {
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();
  const active = await counter(page, /Активные/);
  const done = await counter(page, /Выполненные/);
  const archive = await counter(page, /Архив/);
  expect(active).toBeGreaterThan(0);
  expect(done).toBeGreaterThan(0);
  expect(archive).toBeGreaterThan(0);
  // /home shows the active list.
  await expect(rows(page)).toHaveCount(active);

  for (const [name, path, n] of [
    [/Выполненные/, '/home/done', done],
    [/Архив/, '/home/archive', archive],
    [/Активные/, '/home/active', active],
  ] as const) {
    await tab(page, name).click();
    await expect(page).toHaveURL(path);
    await expect(tab(page, name)).toHaveAttribute('aria-current', 'page');
    await expect(rows(page)).toHaveCount(n);
    // The dashboard stays one page from /home to any tab: the pressed tab keeps the focus (a keyboard user goes on
    // from it), it is not a new page's.
    await expect(tab(page, name)).toBeFocused();
  }
  // Each row: status, topic link to the order, deadline, price.
  const first = rows(page).first();
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/order\/\d+\/chat$/);
  await expect(first).toContainText('Срок');
  await expect(first).toContainText('Цена');
});

test('an unknown tab goes to /404', async ({ page, customer }) => {
  await signInFast(page, customer, '/home/trash');
  await expect(page).toHaveURL(/\/404/);
});

test('search narrows the list, and says so when nothing matches', async ({ page, customer }) => {
  await signInFast(page, customer, '/home/active');
  await expect(rows(page).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Поиск заказов' });
  await search.fill('Канта');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Свобода воли в философии Канта');
  await search.fill('нет такой темы');
  await expect(page.getByText('По запросу «нет такой темы» ничего не нашлось')).toBeVisible();
  await search.fill('');
  await expect(rows(page)).toHaveCount(await counter(page, /Активные/));
});

test('a long list comes in pages with "Показать ещё"', async ({ page, request, customer }) => {
  await staff(request, 'POST', '/orders/bulk/', { email: customer.email, count: 45 });
  await signInFast(page, customer, '/home/active');
  const active = await (async () => {
    await expect(rows(page)).toHaveCount(20);
    return counter(page, /Активные/);
  })();
  expect(active).toBeGreaterThan(40);
  await page.getByRole('button', { name: 'Показать ещё' }).click();
  await expect(rows(page)).toHaveCount(40);
  await expect(page.getByText(`Показано 40 из ${active}`).first()).toBeVisible();
});

test('delete to the archive, undo, and restore from the archive keep the counters right', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home/active');
  await expect(rows(page).first()).toBeVisible();
  const active = await counter(page, /Активные/);
  const archive = await counter(page, /Архив/);
  const row = rows(page).filter({ hasText: 'Реформы Петра I' });
  const id = await row.getAttribute('data-order-id');

  await row.getByRole('button', { name: `Переместить заказ №${id} в архив` }).click();
  await expect(rows(page).filter({ hasText: 'Реформы Петра I' })).toHaveCount(0);
  await expect.poll(() => counter(page, /Активные/)).toBe(active - 1);
  await expect.poll(() => counter(page, /Архив/)).toBe(archive + 1);
  await expect(page.getByText(`Заказ №${id} перемещён в архив.`)).toBeVisible();

  // "Отменить" puts it back.
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(rows(page).filter({ hasText: 'Реформы Петра I' })).toHaveCount(1);
  await expect.poll(() => counter(page, /Активные/)).toBe(active);
  await expect.poll(() => counter(page, /Архив/)).toBe(archive);

  // Delete for good, then restore it from the archive tab.
  await rows(page)
    .filter({ hasText: 'Реформы Петра I' })
    .getByRole('button', { name: /в архив/ })
    .click();
  await expect.poll(() => counter(page, /Архив/)).toBe(archive + 1);
  await tab(page, /Архив/).click();
  const archived = rows(page).filter({ hasText: 'Реформы Петра I' });
  await expect(archived).toContainText('Архивный заказ');
  await archived.getByRole('button', { name: `Восстановить заказ №${id}` }).click();
  await expect(archived).toHaveCount(0);
  await expect.poll(() => counter(page, /Архив/)).toBe(archive);
  await expect.poll(() => counter(page, /Активные/)).toBe(active);
});

test('the dashboard has tips and no axe violations', async ({ page, customer }) => {
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();
  const tips = page.getByRole('region', { name: 'Советы и предложения' });
  await expect(tips).toBeVisible();
  await tips.getByRole('button', { name: 'Остановить прокрутку' }).click();
  await expect(tips.getByRole('button', { name: 'Запустить прокрутку' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/home/archive');
  await expect(rows(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('on a phone the dashboard fits the screen: the tips take the column, nothing scrolls sideways', async ({
  page,
  customer,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();
  const tips = page.getByRole('region', { name: 'Советы и предложения' });
  await expect(tips).toBeVisible();
  const box = await tips.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
