// The order form: create (live price, confirmation page, the new order in the list), server field errors at their
// fields, a draft that survives a reload, editing an order (its promo code too). Each test has its own fresh demo
// customer, whose data set holds one half-typed draft (Курсовая работа, Экономика, 25 pages, no deadline).
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInFast, test, type Customer } from './support/fixtures';

const ORDERS = '/api/client/orders/';

/** A deadline `days` from today (Moscow day), as the date input takes it. */
function dayFromNow(days: number): string {
  const msk = new Date(Date.now() + 3 * 3600_000);
  return new Date(Date.UTC(msk.getUTCFullYear(), msk.getUTCMonth(), msk.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

/** A bearer token for API set-up calls (the page signs in on its own). */
async function tokenFor(page: Page, customer: Customer): Promise<string> {
  const res = await page.request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

const cost = (page: Page) => page.getByTestId('order-cost');

test('creates an order: the price follows pages and deadline, then the confirmation page and the list', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/order-new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новый заказ' })).toBeVisible();
  // The demo draft is restored, with the way to start over.
  await expect(page.getByText('Мы восстановили ваш незаконченный заказ')).toBeVisible();
  await expect(page.getByLabel('Тема работы')).toHaveValue('Влияние инфляции на потребительский спрос');
  await expect(page.getByText('Выберите тип работы, срок и объём')).toBeVisible();

  await page.getByLabel('Срок сдачи').fill(dayFromNow(20));
  await expect(cost(page)).toBeVisible();
  const first = await cost(page).innerText();

  await page.getByLabel('Объём, страниц').fill('40');
  await expect(cost(page)).not.toHaveText(first);
  const morePages = await cost(page).innerText();

  await page.getByLabel('Срок сдачи').fill(dayFromNow(2));
  await expect(cost(page)).not.toHaveText(morePages);

  // A promo code lowers the total.
  await page.getByLabel('Промокод').fill('STUDENT10');
  await expect(page.getByText('Скидка студента 10 %')).toBeVisible();
  await expect(page.getByText('Скидка', { exact: true })).toBeVisible();

  const topic = `Рынок электромобилей ${Date.now()}`;
  await page.getByLabel('Тема работы').fill(topic);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  // Not the customer's first order: welcome, with the thank-you dialog of the root (?msg=) and its goal.
  await expect(page).toHaveURL(/\/order\/\d+\/welcome\?/);
  expect(new URL(page.url()).searchParams.get('source')).toBe('new_order');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Спасибо за заказ!');
  const goals = await page.evaluate(() => (window.__analytics ?? []).filter((e) => e.type === 'goal'));
  expect(goals).toContainEqual({ type: 'goal', name: 'order_thanks' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /Заказ №\d+ оформлен/ })).toBeVisible();
  await expect(page.getByText(topic)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Что дальше' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/home/active');
  await expect(page.getByText(topic)).toBeVisible();
});

test('a confirmation page whose read failed says why, and "Повторить" reads it again', async ({
  page,
  customer,
}) => {
  const token = await tokenFor(page, customer);
  const list = await page.request.get(ORDERS, { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await list.json()) as { results: { id: number }[] }).results[0]!.id;
  let refuse = true;
  await page.route(
    (url) => url.pathname === `${ORDERS}welcome/`,
    (route) =>
      refuse
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: '{"detail":"Заказ не найден."}',
          })
        : route.fallback(),
  );
  await signInFast(page, customer, `/order/${id}/welcome`);
  await expect(page.getByRole('heading', { level: 1, name: 'Не удалось загрузить заказ' })).toBeVisible();
  await expect(page.getByText('Заказ не найден.')).toBeVisible();
  await expectNoAxeViolations(page);

  refuse = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Заказ №${id}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти к заказу' })).toHaveAttribute('href', `/order/${id}`);
});

test("the customer's first order lands on the success page", async ({ page }) => {
  // A newly registered customer (registration signs in: the refresh cookie lands in the browser context).
  const email = `first-order-${Date.now()}@example.com`;
  const reg = await page.request.post('/api/client/profile/', {
    data: { email, password: 'first-order-pass', fio: 'Первый Заказчик', accept_terms: true },
  });
  expect(reg.status()).toBe(201);
  await page.goto('/order-new');
  await expect(page.getByText('Мы восстановили ваш незаконченный заказ')).toHaveCount(0);
  await page.getByLabel('Тип работы').selectOption('Реферат');
  await page.getByLabel('Тема работы').fill('История Древнего Рима');
  await page.getByLabel('Срок сдачи').fill(dayFromNow(10));
  await page.getByLabel('Объём, страниц').fill('12');
  await expect(cost(page)).toBeVisible();

  // An expired promo code: the server refuses the order at the promo field and stores nothing.
  const promo = page.getByLabel('Промокод');
  await promo.fill('LETO2019');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page.getByRole('link', { name: 'Срок действия промокода истёк.' })).toBeVisible();
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/order-new');
  await promo.fill('');

  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/success\?/);
  const thanks = page.getByRole('dialog', { name: 'Сообщение' });
  await expect(thanks).toBeVisible();
  const withThanks = page.url();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(thanks).toBeHidden();
  // Read and closed: the address forgets it, so a reload neither shows it nor reports its goal again.
  await expect.poll(() => new URL(page.url()).searchParams.has('msg')).toBe(false);
  await expect(page.getByText('Ваш первый заказ оформлен')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за первый заказ!' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The same page in the dark theme, with and without its thank-you dialog.
  await page.evaluate(() => localStorage.setItem('cabinet.theme', 'dark'));
  // The profile reminder is asked for once the page has painted, and may open over the thank-you dialog: axe
  // looks once that answer is in and no dialog is still fading in (a half-open backdrop reads as low contrast).
  const popupAsked = page.waitForResponse((r) => r.url().includes('/client/api/profile/profile-popup/'));
  await page.goto(withThanks);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(thanks).toBeVisible();
  await popupAsked;
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await expectNoAxeViolations(page);
  // After the reload the profile reminder may open above it: Escape closes the top dialog first.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(thanks).toBeHidden({ timeout: 500 });
  }).toPass();
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за первый заказ!' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("shows the server's field error at its field", async ({ page, customer }) => {
  await signInFast(page, customer, '/order-new');
  await page.getByRole('button', { name: 'Начать заново' }).click();
  await expect(page.getByLabel('Тема работы')).toHaveValue('');

  // Client checks first: nothing filled.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page.getByLabel('Тип работы')).toHaveAccessibleDescription(/Выберите тип работы/);

  await page.getByLabel('Тип работы').selectOption('Эссе');
  await page.getByLabel('Тема работы').fill('Ы'); // the server wants 3 characters at least
  await page.getByLabel('Срок сдачи').fill(dayFromNow(7));
  await page.getByLabel('Объём, страниц').fill('5');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  const topicField = page.getByLabel('Тема работы');
  await expect(topicField).toHaveAttribute('aria-invalid', 'true');
  await expect(topicField).toHaveAccessibleDescription('Тема — не короче 3 символов.');
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Тема — не короче 3 символов.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/order-new$/);
  await expectNoAxeViolations(page);

  // Fixing the field clears its error.
  await topicField.fill('Эссе о свободе');
  await expect(topicField).not.toHaveAttribute('aria-invalid', 'true');
});

test('a draft survives a reload, with its files; the sidebar is hidden', async ({ page, customer }) => {
  await signInFast(page, customer, '/order-continue');
  await expect(page.getByRole('heading', { level: 1, name: 'Продолжение заказа' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Основное меню' })).toHaveCount(0);

  const requirements = `Оформление по ГОСТ, шрифт 14 — ${Date.now()}`;
  await page.getByLabel('Требования к работе').fill(requirements);
  await expect(page.getByTestId('draft-status')).toHaveText('Черновик сохранён');

  // A file goes to the draft; a file of a refused type is explained.
  await page.locator('#order-files').setInputFiles({
    name: 'Методичка.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });
  // Uploaded, not only listed: a file on its way shows its progress and «Остановить загрузку» instead.
  await expect(
    page
      .getByRole('list', { name: 'Приложенные файлы' })
      .getByRole('button', { name: 'Удалить файл Методичка.pdf' }),
  ).toBeVisible();
  await page.locator('#order-files').setInputFiles({
    name: 'virus.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByRole('alert')).toContainText('Файл «virus.exe» не подходит');

  await page.reload();
  await expect(page.getByLabel('Требования к работе')).toHaveValue(requirements);
  await expect(
    page.getByRole('list', { name: 'Приложенные файлы' }).getByText('Методичка.pdf', { exact: true }),
  ).toBeVisible();

  // Typed and the tab closed at once (no pause for the debounced save): the keepalive save on leaving keeps it.
  const topic = `Тема набрана перед закрытием ${Date.now()}`;
  await page.getByLabel('Тема работы').fill(topic);
  await page.reload();
  await expect(page.getByLabel('Тема работы')).toHaveValue(topic);
  await expectNoAxeViolations(page);
});

test('edits an order: the new topic is saved and shown on the order page', async ({ page, customer }) => {
  const token = await tokenFor(page, customer);
  const created = await page.request.post(ORDERS, {
    headers: { authorization: `Bearer ${token}` },
    data: { work_type: 'Реферат', topic: 'Старая тема реферата', deadline: dayFromNow(15), pages: 10 },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { id: number } };

  // The order page first, so its copy sits in the order cache (60 000 ms) when the edit is saved.
  await signInFast(page, customer, `/order/${order.id}`);
  await expect(page.getByText('Старая тема реферата').first()).toBeVisible();
  await page.getByRole('link', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Редактирование заказа' })).toBeVisible();
  await expect(page.getByLabel('Тема работы')).toHaveValue('Старая тема реферата');
  await expect(cost(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Без проверки качества').check();
  await expect(page.getByText('Файлы будут приходить без проверки качества')).toBeVisible();

  const topic = `Новая тема реферата ${Date.now()}`;
  await page.getByLabel('Тема работы').fill(topic);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}(/chat)?$`));
  await expect(page.getByText('Изменения заказа сохранены')).toBeVisible();
  await expect(page.getByText(topic).first()).toBeVisible();
  await expect(page.getByText('Старая тема реферата')).toHaveCount(0);

  const saved = await page.request.get(`${ORDERS}${order.id}/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await saved.json()).toMatchObject({ topic, files_without_qc: true });
});

test('edits the promo code of an order: applied, the order page shows the discounted price; removed again', async ({
  page,
  customer,
}) => {
  const token = await tokenFor(page, customer);
  const auth = { authorization: `Bearer ${token}` };
  const created = await page.request.post(ORDERS, {
    headers: auth,
    data: { work_type: 'Реферат', topic: 'Реферат со скидкой', deadline: dayFromNow(15), pages: 10 },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { id: number; price: number; promo_code: null } };
  expect(order.promo_code).toBeNull();
  const money = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)}\u00a0₽`;
  // The price in the order page's header (the dd right after its 'Цена').
  const price = page
    .locator('section[aria-labelledby="order-title"] dt', { hasText: /^Цена$/ })
    .locator('xpath=following-sibling::dd[1]');
  const discounted = order.price - Math.round(order.price / 10);

  // The order page first, so its copy sits in the order cache when the edit is saved.
  await signInFast(page, customer, `/order/${order.id}`);
  await expect(price).toHaveText(money(order.price));
  await expect(page.getByTestId('order-header-promo')).toHaveCount(0);
  await page.getByRole('link', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Редактирование заказа' })).toBeVisible();
  const promo = page.getByLabel('Промокод');
  await expect(promo).toHaveValue('');
  await expect(page.getByTestId('order-total')).toHaveText(money(order.price));
  // The bonus preview belongs to a new order only (bonus roubles are spent when paying).
  await expect(page.getByLabel('Списать бонусы')).toHaveCount(0);

  await promo.fill('student10');
  await expect(page.getByText('Скидка студента 10 %')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(money(discounted));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}(/chat)?$`));
  await expect(page.getByText('Изменения заказа сохранены')).toBeVisible();
  await expect(price).toHaveText(money(discounted));
  await expect(page.getByTestId('order-header-promo')).toHaveText('С промокодом STUDENT10');
  const saved = await page.request.get(`${ORDERS}${order.id}/`, { headers: auth });
  expect(await saved.json()).toMatchObject({ price: discounted, promo_code: 'STUDENT10' });

  // Edit again: the field shows the stored code; clearing it removes the discount.
  await page.getByRole('link', { name: 'Редактировать' }).click();
  await expect(promo).toHaveValue('STUDENT10');
  await expect(page.getByTestId('order-total')).toHaveText(money(discounted));
  await promo.fill('');
  await expect(page.getByTestId('order-total')).toHaveText(money(order.price));
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}(/chat)?$`));
  await expect(price).toHaveText(money(order.price));
  await expect(page.getByTestId('order-header-promo')).toHaveCount(0);
  const removed = await page.request.get(`${ORDERS}${order.id}/`, { headers: auth });
  expect(await removed.json()).toMatchObject({ price: order.price, promo_code: null });
});

test("a non-editable order shows the server's message", async ({ page, customer }) => {
  const token = await tokenFor(page, customer);
  const list = await page.request.get(`${ORDERS}?tab=active&page_size=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { results } = (await list.json()) as { results: { id: number; status: { id: number } }[] };
  const inWork = results.find((o) => o.status.id === 4);
  test.skip(!inWork, 'the demo set has no order in work');
  await signInFast(page, customer, `/order/${inWork!.id}/edit`);
  await expect(page.getByText('Этот заказ уже в работе или в архиве')).toBeVisible();
  await page.getByLabel('Тема работы').fill('Попытка изменить тему');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByRole('alert').first()).toContainText(
    'Заказ уже в работе, редактирование недоступно.',
  );
  await expect(page).toHaveURL(new RegExp(`/order/${inWork!.id}/edit$`));
});
