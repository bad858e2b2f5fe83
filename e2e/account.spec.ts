// The customer's own account (issue 25): "Мои данные" — ask for a copy in the profile, watch it being built by the
// server's job, download the ZIP with the session and find an order, a message and an uploaded file inside.
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import {
  expect,
  expectNoAxeViolations,
  signedInWithSocket,
  signInFast,
  signInWithForm,
  staffHeaders,
  test,
} from './support/fixtures';

/** A ZIP's entries, read from its central directory (stored or deflated, as archiver writes them). */
function unzip(buf: Buffer): Map<string, Buffer> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const out = new Map<string, Buffer>();
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = buf.readUInt16LE(eocd + 10); i > 0; i--) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const skip = nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    out.set(
      buf.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
      method === 8 ? inflateRawSync(raw) : raw,
    );
    p += 46 + skip;
  }
  return out;
}

test('Мои данные: request a copy, wait for it, download it and find an order, a message and a file', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/profile');
  const card = page.getByRole('region', { name: 'Мои данные' });
  await card.getByRole('button', { name: 'Подготовить копию данных' }).click();
  // The job runs on the server's runner (polled every second); the card follows it.
  await expect(card.getByText(/^Копия готова\. Скачать её можно до /)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/Новую копию можно запросить .*не чаще раза в сутки/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Подготовить копию данных' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Скачать ZIP' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Мои данные \d{4}-\d\d-\d\d\.zip$/);
  const zip = unzip(await readFile(await download.path()));
  expect([...zip.keys()]).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'orders.json']));
  const orders = JSON.parse(zip.get('orders.json')!.toString('utf8')) as {
    topic: string;
    messages: { text: string }[];
    files: { in_this_zip: string | null }[];
  }[];
  expect(orders.some((o) => o.topic === 'Анализ финансовой устойчивости ООО «Вектор»')).toBe(true);
  expect(orders.flatMap((o) => o.messages).some((m) => m.text.includes('8–10 статей на английском'))).toBe(
    true,
  );
  const own = orders
    .flatMap((o) => o.files)
    .find((f) => f.in_this_zip?.endsWith('Методические указания.txt'));
  expect(zip.get(own!.in_this_zip!)!.toString('utf8')).toContain('Методические указания');
  expect(JSON.parse(zip.get('profile.json')!.toString('utf8')).email).toBe(customer.email);

  // The e-mail carries the link to the profile, where the session downloads it.
  const res = await page.request.get(
    `/api/staff/outbox/?recipient=${encodeURIComponent(customer.email)}&kind=data_export`,
    {
      headers: staffHeaders('GET', '/outbox/'),
    },
  );
  const { results } = (await res.json()) as { results: { body: string }[] };
  expect(results[0]!.body).toMatch(/\/profile\?export=\d+/);
});

const CLOSED = /Аккаунт закрыт\. Данные будут удалены \d\d\.\d\d\.\d{4}/;

test('close the account, see sign-in refused with the date, and cancel the closing within the grace period', async ({
  browser,
  page,
  customer,
}) => {
  test.slow(); // two sign-ins, a closing and a reopening: a long walk on a shared machine
  // Open elsewhere too: another tab of this browser, and another device.
  const otherTab = await page.context().newPage();
  await signedInWithSocket(otherTab, customer, '/orders');
  const device = await browser.newContext({ locale: 'ru-RU' });
  const otherDevice = await device.newPage();
  await signedInWithSocket(otherDevice, customer, '/home');
  await signInFast(page, customer, '/profile');
  const card = page.getByRole('region', { name: 'Закрыть аккаунт' });
  // Told first: the balance (with the way to withdraw it) and the orders in progress.
  await expect(card.getByText(/^На балансе .*\s₽ и .* бонусов\./)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Вывести деньги' })).toBeVisible();
  await expect(card.getByText(/^У вас есть заказы? в работе/)).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByLabel('Пароль', { exact: true }).fill(customer.password);
  await card.getByRole('button', { name: 'Закрыть аккаунт' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть аккаунт' }).click();
  // The server insists on both acknowledgements.
  await expect(
    card.getByText('На балансе остались деньги. Выведите их или подтвердите, что отказываетесь от них.'),
  ).toBeVisible();
  await card.getByLabel('Я отказываюсь от остатка на балансе').check();
  await card.getByLabel('Я понимаю, что заказы в работе останутся без меня').check();
  await card.getByRole('button', { name: 'Закрыть аккаунт' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть аккаунт' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('dialog')).toContainText(CLOSED);
  // The other tab and the other device did nothing: their sockets said why, with the same date.
  for (const other of [otherTab, otherDevice]) {
    await expect(other).toHaveURL(/\/login\?/);
    await expect(other.getByRole('dialog')).toContainText(CLOSED);
  }
  await device.close();
  await otherTab.close();

  // Signing in is refused with the erasure date and the way to cancel.
  await page.goto('/login');
  await signInWithForm(page, customer.email, customer.password);
  await expect(
    page.getByText(/^Аккаунт закрыт\. Его данные будут удалены \d+ \S+ \d{4}, \d\d:\d\d\./),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Отменить закрытие' }).click();
  await expect(page).toHaveURL(/\/account-reopen/);
  // The page itself, not only its address: /login's fields have the same labels, and a password typed while they
  // are still on screen goes with them (the reopening then went with an empty one).
  await expect(page.getByRole('heading', { level: 1, name: 'Отменить закрытие аккаунта' })).toBeVisible();
  // The login typed on /login comes along.
  await expect(page.getByLabel(/e-mail или телефон/i)).toHaveValue(customer.email);
  await page.getByLabel(/^пароль/i).fill(customer.password);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Отменить закрытие' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('dialog')).toContainText('Закрытие отменено, аккаунт снова открыт. Войдите.');
  await page.getByRole('button', { name: 'Понятно' }).click();
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/home/);
});

test('14 days after the closing (the erasure run ahead of the clock) the data are gone', async ({
  page,
  request,
  customer,
}) => {
  const login = await request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  const { access } = (await login.json()) as { access: string };
  const closed = await request.post('/api/client/profile/close/', {
    headers: { authorization: `Bearer ${access}` },
    data: { password: customer.password, forfeit_balance: true, orders_acknowledged: true },
  });
  expect(closed.status()).toBe(200);
  const eraseHeaders = staffHeaders('POST', '/test/erase-due/');
  // One day early: nothing is erased yet, and the closing can still be cancelled.
  const early = await request.post('/api/staff/test/erase-due/', {
    headers: eraseHeaders,
    data: { after_ms: 13 * 86_400_000 },
  });
  expect(await early.json()).toEqual({ erased: 0 });
  const due = await request.post('/api/staff/test/erase-due/', {
    headers: eraseHeaders,
    data: { after_ms: 14 * 86_400_000 + 60_000 },
  });
  expect(((await due.json()) as { erased: number }).erased).toBeGreaterThanOrEqual(1);

  await page.goto('/login');
  await signInWithForm(page, customer.email, customer.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText('Аккаунт закрыт');
  await expect(page.getByRole('link', { name: 'Отменить закрытие' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
});
