// The in-page viewer (docs/features.md "File preview"): PDF, DOCX, image and text from the files tab and
// from a chat attachment, with the keyboard; the hostile files render harmlessly; axe on the open viewer.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { makeDocx, makePdf } from '../tests/fixtures/preview-files';
import {
  expect,
  expectNoAxeViolations,
  orderWithChat,
  signInFast,
  staff,
  staffHeaders,
  test,
} from './support/fixtures';

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The writer's files, one call each (kind: intermediate), in this order. */
async function writerFiles(request: APIRequestContext, orderId: number, files: Upload[]) {
  for (const file of files) {
    const res = await request.fetch(`/api/staff/orders/${orderId}/files/`, {
      method: 'POST',
      headers: staffHeaders('POST', `/orders/${orderId}/files/`),
      multipart: { kind: 'intermediate', file },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const png = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

const FILES = async (): Promise<Upload[]> => [
  { name: 'Глава 1.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 3 }) },
  {
    name: 'Глава 2.docx',
    mimeType: 'application/octet-stream',
    buffer: makeDocx({ title: 'Глава вторая', lines: ['Анализ источников по теме.'] }),
  },
  { name: 'Схема.png', mimeType: 'image/png', buffer: await png() },
  {
    name: 'Заметки.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('План: введение, две главы, заключение.'),
  },
  {
    name: 'Расчёты.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('PK\x03\x04 not a sheet'),
  },
];

const viewer = (page: Page) => page.getByTestId('file-viewer');

/** Nothing from outside our origin is requested, and no dialog (alert) opens. */
function watchForEscapes(page: Page, base: string) {
  const outside: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { outside, dialogs };
}

test('files tab: preview a PDF, a DOCX, an image and a TXT with the keyboard; others offer the download', async ({
  page,
  request,
  customer,
  baseURL,
}) => {
  const orderId = await orderWithChat(request, customer);
  await writerFiles(request, orderId, await FILES());
  const escapes = watchForEscapes(page, baseURL!);
  await signInFast(page, customer, `/order/${orderId}/files`);

  const opener = page.getByRole('button', { name: 'Просмотр: Глава 1.pdf' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = viewer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Глава 1.pdf' })).toBeVisible();
  // PDF: the first page drawn on a canvas, its text selectable in the text layer.
  const first = dialog.locator('[data-page="1"][data-rendered="true"]');
  await expect(first.locator('canvas')).toBeVisible();
  await expect(first.locator('.textLayer')).toContainText('Kursovaya rabota, stranica 1');
  await expect(dialog.getByText('Страниц: 3')).toBeVisible();
  await expectNoAxeViolations(page);

  // → DOCX, converted.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: 'Глава 2.docx' })).toBeVisible();
  const docx = dialog.getByTestId('preview-docx');
  await expect(docx.getByRole('heading', { name: 'Глава вторая' })).toBeVisible();
  await expect(docx).toContainText('Анализ источников по теме.');

  // → the image, fitted; zoom in and back to fit.
  await page.keyboard.press('ArrowRight');
  const image = dialog.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const fitted = await dialog.getByTestId('preview-zoom').textContent();
  await dialog.getByRole('button', { name: 'Увеличить' }).click();
  await expect(dialog.getByTestId('preview-zoom')).not.toHaveText(fitted!);
  expect((await image.boundingBox())!.width).toBeGreaterThan(600);
  await dialog.getByRole('button', { name: 'По размеру окна' }).click();
  await expect(dialog.getByTestId('preview-zoom')).toHaveText(fitted!);
  await expectNoAxeViolations(page);

  // → the text; ← back to the image; → → a type without a viewer: the download.
  await dialog.getByRole('button', { name: 'Следующий файл' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('preview-text')).toHaveText('План: введение, две главы, заключение.');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByTestId('preview-image')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: 'Расчёты.xlsx' })).toBeVisible();
  await expect(dialog.getByText('Этот файл нельзя просмотреть в кабинете')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Скачать' }).last().click();
  expect((await download).suggestedFilename()).toBe('Расчёты.xlsx');

  // Esc closes; focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(escapes).toEqual({ outside: [], dialogs: [] });
});

test('a chat attachment opens in the viewer', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  const login = await request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  const { access } = (await login.json()) as { access: string };
  const auth = { authorization: `Bearer ${access}` };
  const up = await request.fetch('/api/client/orders/ajax-files/', {
    method: 'POST',
    headers: auth,
    multipart: {
      file: {
        name: 'Вопросы.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Вопрос про список литературы.'),
      },
    },
  });
  expect(up.status()).toBe(201);
  const { id } = (await up.json()) as { id: number };
  const sent = await request.post(`/api/client/orders/${orderId}/messages/`, {
    headers: auth,
    data: { text: 'Посмотрите вопросы', client_id: randomUUID(), file_ids: [id] },
  });
  expect(sent.status()).toBe(201);

  await signInFast(page, customer, `/order/${orderId}/chat`);
  const opener = page.getByRole('button', { name: 'Просмотр: Вопросы.txt' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(viewer(page).getByTestId('preview-text')).toHaveText('Вопрос про список литературы.');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
  await expect(opener).toBeFocused();
});

test('hostile files render harmlessly: a PDF with JavaScript and link actions, a DOCX with scripts and external URLs', async ({
  page,
  request,
  customer,
  baseURL,
}) => {
  const orderId = await orderWithChat(request, customer);
  await writerFiles(request, orderId, [
    { name: 'Вредный.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1, hostile: true }) },
    { name: 'Вредный.docx', mimeType: 'text/html', buffer: makeDocx({ hostile: true }) },
  ]);
  const escapes = watchForEscapes(page, baseURL!);
  await signInFast(page, customer, `/order/${orderId}/files`);

  await page.getByRole('button', { name: 'Просмотр: Вредный.pdf' }).click();
  const dialog = viewer(page);
  await expect(dialog.locator('[data-page="1"][data-rendered="true"] canvas')).toBeVisible();
  // No link layer: the URI and Launch actions are not reachable.
  await expect(dialog.locator('a')).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  const docx = dialog.getByTestId('preview-docx');
  await expect(docx).toContainText('Конец документа.');
  // The script is text, never an element; no handler, no link target, no outside image.
  await expect(docx).toContainText('<script>window.__pwned=1</script>');
  expect(
    await docx.evaluate((el) => ({
      scripts: el.querySelectorAll('script, iframe, object, embed, style').length,
      handlers: [...el.querySelectorAll('*')].filter((n) =>
        [...n.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      hrefs: [...el.querySelectorAll('[href]')].map((a) => a.getAttribute('href')),
      srcs: [...el.querySelectorAll('[src]')].map((a) => a.getAttribute('src')),
    })),
  ).toEqual({ scripts: 0, handlers: 0, hrefs: [], srcs: [] });
  await expect(docx.getByText('Внешняя ссылка')).toBeVisible();
  await page.waitForTimeout(300); // give a stray request or handler the time to show itself
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(escapes).toEqual({ outside: [], dialogs: [] });
});

test("a rework's file opens in the viewer", async ({ page, request, customer }) => {
  const list = await staff<{ results: { id: number; topic: string }[] }>(
    request,
    'GET',
    `/orders/?email=${encodeURIComponent(customer.email)}`,
  );
  const order = list.results.find((o) => o.topic === 'Решение задач по теории вероятностей');
  if (!order) throw new Error('the demo order with a rework is missing');
  await signInFast(page, customer, `/order/${order.id}/reworks`);
  await page.getByTestId('reworks').getByRole('button', { name: 'Подробнее' }).first().click();
  const opener = page.getByRole('button', { name: 'Просмотр: Замечания преподавателя.txt' });
  await opener.click();
  await expect(viewer(page).getByTestId('preview-text')).toHaveText('Задача 4: D(X) посчитана с ошибкой.');
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toBeHidden();
  await expect(opener).toBeFocused();
});
