import { stat } from 'node:fs/promises';
import { expect, expectNoAxeViolations, signInFast, staff, test, type Customer } from './support/fixtures';
import type { APIRequestContext } from '@playwright/test';

interface Listed {
  id: number;
  topic: string;
  is_trash: boolean;
  status: { id: number; title: string };
}

async function orderId(request: APIRequestContext, customer: Customer, match: (o: Listed) => boolean) {
  const list = await staff<{ results: Listed[] }>(
    request,
    'GET',
    `/orders/?email=${encodeURIComponent(customer.email)}`,
  );
  const order = list.results.find(match);
  if (!order) throw new Error('no such order in the demo data');
  return order.id;
}

/** The demo order awaiting payment, with a chat. */
const topic = 'Анализ финансовой устойчивости ООО «Вектор»';

/** Tomorrow in Moscow as 'YYYY-MM-DD' (the rework deadline minimum). */
function tomorrowMsk() {
  return new Date(Date.now() + 3 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
}

test('an order opens from the list with its header and tabs', async ({ page, customer }) => {
  await signInFast(page, customer, '/home');
  await page.getByRole('link', { name: 'Анализ финансовой устойчивости ООО «Вектор»' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: /Заказ №\d+/ })).toBeVisible();
  await expect(page.getByText('Ожидает оплаты').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', /\/order\/\d+\/pay$/);
  await expect(page.getByRole('link', { name: 'Редактировать' })).toHaveAttribute(
    'href',
    /\/order\/\d+\/edit$/,
  );
  const tabs = page.getByRole('navigation', { name: 'Разделы заказа' });
  await tabs.getByRole('link', { name: /Файлы/ }).click();
  await expect(page).toHaveURL(/\/files$/);
  await tabs.getByRole('link', { name: /Доработки/ }).click();
  await expect(page).toHaveURL(/\/reworks$/);
});

test('an order pressed in the list shows its row at once, and the rest once the order arrives', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic === topic);
  await signInFast(page, customer, '/home');
  // The order's own read is held back until the test lets it go.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/api/client/orders/${id}/`,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.getByRole('link', { name: topic }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/chat$`));
  const header = page.getByRole('region', { name: `Заказ №${id}` });
  // From the row: the number, status, topic and facts the list showed; the rest is a placeholder meanwhile.
  await expect(header).toHaveAttribute('aria-busy', 'true');
  await expect(header.getByText('Ожидает оплаты')).toBeVisible();
  await expect(header.getByText(topic)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Оплатить' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  release();
  await expect(header).not.toHaveAttribute('aria-busy', 'true');
  await expect(header.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', `/order/${id}/pay`);
  await expect(
    page.getByRole('navigation', { name: 'Разделы заказа' }).getByRole('link', { name: /Файлы/ }),
  ).toContainText(/\d/);
});

test('an order archived elsewhere, opened from a list that still showed it, lands on the archive tab', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic === topic);
  await signInFast(page, customer, '/home');
  await expect(page.getByRole('link', { name: topic })).toBeVisible();
  // Another tab deletes it after this list was read.
  const login = await request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  const { access } = (await login.json()) as { access: string };
  const deleted = await request.delete(`/api/client/orders/${id}/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(deleted.ok()).toBe(true);
  await page.getByRole('link', { name: topic }).click();
  await expect(page).toHaveURL(/\/home\/archive$/);
  await expect(page.getByTestId('order-list')).toContainText(topic);
});

test('upload a file with progress, see it listed, and download the zip', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Продвижение бренда'));
  await signInFast(page, customer, `/order/${id}/files`);
  const files = page.getByTestId('order-files');
  await expect(page.getByRole('heading', { name: 'Файлы заказа' })).toBeVisible();

  await page.getByLabel('выберите на устройстве').setInputFiles({
    name: 'Методичка кафедры.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(300_000, 'a'),
  });
  const upload = page.getByTestId('upload').filter({ hasText: 'Методичка кафедры.pdf' });
  await expect(upload.getByRole('progressbar')).toHaveAttribute('value', '100');
  await expect(upload).toContainText('Загружено');
  await expect(files.getByText('Методичка кафедры.pdf')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать всё (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Заказ ${id}.zip`);
  expect((await stat(await download.path())).size).toBeGreaterThan(0);
});

test("a writer's file is marked reviewed (kept after a reload), a refused mark goes back, one file downloads", async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Цифровые образовательные'));
  await signInFast(page, customer, `/order/${id}/files`);
  const box = page.getByRole('checkbox', { name: 'Отметить «Глава 1 — черновик.rtf» как просмотренный' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
  await page.reload();
  await expect(box).toBeChecked();

  // The server refuses the next change: the box shows the value asked for, then goes back, with the message.
  await page.route(`**/api/client/orders/${id}/files/*/`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"detail":"Файл недоступен."}' })
      : route.fallback(),
  );
  await box.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Файл недоступен.' })).toBeVisible();
  await expect(box).toBeChecked();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать «Глава 1 — черновик.rtf»' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Глава 1 — черновик.rtf');
  await expectNoAxeViolations(page);
});

test('a refused file shows the server message and can be retried', async ({ page, request, customer }) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Анализ финансовой'));
  await signInFast(page, customer, `/order/${id}/files`);
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/orders/${id}/files/`)) posts += 1;
  });
  await page.getByLabel('выберите на устройстве').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ not a document'),
  });
  const upload = page.getByTestId('upload').filter({ hasText: 'setup.exe' });
  await expect(upload.getByRole('alert')).toContainText('setup.exe');
  await upload.getByRole('button', { name: 'Повторить загрузку «setup.exe»' }).click();
  await expect.poll(() => posts).toBe(2);
  await expect(upload.getByRole('alert')).toBeVisible();
  await upload.getByRole('button', { name: 'Убрать «setup.exe» из списка' }).click();
  await expect(upload).toHaveCount(0);
});

test('ask for a rework of a delivered order', async ({ page, request, customer }) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Продвижение бренда'));
  await signInFast(page, customer, `/order/${id}/reworks`);
  const comment = page.getByLabel('Что нужно исправить');
  await comment.fill('Коротко');
  await page.getByRole('button', { name: 'Отправить на доработку' }).click();
  await expect(page.getByText('Опишите доработку подробнее: не меньше 10 символов.')).toBeVisible();
  await expect(page.getByText('Укажите срок доработки.')).toBeVisible();

  await comment.fill('Добавьте во вторую главу анализ конкурентов и обновите выводы.');
  await page.getByLabel('Срок доработки').fill(tomorrowMsk());
  await page.getByRole('button', { name: 'Отправить на доработку' }).click();
  await expect(page.getByText('Запрос на доработку отправлен.')).toBeVisible();
  const list = page.getByTestId('reworks');
  await expect(list.getByText('Добавьте во вторую главу анализ конкурентов')).toBeVisible();
  await list.getByRole('button', { name: 'Подробнее' }).first().click();
  await expect(list.getByText('Ответ автора').first()).toBeVisible();
  // The order's status follows (realtime or the reload after the request).
  await expect(page.getByText('На доработке').first()).toBeVisible();
});

test('delete from the order page lands on the archive; restore brings it back', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Свобода воли'));
  await signInFast(page, customer, `/order/${id}/files`);
  await page.getByRole('button', { name: 'В архив' }).click();
  const dialog = page.getByRole('dialog', { name: 'Переместить заказ в архив?' });
  await dialog.getByRole('button', { name: 'В архив' }).click();
  await expect(page).toHaveURL('/home/archive');
  const row = page.getByTestId('order-list').locator(`[data-order-id="${id}"]`);
  await expect(row).toContainText('Архивный заказ');
  // The archived order's URL goes back to the archive.
  await page.goto(`/order/${id}`);
  await expect(page).toHaveURL('/home/archive');
  await page.getByRole('button', { name: `Восстановить заказ №${id}` }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`/order/${id}`);
  await expect(page).toHaveURL(`/order/${id}/chat`);
});

test('the delete confirmation closes on Back and Forward and has no axe violations in either theme', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Свобода воли'));
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
    await signInFast(page, customer, `/order/${id}/chat`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page
      .getByRole('navigation', { name: 'Разделы заказа' })
      .getByRole('link', { name: /Файлы/ })
      .click();
    await expect(page).toHaveURL(`/order/${id}/files`);
    await page.getByRole('button', { name: 'В архив' }).click();
    const dialog = page.getByRole('dialog', { name: 'Переместить заказ в архив?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    // Back to the chat tab: the order header stays, its confirmation does not.
    await page.goBack();
    await expect(page).toHaveURL(`/order/${id}/chat`);
    await expect(dialog).toBeHidden();
    await page.goForward();
    await expect(page).toHaveURL(`/order/${id}/files`);
    await expect(dialog).toBeHidden();
  }
  // Nothing was deleted on the way.
  await expect(page.getByRole('heading', { level: 1, name: `Заказ №${id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'В архив' })).toBeVisible();
});

test('an archived order URL goes to /home/archive, an unknown one to /404', async ({
  page,
  request,
  customer,
}) => {
  const trashed = await orderId(request, customer, (o) => o.is_trash);
  await signInFast(page, customer, `/order/${trashed}/files`);
  await expect(page).toHaveURL('/home/archive');
  await page.goto('/order/999999999');
  await expect(page).toHaveURL(/\/404/);
  await page.goto('/order/abc');
  await expect(page).toHaveURL(/\/404/);
});

test('the order page has no axe violations', async ({ page, request, customer }) => {
  const id = await orderId(request, customer, (o) => o.topic.startsWith('Продвижение бренда'));
  await signInFast(page, customer, `/order/${id}/files`);
  await expect(page.getByTestId('order-files')).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('navigation', { name: 'Разделы заказа' })
    .getByRole('link', { name: /Доработки/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Попросить доработку' })).toBeVisible();
  await expectNoAxeViolations(page);
});
