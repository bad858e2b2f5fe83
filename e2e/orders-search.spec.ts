// Search, filters and sort of the order lists (issue 24 item 1): what the customer sees, and that the URL holds
// it all — a link opened in a new page shows the same view, back and forward restore it, a bad value is ignored.
import { expect, expectNoAxeViolations, signInFast, test } from './support/fixtures';
import type { Page } from '@playwright/test';

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const tab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Списки заказов' }).getByRole('link', { name });
async function counter(page: Page, name: RegExp) {
  const text = (await tab(page, name).innerText()).replace(/\s+/g, ' ');
  return Number(/(\d+)\s*$/.exec(text)?.[1]);
}
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Поиск заказов' });
const query = (page: Page) => new URL(page.url()).searchParams;

test('search by topic in any case with ё = е, and by the order number; the tabs count the matches', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home/active');
  await expect(rows(page).first()).toBeVisible();
  const allActive = await counter(page, /Активные/);

  await searchBox(page).fill('ФИЛОСОФИИ канта');
  await expect(page).toHaveURL(/search=/);
  expect(query(page).get('search')).toBe('ФИЛОСОФИИ канта');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Свобода воли в философии Канта');
  await expect.poll(() => counter(page, /Активные/)).toBe(1);
  expect(await counter(page, /Выполненные/)).toBe(0);

  // ё = е: "Отчёт по производственной практике" is found as typed without ё.
  await searchBox(page).fill('отчет по ПРОИЗВОДСТВЕННОЙ');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Отчёт по производственной практике');

  // "Эмоциональный интеллект руководителя" is done: its tab counts it, the active tab shows none.
  await searchBox(page).fill('руководителя');
  await expect.poll(() => counter(page, /Выполненные/)).toBe(1);
  await expect(page.getByText('По запросу «руководителя» ничего не нашлось')).toBeVisible();
  await expect(page.getByText('В других вкладках есть совпадения')).toBeVisible();
  // The tab link carries the search.
  await tab(page, /Выполненные/).click();
  await expect(page).toHaveURL(/\/home\/done\?search=/);
  await expect(rows(page)).toHaveCount(1);
  await expect(searchBox(page)).toHaveValue('руководителя');

  // By number: the order's own row.
  await tab(page, /Активные/).click();
  await searchBox(page).fill('');
  await expect.poll(() => counter(page, /Активные/)).toBe(allActive);
  const href = await rows(page).nth(2).getByRole('link').first().getAttribute('href');
  const id = /\/order\/(\d+)/.exec(href ?? '')![1]!;
  await searchBox(page).fill(`№${id}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('link').first()).toHaveAttribute('href', `/order/${id}/chat`);
  await expectNoAxeViolations(page);
});

test('filter and sort; the link opens the same view in a new page; back and forward restore it', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home/active');
  await expect(rows(page).first()).toBeVisible();
  const allActive = await rows(page).count();
  await expect.poll(() => counter(page, /Активные/)).toBe(allActive);

  await page.getByRole('button', { name: /Фильтры/ }).click();
  const panel = page.getByRole('group', { name: 'Фильтры заказов' });
  await panel.getByLabel('Ожидают оплаты').check();
  await expect(page).toHaveURL(/awaiting_payment=1/);
  await expect(rows(page).first()).toBeVisible();
  const waiting = await rows(page).count();
  expect(waiting).toBeGreaterThan(1);
  for (let i = 0; i < waiting; i++) await expect(rows(page).nth(i)).toContainText('Ожидает оплаты');

  await page.getByLabel('Сортировка').selectOption({ label: 'Цена: дороже' });
  await expect(page).toHaveURL(/ordering=-price/);
  await expect(rows(page).first()).toContainText('Правовое регулирование обработки персональных данных');
  await page.getByLabel('Сортировка').selectOption({ label: 'Цена: дешевле' });
  await expect(page).toHaveURL(/ordering=price/);
  await expect(rows(page).first()).toContainText('Реформы Петра I');

  await panel.getByLabel('Тип работы').selectOption('Реферат');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Фильтры: 2' })).toBeVisible();

  // The same view in a new page from the link alone.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(rows(other)).toHaveCount(1);
  await expect(rows(other).first()).toContainText('Реформы Петра I');
  await expect(other.getByLabel('Сортировка')).toHaveValue('price');
  const otherPanel = other.getByRole('group', { name: 'Фильтры заказов' });
  await expect(otherPanel).toBeVisible(); // a link with filters shows them
  await expect(otherPanel.getByLabel('Ожидают оплаты')).toBeChecked();
  await expect(otherPanel.getByLabel('Тип работы')).toHaveValue('Реферат');
  await other.close();

  // Back: the work type goes, then the cheaper-first sort; forward brings them back.
  await page.goBack();
  await expect(page).not.toHaveURL(/work_type/);
  await expect(rows(page)).toHaveCount(waiting);
  await expect(panel.getByLabel('Тип работы')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/ordering=-price/);
  await expect(rows(page).first()).toContainText('Правовое регулирование');
  await page.goForward();
  await page.goForward();
  await expect(rows(page)).toHaveCount(1);
  await expect(panel.getByLabel('Тип работы')).toHaveValue('Реферат');

  // A reload keeps it.
  await page.reload();
  await expect(rows(page)).toHaveCount(1);

  // "Сбросить" clears everything.
  await page.getByRole('button', { name: 'Сбросить поиск, фильтры и сортировку' }).first().click();
  await expect(page).toHaveURL(/\/home\/active$/);
  // The list and its tab's count both come back to the whole list (the count follows the list's answer).
  await expect(rows(page)).toHaveCount(allActive);
  await expect.poll(() => counter(page, /Активные/)).toBe(allActive);
});

test('nothing found has its own empty state with a way back; a bad value in the link is ignored', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/home/active?status=99&ordering=nonsense&deadline_from=2026-02-30');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(await counter(page, /Активные/));

  await page.goto('/home/active?search=такой%20темы%20нет&unread=1');
  await expect(
    page.getByRole('heading', { name: 'По запросу «такой темы нет» ничего не нашлось' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Сбросить поиск, фильтры и сортировку' })
    .last()
    .click();
  await expect(page).toHaveURL(/\/home\/active$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(rows(page).first()).toBeVisible();
});
