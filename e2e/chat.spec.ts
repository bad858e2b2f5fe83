// The order chat: optimistic sending, live staff replies over the socket, catching up after being offline, a
// failed send retried without a duplicate, attachments, accessibility.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  signInFast,
  staff,
  test,
  type Customer,
  CHAT_HISTORY_LINE,
  orderWithChat,
} from './support/fixtures';

/** Counts the socket's hellos (one per successful connect), from the first frame on. */
function trackHellos(page: Page) {
  let hellos = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ws/client/')) return;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"hello"')) hellos++;
    });
  });
  return {
    /** Resolves once `n` connections in all said hello. */
    waitFor: (n: number) => expect.poll(() => hellos, { timeout: 15_000 }).toBeGreaterThanOrEqual(n),
    count: () => hellos,
  };
}

/** Opens the chat and waits for its history and for the socket's hello. */
async function openChat(page: Page, customer: Customer, orderId: number, readyLine = CHAT_HISTORY_LINE) {
  const hellos = trackHellos(page);
  await signInFast(page, customer, `/order/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/chat$`));
  await expect(chatList(page).getByText(readyLine)).toBeVisible();
  await hellos.waitFor(1);
  return hellos;
}

const chatList = (page: Page) => page.getByTestId('chat-list');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' });
const bubble = (page: Page, text: string) => chatList(page).getByRole('article').filter({ hasText: text });
const isMessagePost = (url: URL) => /\/api\/client\/orders\/\d+\/messages\/$/.test(url.pathname);

test('a sent message shows at once, is marked sent, and is there once after a reload', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  // Hold the POST a moment so that the pending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isMessagePost, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });

  const text = `Проверьте, пожалуйста, введение ${Date.now()}`;
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(bubble(page, text)).toBeVisible();
  await expect(bubble(page, text).locator('[data-status="sending"]')).toHaveText('Отправляется');
  release();
  await expect(bubble(page, text).locator('[data-status="sent"]')).toHaveText('Отправлено');
  await page.unroute(isMessagePost);

  await page.reload();
  await expect(bubble(page, text)).toHaveCount(1);
  await expect(bubble(page, text).locator('[data-status="sent"]')).toBeVisible();
});

test('Shift+Enter makes a new line instead of sending', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  await composer(page).fill('первая строка');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('вторая');
  await expect(composer(page)).toHaveValue('первая строка\nвторая');
});

test('a reply of the writer arrives live, without a reload', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  const text = `Глава 2 готова, посмотрите ${Date.now()}`;
  await staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'writer', text });
  await expect(bubble(page, text)).toBeVisible();
  await expect(bubble(page, text)).toContainText('Автор');
  // The log region announces it to screen readers.
  await expect(page.getByRole('log')).toContainText(text);
});

test('after being offline the chat reconnects and shows what it missed', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  const hellos = await openChat(page, customer, orderId);
  await page.context().setOffline(true);
  await expect(page.getByText('Нет связи с сервером, переподключаемся…')).toBeVisible();
  const text = `Пока вас не было: правки внесены ${Date.now()}`;
  await staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'manager', text });

  const before = hellos.count();
  await page.context().setOffline(false);
  await hellos.waitFor(before + 1);
  await expect(bubble(page, text)).toBeVisible();
  await expect(bubble(page, text)).toContainText('Менеджер');
  await expect(page.getByText('Нет связи с сервером, переподключаемся…')).toHaveCount(0);
});

test('a refused send offers "Повторить" and the retry posts it once', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  // A server error fails the message; no answer at all would make it wait for the connection (offline.spec.ts).
  await page.route(isMessagePost, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { detail: 'Внутренняя ошибка сервера.' } })
      : route.continue(),
  );
  const text = `Сообщение с повтором ${Date.now()}`;
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(bubble(page, text).locator('[data-status="failed"]')).toContainText('Не отправлено');
  await page.unroute(isMessagePost);

  await bubble(page, text).getByRole('button', { name: 'Повторить' }).click();
  await expect(bubble(page, text).locator('[data-status="sent"]')).toBeVisible();
  await expect(bubble(page, text)).toHaveCount(1);
  await page.reload();
  await expect(bubble(page, text)).toHaveCount(1);
});

test('a file attached with the picker is sent with the message', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  await page.getByTestId('chat-file-input').setInputFiles({
    name: 'Замечания руководителя.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Добавить источники 2024 года.\n'),
  });
  const chip = page.getByRole('list', { name: 'Вложения' }).getByRole('listitem');
  await expect(chip).toContainText('Замечания руководителя.txt');
  await expect(page.getByRole('button', { name: 'Отправить' })).toBeEnabled();
  await composer(page).fill('Прикладываю замечания');
  await composer(page).press('Enter');

  const sent = bubble(page, 'Прикладываю замечания');
  await expect(sent.locator('[data-status="sent"]')).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Скачать Замечания руководителя.txt' })).toBeVisible();
  await page.reload();
  await expect(
    bubble(page, 'Прикладываю замечания').getByRole('button', { name: 'Скачать Замечания руководителя.txt' }),
  ).toBeVisible();
});

test('the chat has no axe violations', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await openChat(page, customer, orderId);
  await composer(page).fill('Черновик');
  await expectNoAxeViolations(page);
});

test('scrolled up, a new message shows a pill instead of moving the list', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await staff(request, 'POST', `/orders/${orderId}/messages/bulk/`, { count: 40 });
  await openChat(page, customer, orderId, 'Сообщение №40:');
  await chatList(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(chatList(page).getByText('Сообщение №40:')).not.toBeInViewport();

  const text = `Ответ, пока вы читали историю ${Date.now()}`;
  await staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'manager', text });
  const pill = page.getByRole('button', { name: 'Новое сообщение' });
  await expect(pill).toBeVisible();
  await pill.click();
  await expect(bubble(page, text)).toBeInViewport();
  await expect(pill).toHaveCount(0);
});
