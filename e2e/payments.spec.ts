// The pay-in side of the money issue: pay an order through the sandbox (success and fail), pay a packet, pay at once
// from the balances, top up, history; axe on every screen. Each test has its own fresh demo customer
// (money 2 450 ₽, bonus 700, four orders awaiting payment).
import type { Page } from '@playwright/test';
import { dark } from '../contract/theme';
import { expect, expectNoAxeViolations, signInFast, staff, test } from './support/fixtures';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
/** '#0f1014' as the browser computes it: 'rgb(15, 16, 20)'. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const headerMoney = (page: Page) => page.locator('dl[aria-label="Счёт"] dd').first();
const headerBonus = (page: Page) => page.locator('dl[aria-label="Счёт"] dd').nth(1);

async function waitingOrderId(page: Page, topic: string): Promise<number> {
  const link = page
    .getByRole('listitem')
    .filter({ hasText: topic })
    .getByRole('link', { name: /Оплатить заказ №/ });
  const name = (await link.getAttribute('aria-label')) ?? '';
  return Number(/№(\d+)/.exec(name)?.[1]);
}

test('pay an order through the sandbox: success, the order no longer waits, money unchanged', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/payments');
  await expect(page).toHaveURL(/\/payments\/pay$/);
  await expect(page.getByRole('heading', { name: 'Заказы, ожидающие оплаты' })).toBeVisible();
  await expect(headerMoney(page)).toHaveText(nbsp('2 450 ₽'));
  await expectNoAxeViolations(page);

  const topic = 'Анализ финансовой устойчивости ООО «Вектор»';
  const id = await waitingOrderId(page, topic);
  await page.getByRole('link', { name: `Оплатить заказ №${id}` }).click();
  await expect(page.getByRole('heading', { name: `Оплата заказа №${id}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Банковская карта' })).toBeChecked();
  // 4 800 ₽ ≥ 3 000: installments are offered, with their terms.
  await expect(page.getByText(nbsp('3 мес. по 1 600 ₽'), { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  const pay = page.getByRole('button', { name: nbsp('Оплатить 4 800 ₽') });
  await pay.dblclick();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?status=success/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/pay$`));
  await expect(page.getByRole('heading', { name: 'Оплачено' })).toBeVisible();
  await expect(headerMoney(page)).toHaveText(nbsp('2 450 ₽'));

  await page.goto('/payments/pay');
  await expect(page.getByRole('heading', { name: 'Заказы, ожидающие оплаты' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: topic })).toHaveCount(0);
});

test('a declined payment lands on /payment?status=fail with a way back to try again', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/payments/pay');
  const id = await waitingOrderId(page, 'Реформы Петра I');
  await page.goto(`/order/${id}/pay`);
  await page.getByRole('radio', { name: 'СБП' }).check();
  await page.getByRole('button', { name: nbsp('Оплатить 1 500 ₽') }).click();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: 'Отказаться' }).click();
  await page.waitForURL(/\/payment\?status=fail/);
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Попробовать снова' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/pay$`));
  await expect(page.getByRole('button', { name: nbsp('Оплатить 1 500 ₽') })).toBeEnabled();
});

test('pay from the balances at once: bonus ≤ 30 % and money, the header updates', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/payments/pay');
  const id = await waitingOrderId(page, 'Реформы Петра I');
  await page.goto(`/order/${id}/pay`);
  await page.getByLabel(/Оплатить бонусами/).check();
  await page.getByLabel(/Списать с баланса/).check();
  await expect(page.getByRole('radio', { name: 'С баланса' })).toBeChecked();
  await page.getByRole('button', { name: 'Оплатить с баланса' }).click();
  await expect(page.getByRole('heading', { name: 'Оплачено' })).toBeVisible();
  // 1 500 ₽: 450 bonus (30 %), 1 050 from the money balance.
  await expect(headerMoney(page)).toHaveText(nbsp('1 400 ₽'));
  await expect(headerBonus(page)).toHaveText(nbsp('250 ₽'));
});

test('pay a packet of two orders', async ({ page, customer }) => {
  await signInFast(page, customer, '/payments/pay');
  await page.getByRole('checkbox', { name: /Реформы Петра I/ }).check();
  await page.getByRole('checkbox', { name: /Анализ финансовой устойчивости/ }).check();
  await expect(page.getByText(nbsp('Выбрано заказов: 2 на 6 300 ₽'))).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить вместе' }).click();
  await expect(page).toHaveURL(/\/pay-packet\/\d+$/);
  await expect(page.getByRole('heading', { name: /Оплата пакета №\d+/ })).toBeVisible();
  await expect(page.getByText('Заказов в пакете: 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: nbsp('Оплатить 6 300 ₽') }).click();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?status=success/);
  await page.getByRole('link', { name: 'Вернуться' }).click();
  await expect(page).toHaveURL(/\/pay-packet\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Оплачено' })).toBeVisible();
  await page.goto('/payments/pay');
  await expect(page.getByRole('heading', { name: 'Заказы, ожидающие оплаты' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
});

test('top up the balance: the header money grows; the history shows it', async ({ page, customer }) => {
  await signInFast(page, customer, '/payments/replenish');
  await expect(page.getByRole('heading', { name: 'Пополнение баланса' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await expect(page.getByText('Укажите сумму пополнения.')).toBeVisible();
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?status=success/);
  await page.getByRole('link', { name: 'Вернуться' }).click();
  await expect(page).toHaveURL(/\/payments\/replenish$/);
  await expect(headerMoney(page)).toHaveText(nbsp('3 450 ₽'));

  await page.getByRole('link', { name: 'История' }).click();
  await expect(page.getByRole('heading', { name: 'История операций' })).toBeVisible();
  await page.getByLabel('Вид операции').selectOption('topup');
  const rows = page.getByRole('list', { name: 'Операции' }).getByRole('listitem');
  await expect(rows.first()).toContainText(nbsp('+1 000 ₽'));
  await expect(rows.filter({ hasNotText: 'Пополнение' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel('С даты').fill('2000-01-01');
  await page.getByLabel('По дату').fill('2000-01-02');
  await expect(page.getByRole('heading', { name: 'Операций не найдено' })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`history at ${viewport.width} px: the amounts stand in one right-aligned column, each on one line`, async ({
    page,
    customer,
  }) => {
    await page.setViewportSize(viewport);
    await signInFast(page, customer, '/payments/history');
    const rows = page.getByRole('list', { name: 'Операции' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    const boxes = await rows.evaluateAll((items) =>
      items.map((li) => {
        const sum = li.lastElementChild as HTMLElement;
        const row = li.getBoundingClientRect();
        const box = sum.getBoundingClientRect();
        const style = getComputedStyle(sum);
        return {
          rowRight: row.right,
          right: box.right,
          top: box.top - row.top,
          height: box.height,
          lineHeight: parseFloat(style.lineHeight),
          numeric: style.fontVariantNumeric,
          text: sum.textContent ?? '',
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(5);
    const rights = new Set(boxes.map((b) => Math.round(b.right)));
    expect(rights.size).toBe(1);
    for (const b of boxes) {
      expect(b.text).toMatch(/^[+−]\d/);
      expect(b.numeric).toContain('tabular-nums');
      // Right edge of the row minus its padding (16 px), and never wrapped onto a second line.
      expect(b.rowRight - b.right).toBeLessThanOrEqual(17 + 1);
      expect(b.height).toBeLessThan(b.lineHeight * 1.5);
    }
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test('dark theme: the sandbox pay page is dark too, and it and /payment?status=success pass axe', async ({
  page,
  customer,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('cabinet.theme', 'dark'));
  await signInFast(page, customer, '/payments/replenish');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('Сумма, ₽').fill('700');
  await page.getByRole('button', { name: 'Пополнить' }).click();
  await page.waitForURL(/\/sandbox\//);
  await expect(page.getByRole('heading', { name: nbsp('Оплата 700 ₽') })).toBeVisible();
  // The server read the theme cookie the app wrote: the sandbox's own page is in the dark theme, not white.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(dark.color.bg));
  await expect(page.locator('main')).toHaveCSS('background-color', rgb(dark.color.surface));
  await expect(page.locator('main')).toHaveCSS('color', rgb(dark.color.text));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?status=success/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
});

test('the history follows the balance live, and a failed read offers a retry', async ({ page, customer }) => {
  await signInFast(page, customer, '/payments/history');
  const rows = page.getByRole('list', { name: 'Операции' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(nbsp('+777 ₽'))).toHaveCount(0);
  // The manager credits the balance: the socket's finances event reloads the page of history in place.
  await staff(page.request, 'POST', '/payments/credit/', { email: customer.email, money: 777 });
  await expect(rows.first()).toContainText(nbsp('+777 ₽'));

  // The next read fails: the error with "Повторить", and the retry brings the rows back.
  await page.route('**/api/client/payments/history/**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Вид операции').selectOption('topup');
  const failure = page.getByRole('heading', { name: 'Не удалось загрузить данные' });
  await expect(failure).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute('**/api/client/payments/history/**');
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(failure).toBeHidden();
  await expect(rows.first()).toContainText(nbsp('+777 ₽'));
});
