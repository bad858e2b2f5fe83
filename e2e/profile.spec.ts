import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  signInFast,
  signInWithForm,
  staff,
  test,
} from './support/fixtures';

// ---- A real PNG made at test time (no fixture file): RGB, a red-and-blue gradient -------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      rows[i] = Math.round((255 * x) / width);
      rows[i + 1] = 80;
      rows[i + 2] = Math.round((255 * y) / height);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function saveGroup(page: Page, name: string) {
  const g = group(page, name);
  await g.getByRole('button', { name: 'Сохранить' }).click();
  await expect(g.getByText('Изменения сохранены')).toBeVisible();
}

async function openProfile(page: Page, customer: { email: string; password: string }) {
  await signInFast(page, customer, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(group(page, 'Личные данные').getByLabel('ФИО')).not.toHaveValue('');
}

test('every group of the profile is edited, saved and still there after a reload', async ({
  page,
  customer,
}) => {
  await openProfile(page, customer);
  await expectNoAxeViolations(page);

  // Personal: the phone gets its leading + when typed without one.
  const personal = group(page, 'Личные данные');
  const phoneDigits = `7955${String(customer.id).padStart(7, '0')}`;
  await personal.getByLabel('ФИО').fill('Петрова Мария Ивановна');
  await personal.getByLabel('Дата рождения').fill('2001-02-03');
  await personal.getByLabel('Пол').selectOption({ label: 'Мужской' });
  await personal.getByLabel('Телефон').fill(phoneDigits);
  await personal.getByLabel('Телефон').blur();
  await expect(personal.getByLabel('Телефон')).toHaveValue(`+${phoneDigits}`);
  await saveGroup(page, 'Личные данные');

  const study = group(page, 'Учёба');
  await study.getByLabel('Образование').selectOption({ label: 'Магистратура' });
  await study.getByLabel('Вуз').fill('СПбГУ');
  await study.getByLabel('Курс').selectOption('1');
  await study.getByLabel('Форма обучения').selectOption({ label: 'Заочная' });
  await study.getByLabel('Факультет, группа').fill('Юрфак, группа 12');
  await saveGroup(page, 'Учёба');

  const contacts = group(page, 'Контакты и мессенджеры');
  await contacts.getByLabel('Ник в Telegram').fill('t.me/maria_petrova');
  await contacts.getByLabel('Telegram', { exact: true }).uncheck();
  await contacts.getByLabel('Viber').check();
  await contacts.getByLabel('WhatsApp').uncheck();
  await saveGroup(page, 'Контакты и мессенджеры');
  // The server's form of the handle is shown after the save.
  await expect(contacts.getByLabel('Ник в Telegram')).toHaveValue('@maria_petrova');

  const notifications = group(page, 'Уведомления');
  await expect(notifications.getByText('Подписан', { exact: true })).toBeVisible();
  await notifications.getByLabel('SMS о статусе заказов').uncheck();
  await notifications.getByLabel('Рассылка на e-mail').uncheck();
  await saveGroup(page, 'Уведомления');
  await expect(notifications.getByText('Отписан', { exact: true })).toBeVisible();

  await page.reload();
  await expect(group(page, 'Личные данные').getByLabel('ФИО')).toHaveValue('Петрова Мария Ивановна');
  await expect(group(page, 'Личные данные').getByLabel('Дата рождения')).toHaveValue('2001-02-03');
  await expect(group(page, 'Личные данные').getByLabel('Пол')).toHaveValue('male');
  await expect(group(page, 'Личные данные').getByLabel('Телефон')).toHaveValue(`+${phoneDigits}`);
  await expect(group(page, 'Учёба').getByLabel('Образование')).toHaveValue('5');
  await expect(group(page, 'Учёба').getByLabel('Вуз')).toHaveValue('СПбГУ');
  await expect(group(page, 'Учёба').getByLabel('Курс')).toHaveValue('1');
  await expect(group(page, 'Учёба').getByLabel('Форма обучения')).toHaveValue('2');
  await expect(group(page, 'Учёба').getByLabel('Факультет, группа')).toHaveValue('Юрфак, группа 12');
  const c = group(page, 'Контакты и мессенджеры');
  await expect(c.getByLabel('Ник в Telegram')).toHaveValue('@maria_petrova');
  await expect(c.getByLabel('Telegram', { exact: true })).not.toBeChecked();
  await expect(c.getByLabel('Viber')).toBeChecked();
  await expect(c.getByLabel('WhatsApp')).not.toBeChecked();
  const n = group(page, 'Уведомления');
  await expect(n.getByLabel('SMS о статусе заказов')).not.toBeChecked();
  await expect(n.getByLabel('Рассылка на e-mail')).not.toBeChecked();
  await expect(n.getByText('Отписан', { exact: true })).toBeVisible();

  // Notifications back on: the subscription follows.
  await n.getByLabel('Рассылка на e-mail').check();
  await saveGroup(page, 'Уведомления');
  await page.reload();
  await expect(group(page, 'Уведомления').getByLabel('Рассылка на e-mail')).toBeChecked();
  await expect(group(page, 'Уведомления').getByText('Подписан', { exact: true })).toBeVisible();

  // Service notifications per kind and channel: on by default, saved apart from the newsletter.
  const kind = (name: string) => group(page, 'Уведомления').getByRole('group', { name });
  await expect(kind('Работа загружена или заказ выполнен').getByLabel('SMS')).toBeChecked();
  await expect(kind('Новое сообщение от автора или менеджера').getByLabel('E-mail')).toBeChecked();
  await expect(kind('Новое сообщение от автора или менеджера').getByLabel('SMS')).toHaveCount(0);
  await expect(
    kind('Новое сообщение от автора или менеджера').getByLabel('Push', { exact: true }),
  ).toBeChecked();
  await expect(
    group(page, 'Уведомления').getByRole('button', { name: 'Подключить этот браузер' }),
  ).toBeVisible();
  await kind('Работа загружена или заказ выполнен').getByLabel('SMS').uncheck();
  await kind('Новое сообщение от автора или менеджера').getByLabel('E-mail').uncheck();
  await saveGroup(page, 'Уведомления');
  await page.reload();
  await expect(kind('Работа загружена или заказ выполнен').getByLabel('SMS')).not.toBeChecked();
  await expect(kind('Работа загружена или заказ выполнен').getByLabel('E-mail')).toBeChecked();
  await expect(kind('Новое сообщение от автора или менеджера').getByLabel('E-mail')).not.toBeChecked();
  await expect(group(page, 'Уведомления').getByLabel('Рассылка на e-mail')).toBeChecked();
  await expectNoAxeViolations(page);
});

test('a refused save shows the server message at its field; an unset birthday is empty', async ({
  page,
  customer,
}) => {
  await openProfile(page, customer);
  const contacts = group(page, 'Контакты и мессенджеры');
  await contacts.getByLabel('Ник в Telegram').fill('ab');
  await contacts.getByRole('button', { name: 'Сохранить' }).click();
  const field = contacts.getByLabel('Ник в Telegram');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(contacts.getByText(/Ник в Telegram: от 5 до 32/)).toBeVisible();
  await expectNoAxeViolations(page);
  // Editing the field hides its message.
  await field.fill('ab_cdef');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  // A birthday cleared on the server (or one of the old placeholders) is shown as empty.
  const personal = group(page, 'Личные данные');
  await personal.getByLabel('Дата рождения').fill('');
  await saveGroup(page, 'Личные данные');
  await page.reload();
  await expect(group(page, 'Личные данные').getByLabel('Дата рождения')).toHaveValue('');
});

test('the avatar is previewed, uploaded and deleted', async ({ page, customer }) => {
  await openProfile(page, customer);
  const card = page.getByRole('region', { name: 'Фото профиля' });
  await card
    .getByLabel('Выбрать фото')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(60, 30) });

  const preview = card.getByRole('img', { name: 'Так будет выглядеть фото' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await card.getByLabel('Вписать целиком').check();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Загрузить' }).click();

  const avatar = card.getByRole('img', { name: 'Фото профиля' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/client\/api\/profile\/avatar\/400\/[0-9a-f]{32}\.webp$/);
  // The picture itself is served and decodes.
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Фото профиля' }).getByRole('button', { name: 'Удалить фото' }),
  ).toBeVisible();
  await page
    .getByRole('region', { name: 'Фото профиля' })
    .getByRole('button', { name: 'Удалить фото' })
    .click();
  await expect(
    page.getByRole('region', { name: 'Фото профиля' }).getByRole('button', { name: 'Удалить фото' }),
  ).toBeHidden();
  await expect(page.getByRole('region', { name: 'Фото профиля' }).locator('img')).toHaveCount(0);
  const res = await page.request.get('/api/client/profile/avatar/', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(await res.json()).toEqual({ avatars: {} });
});

async function accessToken(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'cabinet_access')?.value ?? '';
}

test('the e-mail changes only through the link sent to the new address', async ({
  page,
  request,
  customer,
}) => {
  await openProfile(page, customer);
  await page.getByRole('link', { name: 'Изменить e-mail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Изменение e-mail' })).toBeVisible();
  await expect(page.getByRole('main').getByText(customer.email)).toBeVisible();
  await expectNoAxeViolations(page);

  const newEmail = `changed-${customer.id}@example.com`;
  await page.getByLabel('Новый e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('heading', { name: 'Проверьте почту' })).toBeVisible();
  await expect(page.getByText(`Мы отправили ссылку на ${newEmail}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Not yet: the profile still has the old address.
  await page.reload();
  await expect(page.getByText(`Мы отправили ссылку на ${newEmail}`)).toBeVisible();

  const outbox = await staff<{ results: { payload: { link: string } }[] }>(
    request,
    'GET',
    `/outbox/?recipient=${encodeURIComponent(newEmail)}&kind=email_change_confirm`,
  );
  const link = outbox.results[0]!.payload.link;
  expect(link).toContain('/email-edit?confirm=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail изменён' })).toBeVisible();
  await expect(page.getByText(`Теперь ваш e-mail — ${newEmail}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/email-edit$/);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'В профиль' }).click();
  await expect(page.getByRole('region', { name: 'Фото профиля' }).getByText(newEmail)).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Не удалось подтвердить e-mail' })).toBeVisible();
  await expect(page.getByText('По этой ссылке уже перешли: новый адрес подтверждён.')).toBeVisible();
});

test('the e-mail form checks the address itself and shows the server refusal at the field', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/email-edit');
  const field = page.getByLabel('Новый e-mail');
  const submit = page.getByRole('button', { name: 'Отправить ссылку' });
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/request-change/') && requests.push(r.method()));

  // The contract's checks and the address in force are told without asking the server; the field takes the focus.
  await submit.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Обязательное поле.')).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('not-an-address');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(page.getByText('Введите правильный адрес электронной почты.')).toBeVisible();
  await field.fill(` ${customer.email.toUpperCase()} `);
  await submit.click();
  await expect(page.getByText('Это ваш текущий e-mail.')).toBeVisible();
  expect(requests).toEqual([]);

  // Another customer's address: only the server knows; its refusal comes back at the field, which keeps the text.
  await field.fill(DEMO.email);
  await submit.click();
  await expect(page.getByText('Этот e-mail уже используется другим пользователем.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(DEMO.email);
  expect(requests).toEqual(['POST']);
  // Editing the address hides the refusal.
  await field.pressSequentially('x');
  await expect(page.getByText('Этот e-mail уже используется другим пользователем.')).toHaveCount(0);
});

test('a social network is linked through the provider page', async ({ page, customer }) => {
  await openProfile(page, customer);
  const socials = page.getByRole('region', { name: 'Привязанные соцсети' });
  await socials.getByRole('button', { name: 'Привязать ВКонтакте' }).click();
  await expect(page.getByRole('heading', { name: /Тестовая привязка/ })).toBeVisible();
  await page.getByRole('button', { name: 'Привязать' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole('dialog')).toContainText('Аккаунт ВКонтакте привязан к профилю.');
  await page.getByRole('dialog').getByRole('button').first().click();
  const vk = page
    .getByRole('region', { name: 'Привязанные соцсети' })
    .getByRole('listitem')
    .filter({ hasText: 'ВКонтакте' });
  await expect(vk.getByText('Привязан')).toBeVisible();
  await expect(vk.getByRole('button')).toHaveCount(0);
});

test('the call-back request is sent, and the hourly limit is shown in the form', async ({
  page,
  customer,
}) => {
  await openProfile(page, customer);
  const card = page.getByRole('region', { name: 'Заказать обратный звонок' });
  const phone = await card.getByLabel('Телефон').inputValue();
  expect(phone).not.toBe('');
  // No phone: refused before sending, the field takes the focus; typing it back clears the message.
  await card.getByLabel('Телефон').fill('');
  await card.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(card.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Телефон')).toBeFocused();
  await card.getByLabel('Телефон').fill(phone);
  await expect(card.getByLabel('Телефон')).not.toHaveAttribute('aria-invalid', 'true');
  for (let i = 0; i < 3; i++) {
    await card.getByLabel('Удобное время').fill('после 18:00');
    await card.getByLabel('Комментарий').fill(`Вопрос ${i + 1}`);
    await card.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(card.getByText('Заявка принята. Менеджер скоро перезвонит.')).toBeVisible();
    await card.getByRole('button', { name: 'Оставить ещё одну заявку' }).click();
  }
  await card.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(card.getByRole('alert')).toContainText('Заявок уже достаточно');
  await expect(card.getByRole('alert')).toContainText('новую заявку можно оставить позже');
  await expect(page).toHaveURL(/\/profile$/);
  await expectNoAxeViolations(page);
});

test('the "complete your profile" popup invites a new customer and is dismissed for good', async ({
  page,
}) => {
  const email = `popup-${Date.now()}@example.com`;
  const res = await page.request.post('/api/client/profile/', {
    data: { email, password: 'popup-password-1', accept_terms: true },
  });
  expect(res.status()).toBe(201);
  await page.goto('/home');
  const dialog = page.getByRole('dialog', { name: 'Заполните профиль' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Заполнить профиль' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const asked = page.waitForResponse((r) => r.url().includes('/client/api/profile/profile-popup/'));
  await page.goto('/home');
  expect(await (await asked).json()).toEqual({ is_need_show: false });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the theme and hidden tips follow the customer into another browser', async ({
  page,
  browser,
  customer,
}) => {
  await signInFast(page, customer, '/home');
  const tips = page.getByRole('region', { name: 'Советы и предложения' });
  await expect(tips).toBeVisible();
  const saved =
    (body: string) => (r: { url(): string; request(): { method(): string; postData(): string | null } }) =>
      r.url().includes('/api/client/profile/session/') &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes(body);
  await Promise.all([
    page.waitForResponse(saved('"theme":"dark"')),
    page.getByRole('button', { name: 'Тёмная тема' }).click(),
  ]);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await Promise.all([
    page.waitForResponse(saved('"tipsHidden":true')),
    page.getByRole('button', { name: 'Скрыть советы' }).click(),
  ]);
  await expect(tips).toHaveCount(0);

  // A reload while the settings are still on their way: the hidden tips do not flash up (this browser remembers).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/client/profile/session/', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Здравствуйте/ })).toBeVisible();
  await expect(page.getByTestId('order-list')).toBeVisible();
  await expect(tips).toHaveCount(0);
  release();

  // A fresh browser (no localStorage): light until the customer signs in, then their dark theme, no tips.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto('/login');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
    await signInFast(second, customer, '/home');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(second.getByRole('button', { name: 'Тёмная тема' })).toHaveAttribute('aria-pressed', 'true');
    await expect(second.getByRole('region', { name: 'Советы и предложения' })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('the popup waits out the profile page, a navigation closes it for the visit only', async ({ page }) => {
  const email = `popup-nav-${Date.now()}@example.com`;
  const res = await page.request.post('/api/client/profile/', {
    data: { email, password: 'popup-password-1', accept_terms: true },
  });
  expect(res.status()).toBe(201);
  const dialog = page.getByRole('dialog', { name: 'Заполните профиль' });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Мои заказы' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog).toBeVisible();

  // Back to the profile: the invitation goes away and stays away for this visit.
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Мои заказы' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Not dismissed: the next visit asks again; "Не сейчас" dismisses it for good.
  await page.reload();
  await expect(dialog).toBeVisible();
  const dismissed = page.waitForResponse(
    (r) => r.url().includes('/api/client/profile/popup/') && r.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Не сейчас' }).click();
  expect((await dismissed).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  const asked = page.waitForResponse((r) => r.url().includes('/client/api/profile/profile-popup/'));
  await page.reload();
  expect(await (await asked).json()).toEqual({ is_need_show: false });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('too many links: the limit is explained in the form, which keeps the typed address', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/email-edit');
  await expect(page.getByLabel('Новый e-mail')).toBeVisible();
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/client/api/change-email/request-change/', {
      headers,
      data: { email: `limit-${i}-${customer.id}@example.com` },
    });
    expect(res.status()).toBe(200);
  }
  // The last link is cancelled: the page shows the form again, the limit still holds.
  expect((await page.request.delete('/client/api/change-email/request-change/', { headers })).status()).toBe(
    200,
  );
  await page.reload();
  const typed = `limit-last-${customer.id}@example.com`;
  await page.getByLabel('Новый e-mail').fill(typed);
  const refused = page.waitForResponse((r) => r.url().includes('/request-change/'));
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(429);
  // The wait the server named (the first of the five links was just sent: about 15 minutes).
  const seconds = Number(answer.headers()['retry-after']);
  expect(seconds).toBeGreaterThan(14 * 60);
  const alert = page.getByRole('alert').filter({ hasText: 'Слишком много писем со ссылкой' });
  await expect(alert).toContainText(`Попробовать снова можно через ${Math.ceil(seconds / 60)} мин`);
  await expect(page).toHaveURL(/\/email-edit$/);
  await expect(page.getByLabel('Новый e-mail')).toHaveValue(typed);
  await expectNoAxeViolations(page);
});

// The letter's link opened signed out (another device, a fresh browser): the token is the proof, so the address is
// confirmed without a sign-in, and /login says so; the link never signs anyone in. Both sizes, both themes, axe.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the confirmation link opened signed out confirms, then /login asks to sign in (${viewport.name}, ${theme})`, async ({
      page,
      request,
      customer,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
      const login = await request.post('/api/client/auth/login/', {
        data: { login: customer.email, password: customer.password },
      });
      const { access } = (await login.json()) as { access: string };
      const newEmail = `signed-out-${viewport.name}-${theme}-${customer.id}@example.com`;
      const asked = await request.post('/client/api/change-email/request-change/', {
        headers: { authorization: `Bearer ${access}` },
        data: { email: newEmail },
      });
      expect(asked.status()).toBe(200);
      const outbox = await staff<{ results: { payload: { link: string } }[] }>(
        request,
        'GET',
        `/outbox/?recipient=${encodeURIComponent(newEmail)}&kind=email_change_confirm`,
      );
      const link = outbox.results[0]!.payload.link;
      expect(link).toContain('/email-edit?confirm=');

      // This browser has never signed in: the link confirms and lands on /login with the message, token gone.
      await page.goto(link);
      await expect(page).toHaveURL(/\/login(\?|$)/);
      expect(page.url()).not.toContain('confirm');
      expect(page.url()).not.toContain('token');
      const message = page.getByRole('dialog', { name: 'Сообщение' });
      await expect(message).toContainText('Адрес подтверждён. Войдите.');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(message).toBeHidden();

      // The new address signs in now.
      await signInWithForm(page, newEmail, customer.password);
      await expect(page).toHaveURL(/\/home/);
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login/);

      // The link is single-use: opened again, it says why and offers a way out.
      await page.goto(link);
      await expect(page).toHaveURL(/\/email-confirm\?token=/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Не удалось подтвердить e-mail' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        'По этой ссылке уже перешли: новый адрес подтверждён.',
      );
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Войти' }).click();
      await expect(page).toHaveURL(/\/login$/);

      // A link that matches nothing (cut short when copied) says so too.
      await page.goto(`${link.slice(0, -6)}AAAAAA`);
      await expect(page.getByRole('alert')).toContainText('проверьте, что она скопирована из письма целиком');
      await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Femail-edit$/);
    });
  }
}

test('a pending change is sent to another address or cancelled; a refused one keeps the address', async ({
  page,
  customer,
}) => {
  await signInFast(page, customer, '/email-edit');
  const first = `first-${customer.id}@example.com`;
  await page.getByLabel('Новый e-mail').fill(first);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText(`Мы отправили ссылку на ${first}`)).toBeVisible();

  // Another address: the form closes once the new link is sent.
  const second = `second-${customer.id}@example.com`;
  await page.getByRole('button', { name: 'Указать другой адрес' }).click();
  await page.getByLabel('Новый e-mail').fill(second);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText(`Мы отправили ссылку на ${second}`)).toBeVisible();
  await expect(page.getByLabel('Новый e-mail')).toHaveCount(0);

  // Taken by the customer's own address: refused at the field, the form stays with the typed text.
  await page.getByRole('button', { name: 'Указать другой адрес' }).click();
  await page.getByLabel('Новый e-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Это ваш текущий e-mail.')).toBeVisible();
  await expect(page.getByLabel('Новый e-mail')).toHaveValue(customer.email);
  await page.getByRole('link', { name: 'В профиль' }).click();
  await page.goto('/email-edit');

  // Cancelled: the form is back, also after a reload.
  await page.getByRole('button', { name: 'Отменить смену' }).click();
  await expect(page.getByLabel('Новый e-mail')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Новый e-mail')).toBeVisible();
  await expect(page.getByText(`Мы отправили ссылку на ${second}`)).toHaveCount(0);
});

test('the profile and the e-mail form pass axe in the dark theme, with field errors shown', async ({
  page,
  customer,
}) => {
  await page.addInitScript(() => localStorage.setItem('cabinet.theme', 'dark'));
  await openProfile(page, customer);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);

  const contacts = group(page, 'Контакты и мессенджеры');
  await contacts.getByLabel('Ник в Telegram').fill('ab');
  await contacts.getByRole('button', { name: 'Сохранить' }).click();
  await expect(contacts.getByLabel('Ник в Telegram')).toHaveAttribute('aria-invalid', 'true');
  const callback = page.getByRole('region', { name: 'Заказать обратный звонок' });
  await callback.getByLabel('Телефон').fill('');
  await callback.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(callback.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.goto('/email-edit');
  await page.getByLabel('Новый e-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByLabel('Новый e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
});
